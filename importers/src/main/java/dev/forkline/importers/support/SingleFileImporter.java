package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.TraceImporter;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An importer of a format kept in one regular file and recognised by the file's first bytes. A folder, a device or a
 * missing file is never accepted; a format that also comes as a folder or an archive widens {@link #accepts}.
 */
public abstract class SingleFileImporter implements TraceImporter {

    private final String format;

    protected SingleFileImporter(String format) {
        this.format = format;
    }

    @Override
    public final String format() {
        return format;
    }

    @Override
    public boolean accepts(Path path, byte[] head) {
        return Files.isRegularFile(path) && acceptsHead(new FileHead(head));
    }

    /** Whether a regular file starting with {@code head} holds this format. Must be cheap and must not throw. */
    protected abstract boolean acceptsHead(FileHead head);

    /** The session one import of {@code path} writes to. */
    protected final ImportSession newSession(Path path) {
        return new ImportSession(format, path.toString());
    }

    /** How a format's importer reads the first {@code limit} bytes of its file ({@link Long#MAX_VALUE}: all of it). */
    @FunctionalInterface
    protected interface FirstBytesReader {
        /**
         * @param sink    where the events go as they are made, or null
         * @param reading hears how far the file was read
         */
        ImportedTrace read(ImportSession session, long limit, EventBatchSink sink, BytesRead reading) throws IOException, TraceFormatException;
    }

    /**
     * Reads the whole of {@code path} with {@code reader}, telling {@code watcher} how far it got; each report comes with
     * the means to import the part read so far: its first bytes, read again into a session of its own that ends when
     * told to stop.
     */
    protected final ImportedTrace readWatched(Path path, EventBatchSink sink, ReadingWatcher watcher, FirstBytesReader reader)
            throws IOException, TraceFormatException {
        long size = Files.size(path);
        return reader.read(newSession(path), Long.MAX_VALUE, sink, bytes -> watcher.read(bytes, size, stopped -> {
            ImportSession part = newSession(path).stoppingWhen(stopped);
            return reader.read(part, bytes, null, bytesRead -> part.checkStopped());
        }));
    }
}
