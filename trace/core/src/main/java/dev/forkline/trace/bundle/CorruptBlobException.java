package dev.forkline.trace.bundle;

import dev.forkline.trace.Hashes;
import java.io.IOException;

/** A blob whose content does not hash to its name: the bundle was altered. */
public final class CorruptBlobException extends IOException {

    private final String hash;

    public CorruptBlobException(String hash, String actual) {
        super("blob " + hash + " is corrupt: its content hashes to " + actual);
        this.hash = hash;
    }

    public String hash() {
        return hash;
    }

    static void check(String hash, byte[] content) throws CorruptBlobException {
        String actual = Hashes.sha256(content);
        if (!actual.equals(hash)) {
            throw new CorruptBlobException(hash, actual);
        }
    }
}
