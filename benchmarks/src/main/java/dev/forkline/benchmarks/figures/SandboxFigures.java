package dev.forkline.benchmarks.figures;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.forkline.benchmarks.generate.WorkspaceFixture;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.SandboxPool;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.scenario.ScenarioRecorder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Figures 5 to 7 on the replay engine and its sandboxes.
 *
 * <p>"Replay start" is what a user gets: a replay request served by {@link ReplayEngine} on a recorded bundle (a
 * checkpoint of 20 files, then one call of {@code true}, recorded as {@code sh -c true}), timed from the request to
 * the first re-executed call returning ({@link ReplayListener#callReturned}). Cold: no pool, so the request starts a
 * sandbox. Warm: a pool that prepared the checkpoint before the request ({@link ReplayEngine#prepare}, what the window
 * asks for when a checkpoint is selected). Each run is timed right after its floor run, so that load on a shared
 * machine falls on both alike.
 */
public final class SandboxFigures {

    private static final List<String> TRUE = List.of("true");
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static final long PREPARE_LIMIT_SECONDS = 120;
    private static final String START_CHECKPOINT = "cp-initial";

    private final Sizes sizes;
    private final Path work;
    private final DockerEngine engine;
    private final IsolationBoundary boundary = IsolationBoundary.strict();
    private final SandboxLabels labels = new SandboxLabels("benchmarks", "bench");
    private Path startBundle;

    public SandboxFigures(Sizes sizes, Path work, DockerEngine engine) {
        this.sizes = sizes;
        this.work = work;
        this.engine = engine;
    }

    /** Figure 5, cold: a replay request with no pool, to its first call's return, against {@code docker run --rm ... true}. */
    public Figure coldStart() throws Exception {
        ReplayEngine replays = new ReplayEngine(engine);
        double[] floors = new double[sizes.coldStarts()];
        double[] times = new double[sizes.coldStarts()];
        for (int i = -1; i < times.length; i++) {
            Path bundle = copyOfStartBundle();
            try {
                ReplayRequest request = startRequest(bundle, null);
                double floor = Timing.once(() -> DockerCli.runTrue(boundary));
                double millis = timeToFirstCall(replays, request, false);
                if (i >= 0) {
                    floors[i] = floor;
                    times[i] = millis;
                }
            } finally {
                deleteTree(bundle);
            }
        }
        return Figure.measured("replay.start.cold", "ReplayEngine.replay, no pool: request to the first re-executed call"
                        + " (sh -c true) returning, 20-file checkpoint", Timing.median(times), Timing.median(floors),
                "docker run --rm <same isolation> forkline/sandbox:1 true", Unit.MILLIS, Goal.ratioAtMost(1.3));
    }

    /** Figure 5, warm, and figure 6: a replay served by a prepared pool, and calls on a sandbox that is already running. */
    public List<Figure> warmAndPerStep() throws Exception {
        String floorContainer = DockerCli.startIdle(boundary);
        try {
            return List.of(warmStart(floorContainer), perStep(floorContainer));
        } finally {
            DockerCli.remove(floorContainer);
        }
    }

    private Figure warmStart(String floorContainer) throws Exception {
        ReplayEngine replays = new ReplayEngine(engine);
        double[] floors = new double[sizes.execs()];
        double[] times = new double[sizes.execs()];
        try (SandboxPool pool = new SandboxPool(engine, 1)) {
            for (int i = -2; i < times.length; i++) {
                Path bundle = copyOfStartBundle();
                try {
                    ReplayRequest request = startRequest(bundle, pool);
                    if (!replays.prepare(request).get(PREPARE_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the pool prepared no sandbox for " + START_CHECKPOINT);
                    }
                    double floor = Timing.once(() -> DockerCli.execTrue(floorContainer, boundary));
                    double millis = timeToFirstCall(replays, request, true);
                    if (i >= 0) {
                        floors[i] = floor;
                        times[i] = millis;
                    }
                } finally {
                    deleteTree(bundle);
                }
            }
        }
        return Figure.measured("replay.start.warm", "ReplayEngine.replay, pool prepared for the checkpoint: request to the first"
                        + " re-executed call (sh -c true) returning", Timing.median(times), Timing.median(floors),
                "docker exec <container> true", Unit.MILLIS, Goal.valueAtMost(50, Unit.MILLIS));
    }

    private Figure perStep(String floorContainer) throws Exception {
        try (Sandbox sandbox = engine.start(boundary, labels, List.of())) {
            double floor = Timing.median(2, sizes.execs(), () -> DockerCli.execTrue(floorContainer, boundary));
            double perStep = Timing.median(2, sizes.execs(), () -> check(sandbox.exec(TRUE, null, Map.of(), CALL_TIMEOUT)));
            return Figure.measured("step.exec", "Sandbox.exec of `true` in a running sandbox", perStep, floor,
                    "docker exec <container> true", Unit.MILLIS, Goal.ratioAtMost(1.3));
        }
    }

    /**
     * Milliseconds from the replay request to its first re-executed call returning; the replay then runs to its end
     * (untimed) and must have matched its one step, from a prepared sandbox exactly when {@code expectPrepared}.
     */
    private static double timeToFirstCall(ReplayEngine replays, ReplayRequest request, boolean expectPrepared) throws Exception {
        long[] returnedAt = {0};
        int[] exit = {-1};
        long requested = System.nanoTime();
        ReplayResult result = replays.replay(request, new ReplayListener() {
            @Override
            public void callReturned(int number, ExecResult call) {
                if (returnedAt[0] == 0) {
                    returnedAt[0] = System.nanoTime();
                    exit[0] = call.exitCode();
                }
            }
        });
        if (returnedAt[0] == 0 || exit[0] != 0 || result.matched() != 1 || result.diverged() != 0) {
            throw new IllegalStateException("the replay did not re-execute and match its call `true` (exit " + exit[0] + "): "
                    + result.describe());
        }
        if (result.timings().prepared() != expectPrepared) {
            throw new IllegalStateException("the replay's sandbox was " + (expectPrepared ? "not " : "") + "prepared in advance");
        }
        return (returnedAt[0] - requested) / 1e6;
    }

    private static ReplayRequest startRequest(Path bundle, SandboxPool pool) {
        return ReplayRequest.builder(bundle).run(ScenarioRecorder.MAIN_RUN).checkpoint(START_CHECKPOINT).pool(pool).build();
    }

    /** A copy of the recorded bundle for one replay, so that earlier replays (each appends a run) do not grow it. */
    private Path copyOfStartBundle() throws Exception {
        Path source = startBundle();
        Path copy = Files.createTempDirectory(work, "replay-start-copy-");
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path target = copy.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
        return copy;
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** A bundle recorded for real: 20 files (the checkpoint cp-initial), then one call of {@code true}. */
    private Path startBundle() throws Exception {
        if (startBundle == null) {
            Path dir = Files.createTempDirectory(work, "replay-start-");
            List<Map<String, Object>> workspace = new ArrayList<>();
            WorkspaceFixture.of(20, 40_000, 7).forEach((path, content) ->
                    workspace.add(Map.of("path", path, "content", new String(content, StandardCharsets.UTF_8), "mode", "0644")));
            Map<String, Object> scenario = new LinkedHashMap<>();
            scenario.put("title", "Replay start: a 20-file checkpoint, then one call");
            scenario.put("model", Map.of("provider", "anthropic", "model", "claude-sonnet-4-5", "version", "20250929"));
            scenario.put("agents", List.of("coder"));
            scenario.put("owner", "benchmarks");
            scenario.put("workspace", workspace);
            scenario.put("steps", List.of(Map.of("tool", Map.of("callId", "c1", "agent", "coder", "command", "true", "expectExit", 0))));
            scenario.put("outcome", Map.of("outcome", "success", "summary", "true ran"));
            Path file = dir.resolve("replay-start.yaml");
            new ObjectMapper(new YAMLFactory()).writeValue(file.toFile(), scenario);
            startBundle = new ScenarioRecorder(engine, boundary).recordScenario(file, dir.resolve("bundle"));
        }
        return startBundle;
    }

    /** Figure 7: restoring a large checkpoint into a fresh sandbox, against {@code docker cp} of the same tar. */
    public Figure restore() throws Exception {
        Map<String, byte[]> workspace = WorkspaceFixture.of(sizes.restoreFiles(), sizes.restoreBytes(), 11);
        List<WorkspaceFile> files = files(workspace);
        Path tar = work.resolve("checkpoint.tar");
        FloorTar.write(workspace, boundary.uid(), boundary.gid(), tar);
        double[] floors = new double[sizes.restoreRuns()];
        double[] times = new double[sizes.restoreRuns()];
        for (int i = 0; i < times.length; i++) {
            String container = DockerCli.startIdle(boundary);
            try {
                floors[i] = Timing.once(() -> DockerCli.copyTar(tar, container, boundary.workspace()));
                checkCount(DockerCli.exec(container, "sh", "-c", "find " + boundary.workspace() + " -type f | wc -l"), workspace.size());
            } finally {
                DockerCli.remove(container);
            }
            try (Sandbox sandbox = engine.start(boundary, labels, List.of())) {
                times[i] = Timing.once(() -> sandbox.replaceWorkspace(files));
                ExecResult count = sandbox.exec(List.of("sh", "-c", "find . -type f | wc -l"), null, Map.of(), CALL_TIMEOUT);
                checkCount(count.stdoutText(), workspace.size());
            }
        }
        return Figure.measured("restore", String.format("Sandbox.replaceWorkspace, %,d files, %s, fresh sandbox", workspace.size(),
                        Unit.BYTES.format(WorkspaceFixture.bytes(workspace))), Timing.median(times), Timing.median(floors),
                "docker cp - <container>:/workspace < the same tar", Unit.MILLIS, Goal.ratioAtMost(1.5));
    }

    private static List<WorkspaceFile> files(Map<String, byte[]> workspace) {
        List<WorkspaceFile> files = new ArrayList<>(workspace.size());
        workspace.forEach((path, content) -> files.add(WorkspaceFile.regular(path, content, 0644)));
        return files;
    }

    private static void check(ExecResult result) {
        if (result.exitCode() != 0) {
            throw new IllegalStateException("`true` in the sandbox exited " + result.exitCode() + ": " + result.stderrText());
        }
    }

    private static void checkCount(String output, int expected) {
        int found = Integer.parseInt(output.strip());
        if (found != expected) {
            throw new IllegalStateException("restored " + found + " files, expected " + expected);
        }
    }
}
