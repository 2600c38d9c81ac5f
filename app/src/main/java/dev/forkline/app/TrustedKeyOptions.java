package dev.forkline.app;

import dev.forkline.trace.decision.TrustedKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The {@code --trust KEYFILE} option: a command trusts the local key ring plus any exported keys named with it. */
final class TrustedKeyOptions {

    @Option(names = "--trust", paramLabel = "KEYFILE", description = "Also trust this exported owner public key (repeatable).")
    List<Path> keyFiles = List.of();

    TrustedKeys trusted() throws IOException {
        return KeyRing.open().trustedKeys().and(TrustedKeys.fromFiles(keyFiles));
    }

    /** {@code keys}, and in a team store the owner keys it trusts ({@code forkline team trust}). */
    static TrustedKeys withStore(TrustedKeys keys, dev.forkline.trace.store.TraceStore store)
            throws dev.forkline.trace.store.StoreException {
        return store.isShared() ? keys.and(store.trustedKeys()) : keys;
    }
}
