package dev.forkline.app;

import dev.forkline.trace.decision.OwnerKeys;
import java.nio.file.Path;

/** The owners' key ring the commands use: the user's config directory, or {@code -Dforkline.owners=DIR} (tests, portable installs). */
final class KeyRing {

    private KeyRing() {
    }

    static OwnerKeys open() {
        String override = System.getProperty("forkline.owners");
        return override != null && !override.isBlank() ? new OwnerKeys(Path.of(override)) : OwnerKeys.inUserConfig();
    }
}
