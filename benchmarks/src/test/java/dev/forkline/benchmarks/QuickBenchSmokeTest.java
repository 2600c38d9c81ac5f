package dev.forkline.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.benchmarks.figures.SharedReplay;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.replay.sandbox.SandboxImages;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the figures of {@code benchmarks/run --quick} once, so that the harness stays green; goals are not enforced. */
class QuickBenchSmokeTest {

    @TempDir
    Path work;

    @Test
    void traceFiguresAreMeasuredAgainstTheirFloors() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        List<Figure> figures = new Bench(Sizes.quick(), Set.of("import", "open", "step", "frame", "search", "storage", "rebuild", "formats", "memory", "library"),
                work,
                new PrintStream(printed, true, StandardCharsets.UTF_8)).run();

        assertThat(figures).extracting(Figure::name)
                .containsExactly("import.rss.bundle", "import", "import.store", "open", "open.heap", "open.first-frame", "open.heap.after-import",
                        "step.while-importing", "step.while-importing.p95", "frame.zoomed-out", "frame.mid-zoom",
                        "frame.zoomed-in", "frame.zoomed-out.matches", "frame.zoomed-in.matches", "step", "step.state", "step.first", "search.rare-text", "search.common-text", "open.first-frame.claude-code", "step.while-importing.claude-code",
                        "step.while-importing.claude-code.p95", "open.first-frame.codex-rollout", "step.while-importing.codex-rollout",
                        "step.while-importing.codex-rollout.p95", "open.first-frame.otel-genai", "step.while-importing.otel-genai",
                        "step.while-importing.otel-genai.p95", "open.first-frame.inspect-ai", "step.while-importing.inspect-ai",
                        "step.while-importing.inspect-ai.p95", "open.first-frame.openhands", "step.while-importing.openhands",
                        "step.while-importing.openhands.p95", "open.first-frame.langfuse", "step.while-importing.langfuse",
                        "step.while-importing.langfuse.p95", "import.claude-code", "import.codex-rollout", "import.otel-genai", "import.inspect-ai",
                        "import.openhands", "import.langfuse", "import.rss.claude-code", "import.rss.codex-rollout", "import.rss.otel-genai",
                        "import.rss.inspect-ai", "import.rss.openhands", "import.rss.langfuse", "checkpoint.storage", "workspace.rebuild",
                        "library.list", "library.escape-queue", "library.search", "library.window-start");
        for (Figure figure : figures) {
            if (figure.name().equals("library.window-start")) {
                assertThat(figure.measured()).as("not with --quick: it runs the product's launcher, which may build").isFalse();
                continue;
            }
            if (figure.name().startsWith("import.rss.") && !java.nio.file.Files.isDirectory(Path.of("/proc/self"))) {
                continue;
            }
            if (figure.name().startsWith("step.while-importing") && !figure.measured()) {
                continue; // a small import may end before its first step is shown
            }
            assertThat(figure.measured()).as(figure.name()).isTrue();
            assertThat(figure.value()).as(figure.name()).isPositive();
            assertThat(figure.floor()).as(figure.name() + " floor").isPositive();
        }
        String output = printed.toString(StandardCharsets.UTF_8);
        assertThat(output).contains("generated 20,000 events").contains("ratio").contains("claude-code import: allocated");
        assertThat(output.lines().filter(line -> line.startsWith("import ") || line.startsWith("open ")).count()).isEqualTo(2);
    }

    @Test
    @Tag("docker")
    void sandboxFiguresAreMeasuredAgainstTheDockerCommandLine() throws Exception {
        String missing = Bench.dockerMissing();
        if (missing != null) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true but " + missing);
            }
            assumeTrue(false, "skipped: " + missing);
        }
        List<Figure> figures = new Bench(Sizes.quick(), Set.of("sandbox", "restore"), work,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run();

        assertThat(figures).extracting(Figure::name)
                .containsExactly("replay.start.cold", "replay.start.warm", "step.exec", "restore");
        assertThat(figures).allSatisfy(figure -> {
            assertThat(figure.measured()).isTrue();
            assertThat(figure.value()).isPositive();
            assertThat(figure.floor()).isPositive();
        });
    }

    @Test
    @Tag("docker")
    void theRealSessionReplayIsMeasuredAgainstDockerExecOfTheSameActions() throws Exception {
        String missing = Bench.dockerMissing();
        if (missing != null && "true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI=true but " + missing);
        }
        if (missing == null) {
            missing = Bench.dockerMissing(SandboxImages.DEBIAN);
        }
        if (missing == null) {
            missing = SharedReplay.whyMissing();
        }
        assumeTrue(missing == null, "skipped: " + missing);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        List<Figure> figures = new Bench(Sizes.quick(), Set.of("real-replay"), work,
                new PrintStream(printed, true, StandardCharsets.UTF_8)).run();

        assertThat(figures).extracting(Figure::name).containsExactly("replay.real.step");
        Figure figure = figures.getFirst();
        assertThat(figure.measured()).isTrue();
        assertThat(figure.value()).isPositive();
        assertThat(figure.floor()).isPositive();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("per step: the call").contains("floor's docker exec");
    }
}
