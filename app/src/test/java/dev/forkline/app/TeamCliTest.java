package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.testing.ThrowawayPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code forkline team ...}, {@code export} and {@code decide} against a team store, on a throwaway PostgreSQL cluster. */
class TeamCliTest {

    private static ThrowawayPostgres cluster;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    @TempDir
    Path temp;

    private String database;

    @BeforeAll
    static void startPostgres() throws Exception {
        if (ThrowawayPostgres.find().isPresent()) {
            cluster = ThrowawayPostgres.start();
            cluster.psql("postgres", "CREATE ROLE ann_owner LOGIN; CREATE ROLE bob_owner LOGIN; CREATE ROLE rex_reviewer LOGIN");
        }
    }

    @AfterAll
    static void stopPostgres() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void freshDatabaseAndKeyRing() throws Exception {
        assumeTrue(cluster != null, ThrowawayPostgres.unavailableReason());
        database = "team_cli_" + DATABASES.incrementAndGet();
        cluster.psql("postgres", "CREATE DATABASE " + database);
        System.setProperty("forkline.owners", temp.resolve("owners").toString());
    }

    @AfterEach
    void restoreKeyRing() {
        System.clearProperty("forkline.owners");
        System.clearProperty("forkline.owners.iterations");
    }

    private String as(String role) {
        return cluster.forklineUrl(role, database);
    }

    @Test
    void aReviewersDecisionIsRefusedByTheGrantsAndTheSecondOwnerIsToldWhoDecided() throws Exception {
        Path original = CliTest.writeBundle(temp.resolve("bundle"));
        assertThat(CliTest.run("import", original.toString(), "--db", as(ThrowawayPostgres.SUPERUSER)).code()).isZero();
        CliTest.Outcome init = CliTest.run("team", "init", "--db", as(ThrowawayPostgres.SUPERUSER), "--owner", "ann_owner",
                "--owner", "bob_owner", "--reviewer", "rex_reviewer");
        assertThat(init.code()).as(init.err()).isZero();
        assertThat(init.out()).contains("rex_reviewer is a reviewer");
        String passphrase = OwnerKeySetup.init("ann", temp).toString();
        OwnerKeySetup.init("bob", temp);
        OwnerKeySetup.init("rex", temp);
        Path rexCopy = copy(original, "rex");
        Path annCopy = copy(original, "ann");
        Path bobCopy = copy(original, "bob");
        String decidable = "main.3";

        CliTest.Outcome rex = CliTest.run("decide", rexCopy.toString(), "--event", decidable, "--approve", "--reason", "fine",
                "--owner", "rex", "--passphrase-file", passphrase, "--db", as("rex_reviewer"));
        assertThat(rex.code()).as(rex.out() + rex.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(rex.err()).contains("the role 'rex_reviewer' may not record decisions").contains("forkline_owner");
        assertThat(Files.readString(rexCopy.resolve("trace.jsonl"))).isEqualTo(Files.readString(original.resolve("trace.jsonl")));

        CliTest.Outcome ann = CliTest.run("decide", annCopy.toString(), "--event", decidable, "--approve", "--reason", "fine",
                "--owner", "ann", "--passphrase-file", passphrase, "--db", as("ann_owner"));
        assertThat(ann.code()).as(ann.err()).isZero();
        CliTest.Outcome bob = CliTest.run("decide", bobCopy.toString(), "--event", decidable, "--deny", "--reason", "no",
                "--owner", "bob", "--passphrase-file", passphrase, "--db", as("bob_owner"));
        assertThat(bob.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(bob.err()).contains("was decided meanwhile by ann at ").contains("your decision was not recorded");
        assertThat(Files.readString(bobCopy.resolve("trace.jsonl"))).isEqualTo(Files.readString(original.resolve("trace.jsonl")));
    }

    @Test
    void trustedKeysArePushedTracesVerifyAndAnExportedTraceVerifies() throws Exception {
        Path bundle = CliTest.writeBundle(temp.resolve("bundle"));
        String local = temp.resolve("local/store").toString();
        assertThat(CliTest.run("import", bundle.toString(), "--db", local).code()).isZero();
        OwnerKeySetup.init("ann", temp);
        Path key = temp.resolve("ann.pub");
        assertThat(CliTest.run("keys", "export", "--owner", "ann", "--out", key.toString()).code()).isZero();

        CliTest.Outcome trusted = CliTest.run("team", "trust", "--owner", "ann", "--key", key.toString(), "--db", as(ThrowawayPostgres.SUPERUSER));
        assertThat(trusted.code()).as(trusted.err()).isZero();
        assertThat(trusted.out()).contains("ann's key").contains("is trusted now");
        assertThat(CliTest.run("team", "keys", "--db", as(ThrowawayPostgres.SUPERUSER)).out()).startsWith("ann\t").contains("\t" + System.getProperty("user.name") + "\t");
        CliTest.Outcome wrongOwner = CliTest.run("team", "trust", "--owner", "bob", "--key", key.toString(), "--db", as(ThrowawayPostgres.SUPERUSER));
        assertThat(wrongOwner.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(wrongOwner.err()).contains("it is the key of owner 'ann', not of 'bob'");

        CliTest.Outcome pushed = CliTest.run("team", "push", "--db", local, "--to", as(ThrowawayPostgres.SUPERUSER));
        assertThat(pushed.code()).as(pushed.err()).isZero();
        assertThat(pushed.out()).contains("cli-test\timported\tintact");
        assertThat(CliTest.run("team", "push", "--db", local, "--to", as(ThrowawayPostgres.SUPERUSER)).out()).contains("cli-test\tunchanged\tintact");

        Path exported = temp.resolve("exported");
        CliTest.Outcome export = CliTest.run("export", "cli-test", "--db", as(ThrowawayPostgres.SUPERUSER), "--out", exported.toString());
        assertThat(export.code()).as(export.err()).isZero();
        CliTest.Outcome verified = CliTest.run("verify", exported.toString());
        assertThat(verified.code()).as(verified.out() + verified.err()).isZero();
        assertThat(Files.readString(exported.resolve("trace.jsonl"))).isEqualTo(Files.readString(bundle.resolve("trace.jsonl")));
    }

    @Test
    void pushNeedsATeamStoreToPushTo() {
        CliTest.Outcome outcome = CliTest.run("team", "push", "--db", temp.resolve("local").toString(), "--to", temp.resolve("other").toString());
        assertThat(outcome.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(outcome.err()).contains("team push copies into a team store");
    }

    private Path copy(Path bundle, String who) throws Exception {
        Path target = temp.resolve("copy-" + who);
        Files.createDirectories(target);
        try (var files = Files.walk(bundle)) {
            for (Path file : files.toList()) {
                Path to = target.resolve(bundle.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(file, to);
                }
            }
        }
        return target;
    }
}
