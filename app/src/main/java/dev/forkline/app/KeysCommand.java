package dev.forkline.app;

import dev.forkline.trace.decision.KeyProtection;
import dev.forkline.trace.decision.OwnerKey;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.PublicKeyFile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "Owners' decision keys (Ed25519, protected by a passphrase), kept in $XDG_CONFIG_HOME/forkline/owners/.",
        subcommands = {KeysCommand.Init.class, KeysCommand.Protect.class, KeysCommand.ListKeys.class, KeysCommand.Export.class,
                KeysCommand.Trust.class})
final class KeysCommand {

    /** A command that sets a passphrase on an owner's key: asks for it (twice), applies it, and wipes it from memory. */
    abstract static class WithNewPassphrase implements Callable<Integer> {
        @Option(names = "--owner", required = true, paramLabel = "NAME")
        String owner;
        @Option(names = "--passphrase-file", paramLabel = "FILE",
                description = "Read the passphrase from FILE's first line instead of the terminal (CI only; see docs/decisions.md).")
        Path passphraseFile;
        @Spec
        CommandSpec spec;

        /** Refuses, with a {@link UserInputException}, an owner whose key is not in the state this command needs. */
        abstract void check(OwnerKeys ring) throws java.io.IOException;

        abstract OwnerKey apply(OwnerKeys ring, char[] passphrase) throws java.io.IOException;

        abstract String done(OwnerKeys ring, OwnerKey key);

        @Override
        public Integer call() throws Exception {
            OwnerKeys ring = KeyRing.open();
            check(ring);
            char[] passphrase = Passphrases.of(passphraseFile).toSetUp(owner);
            try {
                spec.commandLine().getOut().println(done(ring, apply(ring, passphrase)));
            } catch (IllegalArgumentException e) {
                throw new UserInputException(e.getMessage());
            } finally {
                Arrays.fill(passphrase, '\0');
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "init", mixinStandardHelpOptions = true,
            description = "Set up an owner's decision key: a new Ed25519 key pair whose private half is encrypted with a passphrase "
                    + "(asked twice on the terminal). Refuses an owner who already has a key.")
    static final class Init extends WithNewPassphrase {
        @Override
        void check(OwnerKeys ring) throws java.io.IOException {
            if (ring.protection(owner) != KeyProtection.NONE) {
                throw new UserInputException("'" + owner + "' already has a key (" + ring.ownerDirectory(owner) + ")"
                        + (ring.protection(owner) == KeyProtection.UNPROTECTED ? ", not protected: forkline keys protect --owner " + owner : ""));
            }
        }

        @Override
        OwnerKey apply(OwnerKeys ring, char[] passphrase) throws java.io.IOException {
            return ring.create(owner, passphrase);
        }

        @Override
        String done(OwnerKeys ring, OwnerKey key) {
            return String.format("%s: decision key of %s set up, %s (protected by your passphrase; share the public "
                    + "key with 'forkline keys export --owner %s --out FILE')", ring.ownerDirectory(owner), owner, key.fingerprint(), owner);
        }
    }

    @Command(name = "protect", mixinStandardHelpOptions = true,
            description = "Encrypt an owner's key written by an older Forkline (unprotected) with a passphrase, in place: the same "
                    + "key, so its decisions still verify.")
    static final class Protect extends WithNewPassphrase {
        @Override
        void check(OwnerKeys ring) throws java.io.IOException {
            if (ring.protection(owner) == KeyProtection.PASSPHRASE) {
                throw new UserInputException("the key of '" + owner + "' is already protected by a passphrase");
            }
            if (ring.protection(owner) == KeyProtection.NONE) {
                throw new UserInputException("'" + owner + "' has no key to protect: set one up with forkline keys init --owner " + owner);
            }
        }

        @Override
        OwnerKey apply(OwnerKeys ring, char[] passphrase) throws java.io.IOException {
            return ring.protect(owner, passphrase);
        }

        @Override
        String done(OwnerKeys ring, OwnerKey key) {
            return String.format("%s: key of %s (%s) now protected by your passphrase", ring.ownerDirectory(owner), owner, key.fingerprint());
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "The owners with a key of their own here, their fingerprints and protection.")
    static final class ListKeys implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            OwnerKeys ring = KeyRing.open();
            var out = spec.commandLine().getOut();
            for (String owner : ring.owners()) {
                KeyProtection protection = ring.protection(owner);
                out.printf("%s\t%s\t%s%n", owner, ring.publicKey(owner).fingerprint(),
                        protection == KeyProtection.PASSPHRASE ? "protected" : "NOT protected (forkline keys protect --owner " + owner + ")");
            }
            if (ring.owners().isEmpty()) {
                out.println("no owner keys in " + ring.directory() + " (set one up: forkline keys init --owner NAME)");
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true, description = "Write an owner's public key (no passphrase needed; never creates a key).")
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
