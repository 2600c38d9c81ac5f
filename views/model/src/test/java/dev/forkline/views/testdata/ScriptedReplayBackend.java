package dev.forkline.views.testdata;

import dev.forkline.replay.engine.DivergenceClass;
import dev.forkline.replay.engine.FieldDiff;
import dev.forkline.replay.engine.OutcomeComparison;
import dev.forkline.replay.engine.RecoveryCost;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.ReplayTimings;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.replay.engine.StepResult;
import dev.forkline.replay.engine.StepStatus;
import dev.forkline.views.data.ReplayBackend;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A replay backend without Docker for the window's tests: records what it is asked, and answers a replay with the
 * scripted steps (appending nothing to the bundle), reported to the listener as the engine does.
 */
public final class ScriptedReplayBackend implements ReplayBackend {

    /** The go test of the real Claude Code session, in an image without Go: an environment divergence. */
    public static final StepResult GO_TEST_WITHOUT_GO = new StepResult(2, "r1.60", "r2.5", "tool.call", "c7", "Bash", "process",
            StepStatus.DIVERGED, List.of(FieldDiff.of("exitCode", "0", "127")), null, 35, false, DivergenceClass.ENVIRONMENT,
            "`go`: command not found in forkline/sandbox-debian:1", List.of("crlf"));
    public static final StepResult READ_MATCHED = new StepResult(1, "r1.15", "r2.3", "tool.call", "c3", "Read", "read",
            StepStatus.MATCHED, List.of(), null, 4, false, null, null, List.of());

    public final List<ReplayRequest> replays = new CopyOnWriteArrayList<>();
    public final List<ReplayRequest> prepared = new CopyOnWriteArrayList<>();
    private final List<StepResult> steps;
    private final List<String> setupNotes;

    public ScriptedReplayBackend(List<StepResult> steps, List<String> setupNotes) {
        this.steps = List.copyOf(steps);
        this.setupNotes = List.copyOf(setupNotes);
    }

    /** The replay of an imported session whose go test cannot run in the image. */
    public static ScriptedReplayBackend goMissing() {
        return new ScriptedReplayBackend(List.of(READ_MATCHED, GO_TEST_WITHOUT_GO), List.of("ran set-up command: make deps"));
    }

    @Override
    public ReplayResult replay(ReplayRequest request, ReplayListener listener) {
        replays.add(request);
        String run = request.run() == null ? "r1" : request.run();
        listener.started(run, request.checkpointId(), steps.size());
        for (StepResult step : steps) {
            listener.stepStarted(step.number(), steps.size(), step.label());
            listener.stepFinished(step);
        }
        // the replayed run is shown again afterwards: a run that exists, as this backend appends none
        return new ReplayResult(request.bundleDirectory(), run, run, "start", request.checkpointId(), request.edits(),
                request.image() == null ? "forkline/sandbox:1" : request.image(), "scripted", "0123456789abcdef", steps.size(), steps,
                ReplayResult.StopReason.COMPLETED, null, new ReplayTimings(0, 1, 1, 1, 3, false, false),
                new OutcomeComparison("success", "success", null, null, null),
                new RecoveryCost(null, 0, 0, 0, BigDecimal.ZERO, 0), request.strictEnvironment(), setupNotes, null);
    }

    @Override
    public CompletableFuture<Boolean> prepare(ReplayRequest request) {
        prepared.add(request);
        return CompletableFuture.completedFuture(true);
    }

    @Override
    public RevertResult revert(RevertRequest request) {
        throw new UnsupportedOperationException("no revert in these tests");
    }

    @Override
    public List<String> images() {
        return List.of("forkline/sandbox-debian:1", "forkline/sandbox:1");
    }
}
