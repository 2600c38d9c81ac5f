package dev.forkline.views.data;

import dev.forkline.views.concurrent.Progress;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An import refused because the store holds the trace with other events (the file of a session imported while it was
 * still going on, grown since); nothing was changed. The file as it was read and checked may be kept with the refusal,
 * so that storing it in place of the stored trace ({@link #storeReplacing}) does not read and check it again: for a
 * file of a million events that is half a minute. Whoever catches it {@link #close}s it when the offer is declined.
 */
public final class StoredOtherwiseException extends IOException implements AutoCloseable {

    /** The file as read and checked, ready to be stored in place of the stored trace. */
    interface KeptRead {
        ImportResult storeReplacing(Progress progress) throws IOException;

        /** Lets the read go (its events' spill file, its columns). */
        void close();
    }

    private final transient Path path;
    private transient KeptRead kept;

    StoredOtherwiseException(Path path, String message, Throwable cause, KeptRead kept) {
        super(message, cause);
        this.path = path;
        this.kept = kept;
    }

    /** The trace file (or bundle folder) that was read. */
    public Path path() {
        return path;
    }

    /**
     * Stores the file as it was read in place of the stored trace, as {@code forkline import --replace} does after
     * reading it again: refused, nothing changed, for a trace on legal hold, a file that failed its check, or a trace
     * holding what was made of it in Forkline (forks, replays, reverts, decisions) that the file lacks. Once: the read
     * is let go after.
     */
    public ImportResult storeReplacing(Progress progress) throws IOException {
        KeptRead taken = take();
        if (taken == null) {
            throw new IllegalStateException("the read of " + path + " was stored or let go already");
        }
        try {
            return taken.storeReplacing(progress);
        } finally {
            taken.close();
        }
    }

    @Override
    public void close() {
        KeptRead taken = take();
        if (taken != null) {
            taken.close();
        }
    }

    /** The kept read, for one caller only: null once stored or let go. */
    private synchronized KeptRead take() {
        KeptRead taken = kept;
        kept = null;
        return taken;
    }
}
