package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The team store's address on the command line, and deleting, holding and retention, as a user meets them. */
class TeamStoreCliTest {

    @TempDir
    Path temp;

    @Test
    void aPasswordInTheAddressIsRefusedAsBadInput() {
        CliTest.Outcome outcome = CliTest.run("list", "--db", "postgresql://ann:secret@127.0.0.1/team");

        assertThat(outcome.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(outcome.err()).contains("must not hold a password").doesNotContain("secret");
    }

    @Test
    void aTeamStoreThatDoesNotAnswerIsTheEnvironment() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        CliTest.Outcome outcome = CliTest.run("list", "--db", "postgresql://ann@127.0.0.1:" + closedPort + "/team");

        assertThat(outcome.code()).isEqualTo(ExitCodes.ENVIRONMENT);
        assertThat(outcome.err()).contains("cannot reach the team store postgresql://ann@127.0.0.1:" + closedPort + "/team");
    }

    @Test
    void aHeldTraceIsNotDeletedUntilTheHoldIsLifted() throws Exception {
        Path bundle = CliTest.writeBundle(temp.resolve("good"));
        String db = temp.resolve("db/store").toString();
        assertThat(CliTest.run("import", bundle.toString(), "--db", db).code()).isZero();

        assertThat(CliTest.run("hold", "cli-test", "--db", db, "--reason", "litigation").out()).contains("cli-test is on legal hold");
        CliTest.Outcome refused = CliTest.run("delete", "cli-test", "--db", db);
        assertThat(refused.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(refused.err()).contains("is on legal hold").contains("litigation");
        assertThat(CliTest.run("hold", "cli-test", "--release", "--db", db).out()).contains("released the hold on cli-test");
        CliTest.Outcome deleted = CliTest.run("delete", "cli-test", "--db", db);

        assertThat(deleted.code()).isZero();
        assertThat(deleted.out()).contains("deleted cli-test (7 events, last hash sha256:");
        assertThat(CliTest.run("list", "--db", db, "--json").out().trim()).isEqualTo("[ ]");
    }
}
