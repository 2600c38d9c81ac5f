package dev.forkline.app;

import dev.forkline.trace.decision.OwnerKeys;
import java.nio.file.Path;

/**
 * The owners' key ring the commands use: the user's config directory, or {@code -Dforkline.owners=DIR} (tests, portable
 * installs). {@code -Dforkline.owners.iterations=N} lowers the passphrase's PBKDF2 cost of keys set up (tests only: the
 * count is stored in each key file).
 */
final class KeyRing {

    private KeyRing() {
    }

    static OwnerKeys open() {
        String override = System.getProperty("forkline.owners");
        Path dir = override != null && !override.isBlank() ? Path.of(override) : OwnerKeys.inUserConfig().directory();
        String iterations = System.getProperty("forkline.owners.iterations");
        return iterations == null ? new OwnerKeys(dir) : new OwnerKeys(dir, Integer.parseInt(iterations));
    }
}
