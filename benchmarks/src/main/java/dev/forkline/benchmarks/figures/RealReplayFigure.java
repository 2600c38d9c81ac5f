package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.importers.Importers;
import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.SessionSetup;
import dev.forkline.replay.engine.StepResult;
import dev.forkline.replay.engine.StepStatus;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.SandboxImages;
import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.replay.workspace.WorkspaceSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.export.BundleExport;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code replay.real.step}: the per-step cost of replaying a real SWE-agent session (shared/replay's marshmallow
 * trajectory, 11 actions) with {@link ReplayEngine}, against the same actions run as {@code docker exec} in a container
 * prepared the same way ({@link SweAgentExecFloor}).
 *
 * <p>The replay's per-step cost is the time from its first step starting to its last step finishing
 * ({@link ReplayListener#stepStarted}, {@link ReplayListener#stepFinished}) over the number of steps: each call, the
 * workspace listing after it, the comparison and the writing of the new run, and the walk over the recorded events
 * between steps. The set-up (tool bundles, install.sh, {@code pip install}), the start of the sandbox and the restore of
 * the tree are not steps and are not counted, on either side. Each replay runs right after its floor run, so that load on
 * a shared machine falls on both alike; the figure is the median over runs of the mean step.
 */
public final class RealReplayFigure {

    public static final String NAME = "replay.real.step";

    private final Sizes sizes;
    private final Path work;
    private final DockerEngine engine;
    private final SharedReplay material;
    private final PrintStream out;

    public RealReplayFigure(Sizes sizes, Path work, DockerEngine engine, SharedReplay material, PrintStream out) {
        this.sizes = sizes;
        this.work = work;
        this.engine = engine;
        this.material = material;
        this.out = out;
    }

    public Figure measure() throws Exception {
        SweAgentExecFloor floor = SweAgentExecFloor.of(material, SharedReplay.INSTALL_REPOSITORY, SandboxImages.DEBIAN, work);
        Bundle imported = Importers.builtIn().read(material.trajectory()).bundle();
        StartingTree tree = WorkspaceSource.parse(material.tree().toString()).load();
        SessionSetup setup = new SessionSetup(tree, material.tools(), List.of(SharedReplay.INSTALL_REPOSITORY), Map.of());
        int runs = sizes.realReplayRuns();
        double[] floors = new double[runs];
        double[] values = new double[runs];
        StepTimes last = null;
        double[] lastFloorSteps = null;
        int files = -1;
        for (int i = sizes.isQuick() ? 0 : -1; i < runs; i++) {
            String container = floor.prepare();
            List<SweAgentExecFloor.ActionRun> ran;
            try {
                Map<String, String> env = floor.startSession(container);
                ran = floor.runActions(container, env);
                files = floor.workspaceFiles(container);
            } finally {
                DockerCli.remove(container);
            }
            checkFloor(ran);
            StepTimes times = replay(imported, setup, i);
            if (times.steps() != ran.size()) {
                throw new IllegalStateException("the replay has " + times.steps() + " steps, the trajectory " + ran.size() + " actions");
            }
            if (i >= 0) {
                floors[i] = ran.stream().mapToDouble(SweAgentExecFloor.ActionRun::millis).sum() / ran.size();
                values[i] = times.spanMillis() / times.steps();
                last = times;
                lastFloorSteps = ran.stream().mapToDouble(SweAgentExecFloor.ActionRun::millis).toArray();
            }
        }
        out.println(breakdown(last, lastFloorSteps, files));
        return Figure.measured(NAME, String.format(Locale.ROOT, "ReplayEngine.replay of a real SWE-agent session (marshmallow-1867,"
                        + " %d actions, %s), first step's start to last step's end, per step; set-up not counted", last.steps(),
                        SandboxImages.DEBIAN), Timing.median(values), Timing.median(floors),
                "the same actions as docker exec -t bash -c (same env, cwd, container prepared alike), per action", Unit.MILLIS,
                Goal.ratioAtMost(1.3));
    }

    /** The floor must have run the session, not just started processes: the reproduction prints 344, then 345. */
    private static void checkFloor(List<SweAgentExecFloor.ActionRun> ran) {
        List<Integer> reproductions = new ArrayList<>();
        for (int k = 0; k < ran.size(); k++) {
            if (ran.get(k).action().text().strip().equals("python reproduce.py")) {
                reproductions.add(k);
            }
        }
        if (reproductions.size() != 2 || !ran.get(reproductions.get(0)).recordedForm().equals("344")
                || !ran.get(reproductions.get(1)).recordedForm().equals("345")) {
            throw new IllegalStateException("the floor's session did not reproduce the trajectory (python reproduce.py should print"
                    + " 344, then 345): " + reproductions.stream().map(k -> "step " + (k + 1) + " printed '"
                    + ran.get(k).recordedForm() + "'").toList());
        }
    }

    /** Where a replay's step time went, from its listener. */
    record StepTimes(int steps, double spanMillis, double callMillis, double afterCallMillis, long setupMillis, long restoreMillis,
                     long provisionMillis, double[] perStepCalls, double[] perStep) {
    }

    private StepTimes replay(Bundle imported, SessionSetup setup, int run) throws Exception {
        Path target = work.resolve("real-replay-" + (run + 1));
        WorkDirs.deleteTree(target);
        Path bundle = BundleExport.write(imported, target);
        try {
            ReplayRequest request = ReplayRequest.builder(bundle).checkpoint("start").setup(setup).image(SandboxImages.DEBIAN).build();
            StepClock clock = new StepClock();
            ReplayResult result = new ReplayEngine(engine).replay(request, clock);
            List<StepResult> steps = result.steps();
            if (result.exitCode() != 0 || steps.isEmpty() || steps.stream().anyMatch(s -> s.status() != StepStatus.MATCHED)) {
                throw new IllegalStateException("the replay of the SWE-agent session did not match every step: " + result.describe());
            }
            double span = (clock.lastFinished - clock.firstStarted) / 1e6;
            long setupMs = result.timings().stepsMs() - Math.round(span);
            return new StepTimes(steps.size(), span, clock.inCalls / 1e6, clock.afterCalls / 1e6, setupMs, result.timings().restoreMs(),
                    result.timings().provisionMs(), clock.perStep(clock.returned, steps.size()), clock.perStep(clock.finished, steps.size()));
        } finally {
            WorkDirs.deleteTree(bundle);
        }
    }

    /** The listener timing each step: from its start to its call's return, and from there to the step's end. */
    private static final class StepClock implements ReplayListener {
        private final Map<Integer, Long> started = new HashMap<>();
        private final Map<Integer, Long> returned = new HashMap<>();
        private final Map<Integer, Long> finished = new HashMap<>();
        private long firstStarted;
        private long lastFinished;
        private long inCalls;
        private long afterCalls;

        @Override
        public void stepStarted(int number, int total, String label) {
            long now = System.nanoTime();
            if (started.isEmpty()) {
                firstStarted = now;
            }
            started.put(number, now);
        }

        @Override
        public void callReturned(int number, ExecResult result) {
            long now = System.nanoTime();
            returned.put(number, now);
            inCalls += now - started.getOrDefault(number, now);
        }

        @Override
        public void stepFinished(StepResult step) {
            long now = System.nanoTime();
            lastFinished = now;
            finished.put(step.number(), now);
            afterCalls += now - returned.getOrDefault(step.number(), now);
        }

        /** Milliseconds from each step's start to {@code until}'s time for it. */
        double[] perStep(Map<Integer, Long> until, int steps) {
            double[] millis = new double[steps];
            for (int n = 1; n <= steps; n++) {
                millis[n - 1] = (until.getOrDefault(n, 0L) - started.getOrDefault(n, 0L)) / 1e6;
            }
            return millis;
        }
    }

    private static String breakdown(StepTimes times, double[] floorSteps, int files) {
        double floorMean = Arrays.stream(floorSteps).sum() / floorSteps.length;
        double between = times.spanMillis() - times.callMillis() - times.afterCallMillis();
        return String.format(Locale.ROOT, "%-22s last run, per step: the call %.1f ms (floor's docker exec %.1f ms), after the call"
                        + " %.1f ms (workspace listing of %d files, comparison, writing), between steps %.1f ms; not counted: set-up %d ms,"
                        + " restore %d ms, provision %d ms", NAME, times.callMillis() / times.steps(), floorMean,
                times.afterCallMillis() / times.steps(), files, between / times.steps(), times.setupMillis(), times.restoreMillis(),
                times.provisionMillis()) + String.format(Locale.ROOT, "%n%-22s last run, each step (ms): replay's call %s, whole step %s;"
                + " floor's docker exec %s", NAME, rounded(times.perStepCalls()), rounded(times.perStep()), rounded(floorSteps));
    }

    private static String rounded(double[] millis) {
        return Arrays.toString(Arrays.stream(millis).mapToLong(Math::round).toArray());
    }
}
