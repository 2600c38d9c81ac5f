package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.trace.testing.TlsDockerd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine}, {@code --tls-cert-path}, {@code replay-all} and {@code gate --replay}: argument handling without an
 * engine, and (tagged docker) real replays on a second, TLS-protected dockerd beside the main engine.
 */
class RemoteEngineCliTest {

    private static TlsDockerd second;

    @TempDir
    Path work;

    @BeforeEach
    void ownKeyRing() {
        System.setProperty("forkline.owners", work.resolve("owners").toString());
    }

    @AfterEach
    void forget() {
        System.clearProperty("forkline.owners");
        System.clearProperty("forkline.dockerHost");
    }

    @AfterAll
    static void stopTheSecondEngine() {
        if (second != null) {
            second.close();
            second = null;
        }
    }

    private static TlsDockerd secondEngine() throws Exception {
        boolean main = DockerEngine.shared().isAvailable();
        if (!main && "true".equals(System.getenv("CI"))) {
            fail("CI=true but no Docker engine answers: docker-tagged tests must run in CI");
        }
        assumeTrue(main, "no Docker engine answers: skipping the remote-engine replays (start dockerd to run them)");
        if (second == null) {
            try {
                second = TlsDockerd.start("forkline/sandbox:1");
            } catch (TlsDockerd.Unavailable e) {
                if ("true".equals(System.getenv("CI")) && "root".equals(System.getProperty("user.name"))) {
                    fail("CI=true but a second dockerd could not start: " + e.getMessage());
                }
                assumeTrue(false, "skipped: " + e.getMessage());
            }
        }
        return second;
    }

    private static int lines(Path bundle) throws Exception {
        return Files.readAllLines(bundle.resolve("trace.jsonl")).size();
    }

    @Test
    void badEngineListsAndAddressesAreExitTwoNamingTheLine() throws Exception {
        Path bundle = ReplayCliTest.copySample("wrong-tool-call", work);
        Path list = work.resolve("engines.txt");
        Files.writeString(list, "# build machines\nlocal\ntcp://build-1.example.org\n");
        var noPort = CliTest.run("replay-all", bundle.toString(), "--engines", list.toString());
        assertThat(noPort.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noPort.err()).contains(list + ":3").contains("needs a host and a port");
        Files.writeString(list, "tcp://127.0.0.1:2376 tls=missing-certs\n");
        var noCerts = CliTest.run("replay-all", bundle.toString(), "--engines", list.toString());
        assertThat(noCerts.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noCerts.err()).contains(list + ":1").contains("missing-certs").contains("ca.pem");
        var notABundle = CliTest.run("replay-all", list.toString());
        assertThat(notABundle.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(notABundle.err()).contains("is not a bundle directory");
        var twice = CliTest.run("replay-all", bundle.toString(), bundle.toString(), "--engine", "tcp://127.0.0.1:9");
        assertThat(twice.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(twice.err()).contains("given twice");
        var sshEngine = CliTest.run("replay", bundle.toString(), "--from", "cp-initial", "--engine", "ssh://me@host");
        assertThat(sshEngine.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(sshEngine.err()).contains("ssh://me@host").contains("tcp://HOST:PORT");
        var gateWithoutReplay = CliTest.run("gate", bundle.toString(), "--contract",
                ReplayCliTest.SAMPLES.resolve("recovery-contract.yaml").toString(), "--engine", "tcp://127.0.0.1:9");
        assertThat(gateWithoutReplay.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(gateWithoutReplay.err()).contains("are for gate --replay");
        assertThat(lines(bundle)).isEqualTo(lines(ReplayCliTest.SAMPLES.resolve("wrong-tool-call")));
    }

    @Test
    void anUnreachableEngineIsExitFourWithNothingAppended() throws Exception {
        Path first = ReplayCliTest.copySample("wrong-tool-call", work);
        Path other = ReplayCliTest.copySample("poisoned-artifact", work);
        int before = lines(first);
        Path list = work.resolve("engines.txt");
        Files.writeString(list, "tcp://127.0.0.1:9\n");
        var all = CliTest.run("replay-all", first.toString(), other.toString(), "--engines", list.toString());
        assertThat(all.code()).as(all.err()).isEqualTo(ExitCodes.ENVIRONMENT);
        assertThat(all.err()).contains("tcp://127.0.0.1:9");
        var single = CliTest.run("replay", first.toString(), "--from", "cp-initial", "--engine", "tcp://127.0.0.1:9");
        assertThat(single.code()).isEqualTo(ExitCodes.ENVIRONMENT);
        assertThat(lines(first)).isEqualTo(before);
    }

    @Test
    @Tag("docker")
    void aReplayOnTheTlsEngineAndACertificateItDoesNotTrust() throws Exception {
        TlsDockerd engine = secondEngine();
        Path bundle = ReplayCliTest.copySample("wrong-tool-call", work);
        int before = lines(bundle);
        var refused = CliTest.run("replay", bundle.toString(), "--from", "cp-initial", "--engine", engine.host(),
                "--tls-cert-path", engine.foreignCertificates().toString());
        assertThat(refused.code()).as(refused.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(refused.err()).contains(engine.host()).contains("TLS").contains(engine.foreignCertificates().toString());
        assertThat(lines(bundle)).as("nothing written").isEqualTo(before);

        var replayed = CliTest.run("replay", bundle.toString(), "--from", "cp-initial", "--engine", engine.host(),
                "--tls-cert-path", engine.clientCertificates().toString(), "--json");
        assertThat(replayed.code()).as(replayed.out() + replayed.err()).isZero();
        assertThat(replayed.out()).contains("\"replayRun\" : \"r1-replay-1\"");
        assertThat(CliTest.run("verify", bundle.toString()).code()).isZero();
        assertThat(engine.docker("ps", "-aq", "--filter", "label=dev.forkline.product").output()).as("no container left").isBlank();
    }

    @Test
    @Tag("docker")
    void replayAllAndGateReplayFanOutOverBothEngines() throws Exception {
        TlsDockerd engine = secondEngine();
        Path first = ReplayCliTest.copySample("wrong-tool-call", work);
        Path other = ReplayCliTest.copySample("poisoned-artifact", work);
        Path list = work.resolve("engines.txt");
        Files.writeString(list, "local\n" + engine.host() + " tls=" + engine.clientCertificates() + "\n");
        var all = CliTest.run("replay-all", first.toString(), other.toString(), "--engines", list.toString(), "--per-engine", "1");
        assertThat(all.code()).as(all.out() + all.err()).isZero();
        assertThat(all.err()).contains("engine local: 1 running").contains("engine " + engine.host() + ": 1 running");
        assertThat(all.out().lines().toList()).hasSize(2)
                .anySatisfy(line -> assertThat(line).startsWith(first + ": run r1-replay-1 on ").contains("0 diverged, completed"))
                .anySatisfy(line -> assertThat(line).startsWith(other + ": run r1-replay-1 on "));
        for (Path bundle : List.of(first, other)) {
            assertThat(CliTest.run("verify", bundle.toString()).code()).isZero();
        }
        assertThat(engine.docker("ps", "-aq", "--filter", "label=dev.forkline.product").output()).isBlank();

        Path contract = ReplayCliTest.SAMPLES.resolve("recovery-contract.yaml");
        var gate = CliTest.run("gate", first.toString(), "--contract", contract.toString(), "--replay", "--engines", list.toString());
        assertThat(gate.code()).as(gate.out() + gate.err()).isIn(ExitCodes.OK, ExitCodes.CHECK_FAILED);
        assertThat(gate.err()).contains("replay " + first + ": run r1-replay-2 on ");
        assertThat(gate.out()).contains("scenario");
        var noReplay = CliTest.run("gate", first.toString(), "--contract", contract.toString(), "--engines", list.toString());
        assertThat(noReplay.code()).isEqualTo(ExitCodes.BAD_INPUT);
    }
}
