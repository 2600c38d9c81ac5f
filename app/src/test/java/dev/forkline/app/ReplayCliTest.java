package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** forkline replay and revert: argument handling, exit codes, and (with an engine) a real replay of a sample. */
class ReplayCliTest {

    static final Path SAMPLES = Path.of("..", "sample-traces");

    @TempDir
    Path work;

    @AfterEach
    void forgetEngine() {
        System.clearProperty("forkline.dockerHost");
    }

    static Path copySample(String name, Path into) throws Exception {
        Path source = SAMPLES.resolve(name);
        Path target = into.resolve(name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.toList()) {
                Path copy = target.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return target;
    }

    private static void assertVerifies(Path bundle) throws Exception {
        try (var read = BundleReader.read(bundle)) {
            assertThat(Verifier.verify(read).problems()).isEmpty();
        }
    }

    @Test
    void badUsageIsExitTwoWithTheReason() throws Exception {
        Path bundle = copySample("wrong-tool-call", work);
        assertThat(CliTest.run("replay").code()).isEqualTo(ExitCodes.BAD_INPUT);
        var noFrom = CliTest.run("replay", bundle.toString());
        assertThat(noFrom.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noFrom.err()).contains("--from CHECKPOINT is required");
        var badEdit = CliTest.run("replay", bundle.toString(), "--from", "cp-green", "--edit", "r1.9={broken");
        assertThat(badEdit.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(badEdit.err()).contains("not valid JSON");
        System.setProperty("forkline.dockerHost", "tcp://127.0.0.1:9");
        var noCheckpoint = CliTest.run("replay", bundle.toString(), "--from", "cp-nowhere");
        assertThat(noCheckpoint.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noCheckpoint.err()).contains("no checkpoint 'cp-nowhere'").contains("cp-green");
        var editBeforeCheckpoint = CliTest.run("replay", bundle.toString(), "--from", "cp-green", "--edit", "r1.2={\"drop\":true}");
        assertThat(editBeforeCheckpoint.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(editBeforeCheckpoint.err()).contains("comes before checkpoint");
        assertThat(CliTest.run("revert", bundle.toString(), "--to", "cp-green").code()).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void noEngineIsExitFourAndNothingIsAppended() throws Exception {
        Path bundle = copySample("wrong-tool-call", work);
        long before = Files.readAllLines(bundle.resolve("trace.jsonl")).size();
        System.setProperty("forkline.dockerHost", "tcp://127.0.0.1:9");
        var replay = CliTest.run("replay", bundle.toString(), "--from", "cp-green");
        assertThat(replay.code()).isEqualTo(ExitCodes.ENVIRONMENT);
        assertThat(replay.err()).containsIgnoringCase("docker");
        assertThat(CliTest.run("revert", bundle.toString(), "--to", "cp-green", "--keep-container").code()).isEqualTo(ExitCodes.ENVIRONMENT);
        assertThat(Files.readAllLines(bundle.resolve("trace.jsonl"))).hasSize((int) before);
    }

    @Test
    void aRevertIntoADirectoryNeedsNoEngine() throws Exception {
        Path bundle = copySample("wrong-tool-call", work);
        Path restored = work.resolve("restored");
        var reverted = CliTest.run("revert", bundle.toString(), "--to", "cp-green", "--out", restored.toString(), "--json");
        assertThat(reverted.code()).as(reverted.err()).isZero();
        assertThat(Files.readString(restored.resolve("tests/cases.txt"))).contains("add 2 3 5");
        assertThat(reverted.out()).contains("\"revertRun\" : \"r1-revert-1\"");
        assertVerifies(bundle);
        assertThat(CliTest.run("revert", bundle.toString(), "--to", "cp-green", "--out", restored.toString()).code())
                .as("the directory is not empty any more").isEqualTo(ExitCodes.BAD_INPUT);
    }

    private static void requireEngine() {
        boolean engine = DockerEngine.shared().isAvailable();
        if (!engine && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("CI=true but no Docker engine answers: docker-tagged tests must run in CI");
        }
        Assumptions.assumeTrue(engine, "no Docker engine answers: skipping the real replay (start dockerd to run it)");
    }

    @Test
    @Tag("docker")
    void anUnknownExternalEffectStopsTheReplayUntilTheOwnerSettlesIt() throws Exception {
        requireEngine();
        System.setProperty("forkline.owners", work.resolve("owners").toString());
        try {
            Path bundle = copySample("sandbox-lost-mid-effect", work);
            String passphrase = OwnerKeySetup.init("dana", work).toString();
            var stopped = CliTest.run("replay", bundle.toString(), "--from", "cp-initial");
            assertThat(stopped.code()).as(stopped.out() + stopped.err()).isEqualTo(ExitCodes.CHECK_FAILED);
            assertThat(stopped.out()).contains("needs a decision");
            var decided = CliTest.run("decide", bundle.toString(), "--event", "r1.9", "--deny", "--treat-as", "failed",
                    "--reason", "the payment provider shows no charge for order-42", "--owner", "dana", "--passphrase-file", passphrase);
            assertThat(decided.code()).as(decided.err()).isZero();
            var replayed = CliTest.run("replay", bundle.toString(), "--from", "cp-initial", "--json");
            assertThat(replayed.code()).as(replayed.out() + replayed.err()).isZero();
            assertThat(Json.MAPPER.readTree(replayed.out()).path("counts").path("needsDecision").asInt()).isZero();
            assertThat(CliTest.run("verify", bundle.toString()).code()).isZero();
            assertThat(CliTest.run("decide", bundle.toString(), "--event", "r1.9", "--escalate", "--treat-as", "done",
                    "--reason", "x", "--owner", "dana", "--passphrase-file", passphrase).code()).as("escalating settles nothing").isEqualTo(ExitCodes.BAD_INPUT);
        } finally {
            System.clearProperty("forkline.owners");
            System.clearProperty("forkline.owners.iterations");
        }
    }

    @Test
    @Tag("docker")
    void aReplayMatchesWritesJsonAndJUnitAndAForkWithTheCorrectedCallPasses() throws Exception {
        requireEngine();
        Path bundle = copySample("wrong-tool-call", work);
        Path junit = work.resolve("junit.xml");
        var replayed = CliTest.run("replay", bundle.toString(), "--from", "cp-initial", "--json", "--junit", junit.toString());
        assertThat(replayed.code()).as(replayed.err()).isZero();
        var json = Json.MAPPER.readTree(replayed.out());
        assertThat(json.path("counts").path("diverged").asInt()).isZero();
        assertThat(json.path("replayRun").asText()).isEqualTo("r1-replay-1");
        assertThat(Files.readString(junit)).contains("<testsuite").contains("failures=\"0\"");

        String wrongCall = BundleReader.read(bundle).events().stream()
                .filter(event -> event.run().equals("r1") && "c2".equals(event.text("callId")) && event.type().equals("tool.call"))
                .findFirst().orElseThrow().id();
        var forked = CliTest.run("replay", bundle.toString(), "--edit", wrongCall + "={\"arguments\":{\"command\":\"rm -rf build\"}}");
        assertThat(forked.code()).as(forked.out() + "\n" + forked.err()).isZero();
        assertThat(forked.out()).contains("replay r1-fork-1 of r1 from cp-green").contains("outcome: success (original: failure)");
        assertVerifies(bundle);
    }
}
