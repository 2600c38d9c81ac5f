package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.DockerEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Argument handling and exit codes that need no Docker engine (a dead address stands in for a missing engine). */
class ReplayCliTest {

    @TempDir
    Path work;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int replay(String... args) {
        return ReplayCli.replay(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), () -> DockerEngine.at("tcp://127.0.0.1:9"));
    }

    private int revert(String... args) {
        return ReplayCli.revert(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), () -> DockerEngine.at("tcp://127.0.0.1:9"));
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badUsageExitsTwoWithTheReason() throws Exception {
        Path bundle = Bundles.copy(SampleTracesReplayTest.sample("wrong-tool-call"), work);
        assertThat(replay()).isEqualTo(2);
        assertThat(replay(bundle.toString())).isEqualTo(2);
        assertThat(errors()).contains("--from CHECKPOINT is required");
        assertThat(replay(bundle.toString(), "--from", "cp-green", "--edit", "r1.9={broken")).isEqualTo(2);
        assertThat(errors()).contains("not valid JSON");
        assertThat(replay(bundle.toString(), "--from", "cp-nowhere")).isEqualTo(2);
        assertThat(errors()).contains("no checkpoint 'cp-nowhere'").contains("cp-green");
        assertThat(replay(bundle.toString(), "--from", "cp-green", "--edit", "r1.2={\"drop\":true}")).isEqualTo(2);
        assertThat(errors()).contains("comes before checkpoint");
        assertThat(revert(bundle.toString(), "--to", "cp-green")).isEqualTo(2);
        assertThat(errors()).contains("exactly one of --out DIR and --keep-container");
    }

    @Test
    void noEngineExitsFour() throws Exception {
        Path bundle = Bundles.copy(SampleTracesReplayTest.sample("wrong-tool-call"), work);
        assertThat(replay(bundle.toString(), "--from", "cp-green")).isEqualTo(4);
        assertThat(errors()).containsIgnoringCase("docker");
        assertThat(revert(bundle.toString(), "--to", "cp-green", "--keep-container")).isEqualTo(4);
        assertThat(Bundles.runEvents(bundle, "r1-replay-1")).as("nothing appended").isEmpty();
    }

    @Test
    void aRevertIntoADirectoryNeedsNoEngine() throws Exception {
        Path bundle = Bundles.copy(SampleTracesReplayTest.sample("wrong-tool-call"), work);
        Path restored = work.resolve("restored");
        assertThat(revert(bundle.toString(), "--to", "cp-green", "--out", restored.toString(), "--json")).isEqualTo(0);
        assertThat(Files.readString(restored.resolve("tests/cases.txt"))).contains("add 2 3 5");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"revertRun\" : \"r1-revert-1\"");
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
        assertThat(revert(bundle.toString(), "--to", "cp-green", "--out", restored.toString())).as("not empty any more").isEqualTo(2);
    }
}
