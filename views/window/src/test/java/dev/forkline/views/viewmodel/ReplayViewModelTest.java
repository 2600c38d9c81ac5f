package dev.forkline.views.viewmodel;

import dev.forkline.replay.engine.EventEdit;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.replay.engine.StepResult;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.verify.Verifier;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.data.ReplayBackend;
import dev.forkline.views.data.RunNode;
import dev.forkline.views.testdata.DockerRequired;
import dev.forkline.views.testdata.Samples;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayViewModelTest {

    @Test
    void withoutADockerEngineReplayIsDisabledWithTheReason(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), ReplayBackend.docker());
            ReplayViewModel replay = workbench.replay();
            assertThat(replay.availableProperty().get()).as("not checked yet").isFalse();
            assertThat(replay.unavailableReasonProperty().get()).isEqualTo(ReplayViewModel.NOT_CHECKED);
            workbench.checkDocker(() -> new DockerProbe.Status(false, "Docker: not reachable at unix:///nowhere.sock"));
            assertThat(workbench.dockerStateProperty().get()).isEqualTo("Docker: not reachable at unix:///nowhere.sock");
            assertThat(replay.unavailableReasonProperty().get()).isEqualTo("Docker: not reachable at unix:///nowhere.sock");
            assertThat(replay.availableProperty().get()).isFalse();

            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.15");
            replay.replayFromHere();
            assertThat(replay.failureProperty().get()).isEqualTo("Replay unavailable: Docker: not reachable at unix:///nowhere.sock");
            assertThat(replay.canRevertToDirectory()).as("a directory needs no engine").isTrue();

            workbench.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (unix:///var/run/docker.sock)"));
            assertThat(replay.availableProperty().get()).isTrue();
            assertThat(replay.unavailableReasonProperty().get()).isNull();
        }
    }

    @Test
    void revertToHereRestoresTheCheckpointIntoADirectoryAndShowsTheRevertRun(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), ReplayBackend.docker());
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.15");
            Path out = dir.resolve("restored");
            workbench.replay().revertToHere(out);

            ReplayViewModel replay = workbench.replay();
            assertThat(replay.failureProperty().get()).isNull();
            var reverted = replay.revertResultProperty().get();
            assertThat(reverted.checkpointId()).isEqualTo("cp-green");
            assertThat(reverted.files()).isPositive();
            assertThat(Files.list(out).count()).isPositive();
            assertThat(workbench.currentRun()).isEqualTo(reverted.revertRun());
            RunNode node = workbench.opened().lineage().node(reverted.revertRun());
            assertThat(node.badge()).isEqualTo("revert");
            assertThat(node.parentRun()).isEqualTo("r1");
            assertThat(samples.store.load(Samples.traceId("wrong-tool-call")).events()).extracting(e -> e.run()).contains(reverted.revertRun());
            try (Bundle bundle = BundleReader.read(samples.copy("wrong-tool-call"))) {
                assertThat(Verifier.verify(bundle).problems()).isEmpty();
            }
            assertThat(Files.exists(Samples.ROOT.resolve("wrong-tool-call").resolve("stand-ins"))).as("the committed sample is untouched").isFalse();
        }
    }

    @Test
    @Tag("docker")
    void replayFromHereShowsLiveProgressTheNewRunAndItsResult(@TempDir Path dir) throws Exception {
        DockerRequired.engineOrSkip();
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), ReplayBackend.docker());
            workbench.checkDocker(DockerProbe.engine());
            ReplayViewModel replay = workbench.replay();
            assertThat(replay.availableProperty().get()).isTrue();
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.15");

            List<String> stepTexts = new ArrayList<>();
            List<String> currentSteps = new ArrayList<>();
            List<String> pendingRuns = new ArrayList<>();
            replay.stepTextProperty().addListener((obs, old, text) -> stepTexts.add(text));
            replay.currentStepProperty().addListener((obs, old, text) -> currentSteps.add(text));
            workbench.forkTree().rootsProperty().addListener((obs, old, roots) -> roots.getFirst().children().stream()
                    .filter(n -> n.outcome().equals("running")).forEach(n -> pendingRuns.add(n.run())));
            replay.replayFromHere();

            assertThat(replay.failureProperty().get()).isNull();
            var result = replay.resultProperty().get();
            assertThat(result.checkpointId()).isEqualTo("cp-green");
            assertThat(pendingRuns).as("the new run shows in the fork tree when it starts").contains(result.replayRun());
            assertThat(stepTexts).contains("Step 1 of " + result.totalSteps(), "Step " + result.totalSteps() + " of " + result.totalSteps());
            assertThat(currentSteps).anySatisfy(text -> assertThat(text).startsWith("r1.9 tool.call"));
            assertThat(replay.steps()).hasSize(result.steps().size()).extracting(StepResult::eventId).contains("r1.9", "r1.14");
            assertThat(replay.runningProperty().get()).isFalse();

            assertThat(workbench.currentRun()).as("the new run is selected").isEqualTo(result.replayRun());
            RunNode node = workbench.opened().lineage().node(result.replayRun());
            assertThat(node.badge()).isEqualTo(result.diverged() > 0 ? "replay diverged" : "replay matched");
            assertThat(replay.summaryProperty().get()).startsWith(result.replayRun() + ": " + result.matched() + " matched");
            if (replay.firstDivergenceProperty().get() != null) {
                assertThat(replay.goToFirstDivergence()).isTrue();
                assertThat(workbench.timeline().selectedEvent().id()).isEqualTo(replay.firstDivergenceProperty().get().replayEventId());
            }
            assertThat(samples.store.load(Samples.traceId("wrong-tool-call")).events()).extracting(e -> e.run()).contains(result.replayRun());
        }
    }

    @Test
    @Tag("docker")
    void cancelStopsTheReplayAfterTheCurrentStep(@TempDir Path dir) throws Exception {
        DockerRequired.engineOrSkip();
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), ReplayBackend.docker());
            workbench.checkDocker(DockerProbe.engine());
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.3");
            ReplayViewModel replay = workbench.replay();
            replay.steps().addListener((javafx.collections.ListChangeListener<StepResult>) change -> replay.cancel());
            replay.replayFromHere();

            var result = replay.resultProperty().get();
            assertThat(result.checkpointId()).isEqualTo("cp-initial");
            assertThat(result.stopReason()).isEqualTo(dev.forkline.replay.engine.ReplayResult.StopReason.CANCELLED);
            assertThat(result.steps()).hasSizeLessThan(result.totalSteps());
            assertThat(replay.summaryProperty().get()).contains("— cancelled");
            assertThat(replay.runningProperty().get()).isFalse();
            assertThat(workbench.currentRun()).isEqualTo(result.replayRun());
        }
    }

    @Test
    @Tag("docker")
    void forkWithAnEditRunsTheEditedCommandAndTheForkIsStored(@TempDir Path dir) throws Exception {
        DockerRequired.engineOrSkip();
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), ReplayBackend.docker());
            workbench.checkDocker(DockerProbe.engine());
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            var patch = Json.object();
            patch.putObject("exec").putArray("argv").add("sh").add("-c").add("echo edited");
            workbench.replay().forkWithEdit(EventEdit.merge("r1.14", patch));

            ReplayViewModel replay = workbench.replay();
            assertThat(replay.failureProperty().get()).isNull();
            var result = replay.resultProperty().get();
            assertThat(result.edits()).hasSize(1);
            assertThat(result.steps()).filteredOn(s -> s.eventId().equals("r1.14")).singleElement()
                    .satisfies(s -> assertThat(s.afterEdit()).isTrue());
            assertThat(workbench.currentRun()).isEqualTo(result.replayRun());
            assertThat(workbench.opened().lineage().node(result.replayRun()).badge()).isEqualTo("fork with edits");
        }
    }

    @Test
    void selectingAnEventHasTheBackendPrepareItsCheckpointOnceUntilTheCheckpointChanges(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            PreparingBackend backend = new PreparingBackend();
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), backend);
            ReplayViewModel replay = workbench.replay();
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.15");
            assertThat(backend.prepared).as("not before an engine is known to answer").isEmpty();

            workbench.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (unix:///var/run/docker.sock)"));
            assertThat(backend.prepared).singleElement().satisfies(request -> {
                assertThat(request.run()).isEqualTo("r1");
                assertThat(request.checkpointId()).as("cp-green").isEqualTo("r1.7");
                assertThat(request.pool()).as("the backend owns the pool").isNull();
            });
            assertThat(replay.preparedCheckpointProperty().get()).isEqualTo("r1.7");
            assertThat(replay.warmStartNoteProperty().get()).isEqualTo(
                    "A sandbox restored to checkpoint r1.7 is ready: \"Replay from here\" starts without creating one.");

            workbench.selectEvent("r1.14");
            workbench.selectEvent("r1.7");
            assertThat(backend.prepared).as("the same checkpoint").hasSize(1);

            workbench.selectEvent("r1.3");
            assertThat(backend.prepared).hasSize(2).last().satisfies(request -> assertThat(request.checkpointId()).as("cp-initial").isEqualTo("r1.2"));
            assertThat(replay.preparedCheckpointProperty().get()).isEqualTo("r1.2");

            workbench.selectEvent("r1.1");
            assertThat(backend.prepared).as("no checkpoint at or before the session start").hasSize(2);
            assertThat(replay.preparedCheckpointProperty().get()).isEqualTo("r1.2");
        }
    }

    @Test
    void aPreparationThatFailsIsNotShownAsAFailure(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            PreparingBackend backend = new PreparingBackend();
            backend.failWith = new IOException("the engine went away");
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), backend);
            workbench.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (unix:///var/run/docker.sock)"));
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.15");
            ReplayViewModel replay = workbench.replay();
            assertThat(backend.prepared).hasSize(1);
            assertThat(replay.preparedCheckpointProperty().get()).isNull();
            assertThat(replay.warmStartNoteProperty().get()).isEmpty();
            assertThat(replay.failureProperty().get()).as("the replay itself will say what is wrong").isNull();
        }
    }

    @Test
    @Tag("docker")
    void replayFromHereTakesTheSandboxPreparedWhenTheEventWasSelected(@TempDir Path dir) throws Exception {
        DockerRequired.engineOrSkip();
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            ReplayBackend backend = ReplayBackend.docker();
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), backend);
            workbench.checkDocker(DockerProbe.engine());
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.15");
            ReplayViewModel replay = workbench.replay();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
            while (replay.preparedCheckpointProperty().get() == null && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(replay.preparedCheckpointProperty().get()).as("prepared for cp-green").isEqualTo("r1.7");

            replay.replayFromHere();
            assertThat(replay.failureProperty().get()).isNull();
            var result = replay.resultProperty().get();
            assertThat(result.checkpointId()).isEqualTo("cp-green");
            assertThat(result.timings().prepared()).as("the replay started in the prepared sandbox").isTrue();
            assertThat(replay.preparedCheckpointProperty().get()).as("taken by the replay").isNull();

            backend.close();
            assertThat(DockerEngine.shared().client().listContainersCmd().withShowAll(true)
                    .withLabelFilter(java.util.Map.of(SandboxLabels.PID, Long.toString(ProcessHandle.current().pid()))).exec())
                    .as("the sandbox prepared again after the replay is removed with the backend").isEmpty();
        }
    }

    /** Records what it is asked to prepare; replays and reverts are not expected. */
    private static final class PreparingBackend implements ReplayBackend {

        final List<ReplayRequest> prepared = new CopyOnWriteArrayList<>();
        IOException failWith;

        @Override
        public CompletableFuture<Boolean> prepare(ReplayRequest request) throws IOException {
            prepared.add(request);
            if (failWith != null) {
                throw failWith;
            }
            return CompletableFuture.completedFuture(true);
        }

        @Override
        public ReplayResult replay(ReplayRequest request, ReplayListener listener) {
            throw new UnsupportedOperationException("no replay in this test");
        }

        @Override
        public RevertResult revert(RevertRequest request) {
            throw new UnsupportedOperationException("no revert in this test");
        }
    }
}
