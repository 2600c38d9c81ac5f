package dev.forkline.app;

import dev.forkline.trace.decision.TrustedKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The keys a command trusts for decisions: the local key ring plus any exported keys named with {@code --trust}. */
final class TrustedKeyOptions {

    private TrustedKeyOptions() {
    }

    static TrustedKeys trusted(List<Path> extraKeyFiles) throws IOException {
        return KeyRing.open().trustedKeys().and(TrustedKeys.fromFiles(extraKeyFiles));
    }
}
