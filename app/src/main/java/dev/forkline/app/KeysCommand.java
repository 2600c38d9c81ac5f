package dev.forkline.app;

import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.PublicKeyFile;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "Owners' decision keys (Ed25519), kept in $XDG_CONFIG_HOME/forkline/owners/.",
        subcommands = {KeysCommand.Export.class, KeysCommand.Trust.class})
final class KeysCommand {

    @Command(name = "export", mixinStandardHelpOptions = true, description = "Write an owner's public key (creating the key pair on first use).")
    static final class Export implements Callable<Integer> {
        @Option(names = "--owner", required = true, paramLabel = "NAME")
        String owner;
        @Option(names = "--out", required = true, paramLabel = "FILE")
        Path out;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PublicKeyFile key = KeyRing.open().exportPublicKey(owner, out);
            spec.commandLine().getOut().printf("%s: public key of %s, %s%n", out, key.owner(), key.fingerprint());
            return ExitCodes.OK;
        }
    }

    @Command(name = "trust", mixinStandardHelpOptions = true, description = "Trust a public key exported by an owner, for that owner's decisions.")
    static final class Trust implements Callable<Integer> {
        @Parameters(paramLabel = "FILE")
        Path file;
        @Option(names = "--owner", paramLabel = "NAME", description = "The owner, when the file does not name one.")
        String owner;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PublicKeyFile key = KeyRing.open().importTrusted(file, owner);
            spec.commandLine().getOut().printf("trusted %s for %s%n", key.fingerprint(), key.owner());
            return ExitCodes.OK;
        }
    }
}
