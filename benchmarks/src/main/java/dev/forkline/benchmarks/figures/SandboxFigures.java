package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.WorkspaceFixture;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.replay.sandbox.DockerEngine;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Figures 5 to 7 on the sandbox layer (dev.forkline.replay.sandbox): the replay engine is not on main yet, so "replay
 * start" is Sandbox.start followed by the first exec, and "warm" is a sandbox started beforehand (what a pool hands
 * out), restored to a small checkpoint and then running the call.
 */
public final class SandboxFigures {

    private static final List<String> TRUE = List.of("true");
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private final Sizes sizes;
    private final Path work;
    private final DockerEngine engine;
    private final IsolationBoundary boundary = IsolationBoundary.strict();
    private final SandboxLabels labels = new SandboxLabels("benchmarks", "bench");

    public SandboxFigures(Sizes sizes, Path work, DockerEngine engine) {
        this.sizes = sizes;
        this.work = work;
        this.engine = engine;
    }

    /** Figure 5, cold: from nothing to the first call's result, against {@code docker run --rm ... true}. */
    public Figure coldStart() throws Exception {
        double floor = Timing.median(1, sizes.coldStarts(), () -> DockerCli.runTrue(boundary));
        double[] times = new double[sizes.coldStarts()];
        for (int i = -1; i < times.length; i++) {
            Sandbox[] started = new Sandbox[1];
            try {
                double millis = Timing.once(() -> {
                    started[0] = Sandbox.start(engine, boundary, labels, List.of());
                    check(started[0].exec(TRUE, null, Map.of(), CALL_TIMEOUT));
                });
                if (i >= 0) {
                    times[i] = millis;
                }
            } finally {
                if (started[0] != null) {
                    started[0].close();
                }
            }
        }
        return Figure.measured("replay.start.cold", "Sandbox.start + first exec of `true` (engine not on main: sandbox layer)",
                Timing.median(times), floor, "docker run --rm <same isolation> forkline/sandbox:1 true", Unit.MILLIS,
                Goal.ratioAtMost(1.3));
    }

    /** Figure 5, warm, and figure 6: calls on a sandbox that is already running. */
    public List<Figure> warmAndPerStep() throws Exception {
        String floorContainer = DockerCli.startIdle(boundary);
        try (Sandbox sandbox = Sandbox.start(engine, boundary, labels, List.of())) {
            double floor = Timing.median(2, sizes.execs(), () -> DockerCli.execTrue(floorContainer, boundary));
            double perStep = Timing.median(2, sizes.execs(), () -> check(sandbox.exec(TRUE, null, Map.of(), CALL_TIMEOUT)));
            List<WorkspaceFile> checkpoint = files(WorkspaceFixture.of(20, 40_000, 7));
            double warm = Timing.median(1, sizes.execs(), () -> {
                sandbox.replaceWorkspace(checkpoint);
                check(sandbox.exec(TRUE, null, Map.of(), CALL_TIMEOUT));
            });
            return List.of(
                    Figure.measured("replay.start.warm", "started sandbox (as a pool hands it): replaceWorkspace(20 files) + exec `true`",
                            warm, floor, "docker exec <container> true", Unit.MILLIS, Goal.valueAtMost(50, Unit.MILLIS)),
                    Figure.measured("step.exec", "Sandbox.exec of `true` in a running sandbox", perStep, floor,
                            "docker exec <container> true", Unit.MILLIS, Goal.ratioAtMost(1.3)));
        } finally {
            DockerCli.remove(floorContainer);
        }
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
            try (Sandbox sandbox = Sandbox.start(engine, boundary, labels, List.of())) {
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
