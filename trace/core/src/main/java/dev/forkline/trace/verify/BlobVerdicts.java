package dev.forkline.trace.verify;

import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.CorruptBlobException;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What reading each referenced blob showed: each blob is read and hashed once however many events refer to it (twice,
 * rarely, when two threads ask for the same one at once). Asked from several threads; a {@link BlobSource} that does
 * not {@linkplain BlobSource#readsConcurrently read concurrently} is read by one at a time.
 */
final class BlobVerdicts {

    /** A problem with a blob ({@code missing-blob} or {@code corrupt-blob}), or {@link #INTACT}. */
    record Verdict(String code, String message) {
        static final Verdict INTACT = new Verdict("", "");
    }

    private final BlobSource blobs;
    private final ConcurrentHashMap<String, Verdict> verdicts = new ConcurrentHashMap<>();

    BlobVerdicts(BlobSource blobs) {
        this.blobs = blobs;
    }

    Verdict of(String hash) {
        Verdict known = verdicts.get(hash);
        if (known != null) {
            return known;
        }
        if (blobs.readsConcurrently()) {
            // two threads asking for the same blob at once may both read it: the verdict is the same
            Verdict read = read(hash);
            Verdict earlier = verdicts.putIfAbsent(hash, read);
            return earlier != null ? earlier : read;
        }
        synchronized (this) {
            return verdicts.computeIfAbsent(hash, this::read);
        }
    }

    /** How many distinct blobs were read. */
    int checked() {
        return verdicts.size();
    }

    private Verdict read(String hash) {
        try {
            return blobs.read(hash).isPresent() ? Verdict.INTACT : new Verdict("missing-blob", "blob " + hash + " is not in the bundle");
        } catch (CorruptBlobException e) {
            return new Verdict("corrupt-blob", e.getMessage());
        } catch (IOException e) {
            return new Verdict("missing-blob", "blob " + hash + " cannot be read: " + e.getMessage());
        }
    }
}
