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
}
