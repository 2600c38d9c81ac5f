package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Sets up an owner's protected key through {@code forkline keys init}, with a passphrase file as CI would. */
final class OwnerKeySetup {

    static final String PASSPHRASE = "correct horse battery";
    /** Keys set up by the tests cost few PBKDF2 rounds (the count is stored in the file). */
    static final String ITERATIONS = "2000";

    private OwnerKeySetup() {
    }

    /** A private file holding the passphrase. */
    static Path passphraseFile(Path dir) throws Exception {
        Path file = dir.resolve("passphrase.txt");
        if (!Files.exists(file)) {
            Files.createDirectories(dir);
            Files.writeString(file, PASSPHRASE + "\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
        return file;
    }

    /** {@code forkline keys init --owner OWNER --passphrase-file FILE}; returns the file. */
    static Path init(String owner, Path dir) throws Exception {
        System.setProperty("forkline.owners.iterations", ITERATIONS);
        Path file = passphraseFile(dir);
        CliTest.Outcome done = CliTest.run("keys", "init", "--owner", owner, "--passphrase-file", file.toString());
        assertThat(done.code()).as(done.err()).isZero();
        return file;
    }

    /** {@code forkline keys protect} for an owner whose key a fixture wrote unprotected; returns the passphrase file. */
    static Path protect(String owner, Path dir) throws Exception {
        System.setProperty("forkline.owners.iterations", ITERATIONS);
        Path file = passphraseFile(dir);
        CliTest.Outcome done = CliTest.run("keys", "protect", "--owner", owner, "--passphrase-file", file.toString());
        assertThat(done.code()).as(done.err()).isZero();
        return file;
    }

    /** The owner's key ready to sign with the passphrase file: protected when a fixture wrote it plain, set up when absent. */
    static Path ready(String owner, Path dir) throws Exception {
        boolean exists = new dev.forkline.trace.decision.OwnerKeys(Path.of(System.getProperty("forkline.owners"))).hasKey(owner);
        return exists ? protect(owner, dir) : init(owner, dir);
    }
}
