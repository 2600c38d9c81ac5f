package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.DockerTestSupport;
import dev.forkline.replay.scenario.ScenarioRecorder;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.Verdict;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("docker")
class ReplayEngineTest {

    private static DockerEngine engine;
    private static Path basics;
    private static Path lostEffect;

    @TempDir
    static Path recorded;

    @TempDir
    Path work;

    @BeforeAll
    static void record() throws Exception {
        engine = DockerTestSupport.engineOrSkip();
        ScenarioRecorder recorder = new ScenarioRecorder(engine);
        basics = recorder.recordScenario(resource("replay-basics.yaml"), recorded.resolve("replay-basics"));
        lostEffect = recorder.recordScenario(resource("replay-lost-effect.yaml"), recorded.resolve("replay-lost-effect"));
    }

    static Path resource(String name) throws Exception {
        return Path.of(ReplayEngineTest.class.getResource("/replay/" + name).toURI());
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    private ReplayResult replay(ReplayRequest request) throws Exception {
        return new ReplayEngine(engine).replay(request, ReplayListener.NONE);
    }

    @Test
    void anUneditedReplayFromTheFirstCheckpointMatchesEveryReExecutedStep() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        List<String> progress = new ArrayList<>();
        List<String> returned = new ArrayList<>();
        ReplayResult result = new ReplayEngine(engine).replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").build(),
                new ReplayListener() {
                    @Override
                    public void stepStarted(int number, int total, String label) {
                        progress.add(number + "/" + total + " " + label);
                    }

                    @Override
                    public void callReturned(int number, dev.forkline.replay.sandbox.ExecResult call) {
                        returned.add(number + " exit " + call.exitCode());
                    }
                });

        assertThat(result.stopReason()).isEqualTo(ReplayResult.StopReason.COMPLETED);
        assertThat(result.diverged()).as(describe(result)).isZero();
        assertThat(result.firstDivergence()).isEmpty();
        // c1, c2, c3, c4 re-executed and matched (c1's date is normalised); cp-green matched
        assertThat(result.matched()).isEqualTo(5);
        assertThat(result.stubbed()).as("the fetch f1 is answered from the recording").isEqualTo(1);
        assertThat(result.contained()).as("the escape e1 is still blocked").isEqualTo(1);
        assertThat(result.exitCode()).isZero();
        assertThat(result.outcome().replayOutcome()).isEqualTo("failure");
        assertThat(result.outcome().originalExitCode()).isEqualTo(2);
        assertThat(result.outcome().replayExitCode()).isEqualTo(2);
        assertThat(progress).hasSize(result.steps().size()).first().asString().startsWith("1/" + result.totalSteps());
        // c1 to c4 and the escape e1 run in the sandbox; the fetch f1 is stubbed
        Event c4 = Bundles.call(bundle, "r1", "c4");
        StepResult c4Step = result.steps().stream().filter(step -> step.eventId().equals(c4.id())).findFirst().orElseThrow();
        assertThat(returned).hasSize(5).contains(c4Step.number() + " exit 2");
        assertThat(result.timings().provisionMs()).isPositive();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();

        List<Event> replayRun = Bundles.runEvents(bundle, result.replayRun());
        Event fork = replayRun.getFirst();
        assertThat(fork.is(EventType.RUN_FORK)).isTrue();
        assertThat(fork.text("reason")).isEqualTo("replay");
        assertThat(fork.text("parentRun")).isEqualTo("r1");
        Event checkpoint = Bundles.events(bundle).stream().filter(e -> e.id().equals(result.checkpointEventId())).findFirst().orElseThrow();
        assertThat(fork.prev()).isEqualTo(checkpoint.hash());
        for (Event e : replayRun.subList(1, replayRun.size() - 1)) {
            assertThat(e.text("replayOf")).as("every replayed event names what it replays: " + e.id()).isNotNull();
            assertThat(e.causes()).contains(e.text("replayOf"));
        }
        Event end = replayRun.getLast();
        assertThat(end.is(EventType.SESSION_END)).isTrue();
        try (var read = dev.forkline.trace.bundle.BundleReader.read(bundle)) {
            var state = new dev.forkline.trace.state.StateReconstructor(read);
            assertThat(state.atEnd(result.replayRun()).workspace().files())
                    .as("the replay's workspace, rebuilt from its own events, is the recording's")
                    .isEqualTo(state.atEnd("r1").workspace().files());
        }
        assertThat(end.data().has("recoveryTimeMs")).isTrue();
        assertThat(end.data().path("lostTokens").asLong()).isPositive();
    }

    @Test
    void aForkWithTheCorrectedCallMakesTheCheckPass() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        Event wrong = Bundles.call(bundle, "r1", "c3");
        ObjectNode patch = (ObjectNode) Json.MAPPER.readTree("{\"arguments\":{\"command\":\"rm -rf build\"}}");
        ReplayResult result = replay(ReplayRequest.builder(bundle).edit(EventEdit.merge(wrong.id(), patch)).build());

        assertThat(result.checkpointId()).as("the latest checkpoint before the edit").isEqualTo("cp-green");
        assertThat(result.diverged()).as(describe(result)).isZero();
        assertThat(result.expectedDivergences()).as("c3 and c4 now do something else").isGreaterThanOrEqualTo(2);
        assertThat(result.outcome().checkNowPasses()).isTrue();
        assertThat(result.outcome().replayOutcome()).isEqualTo("success");
        assertThat(result.exitCode()).isZero();
        Event fork = Bundles.runEvents(bundle, result.replayRun()).getFirst();
        assertThat(fork.text("reason")).isEqualTo("fork");
        assertThat(fork.data().path("edits").get(0).path("event").asText()).isEqualTo(wrong.id());
        Event replayedCall = Bundles.runEvents(bundle, result.replayRun()).stream()
                .filter(e -> wrong.id().equals(e.text("replayOf"))).findFirst().orElseThrow();
        assertThat(replayedCall.data().path("exec").path("argv").get(2).asText()).isEqualTo("rm -rf build");
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void droppingTheWrongCallAlsoMakesTheCheckPass() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        Event wrong = Bundles.call(bundle, "r1", "c3");
        ReplayResult result = replay(ReplayRequest.builder(bundle).checkpoint("cp-green").edit(EventEdit.parse(wrong.id() + "={\"drop\":true}")).build());
        assertThat(result.count(StepStatus.DROPPED)).isEqualTo(1);
        assertThat(result.outcome().replayExitCode()).isZero();
        assertThat(result.diverged()).as(describe(result)).isZero();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void aRecordedOutputChangedAndReHashedDivergesExactlyThere() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        Event c2 = Bundles.call(bundle, "r1", "c2");
        Event result2 = Bundles.resultOf(bundle, c2);
        Bundles.tamperAndRehash(bundle, result2.id(), data -> data.put("stdout", data.path("stdout").asText().replace("greet", "gr33t")));
        assertThat(Bundles.verify(bundle).problems()).as("re-hashed: the chain is consistent").isEmpty();

        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").stopAtFirstDivergence(true).build());

        assertThat(result.stopReason()).isEqualTo(ReplayResult.StopReason.FIRST_DIVERGENCE);
        StepResult first = result.firstDivergence().orElseThrow();
        assertThat(first.eventId()).isEqualTo(c2.id());
        assertThat(first.diffs()).singleElement().satisfies(d -> {
            assertThat(d.field()).isEqualTo("stdout");
            assertThat(d.excerpt()).contains("-gr33t\n+greet\n").contains("-gr33t.sh\n+greet.sh\n");
        });
        assertThat(result.steps().getLast()).isEqualTo(first);
        assertThat(result.exitCode()).isEqualTo(3);
        Event replayedResult = Bundles.events(bundle).stream().filter(e -> e.id().equals(first.replayEventId())).findFirst().orElseThrow();
        assertThat(replayedResult.text("replayOf")).isEqualTo(result2.id());
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void anUnknownExternalEffectNeedsADecisionUntilOneIsRecorded() throws Exception {
        Path bundle = Bundles.copy(lostEffect, work);
        Event x1 = Bundles.call(bundle, "r1", "x1");
        int queuedBefore = Bundles.queued(bundle);

        ReplayResult blocked = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-validated").build());
        assertThat(blocked.stopReason()).isEqualTo(ReplayResult.StopReason.NEEDS_DECISION);
        assertThat(blocked.needsDecision()).isEqualTo(1);
        assertThat(blocked.pendingDecision().orElseThrow().eventId()).isEqualTo(x1.id());
        assertThat(blocked.stopDetail()).contains("needs a decision").contains(x1.id());
        assertThat(blocked.exitCode()).isEqualTo(1);
        assertThat(Bundles.queued(bundle)).as("the replay asks nothing new: the decision is about the original call").isEqualTo(queuedBefore);
        assertThat(Bundles.verify(bundle).problems()).isEmpty();

        Path outbox = bundle.resolve("stand-ins/payments.jsonl");
        List<String> before = Files.readAllLines(outbox);
        new DecisionRecorder(new OwnerKeys(work.resolve("keys"))).record(bundle,
                Decision.of(x1.id(), Verdict.APPROVE, "dana", "re-fire it: the provider deduplicates by idempotency key"));

        ReplayResult approved = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-validated").build());
        assertThat(approved.stopReason()).as(describe(approved)).isEqualTo(ReplayResult.StopReason.COMPLETED);
        assertThat(approved.count(StepStatus.REFIRED)).isEqualTo(1);
        assertThat(approved.steps().stream().filter(s -> s.status() == StepStatus.REFIRED).findFirst().orElseThrow().note())
                .contains("not delivered twice");
        assertThat(Files.readAllLines(outbox)).as("idempotent: nothing charged twice").isEqualTo(before);
        assertThat(approved.diverged()).as(describe(approved)).isZero();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void withTrustedKeysOnlyASignedDecisionByATrustedKeyCounts() throws Exception {
        Path bundle = Bundles.copy(lostEffect, work);
        Event x1 = Bundles.call(bundle, "r1", "x1");
        OwnerKeys ring = new OwnerKeys(work.resolve("keys"));
        new DecisionRecorder(ring).record(bundle, Decision.of(x1.id(), Verdict.DENY, "dana", "do not pay again"));

        ReplayResult untrusted = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-validated")
                .trustedKeys(dev.forkline.trace.decision.TrustedKeys.none()).build());
        assertThat(untrusted.stopReason()).isEqualTo(ReplayResult.StopReason.NEEDS_DECISION);

        ReplayResult trusted = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-validated")
                .trustedKeys(ring.trustedKeys()).build());
        assertThat(trusted.stopReason()).isEqualTo(ReplayResult.StopReason.COMPLETED);
    }

    @Test
    void aDeniedUnknownEffectStaysStubbedAndTheReplayGoesOn() throws Exception {
        Path bundle = Bundles.copy(lostEffect, work);
        Event x1 = Bundles.call(bundle, "r1", "x1");
        new DecisionRecorder(new OwnerKeys(work.resolve("keys"))).record(bundle,
                Decision.of(x1.id(), Verdict.DENY, "dana", "do not pay again"));
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-validated").build());
        assertThat(result.stopReason()).isEqualTo(ReplayResult.StopReason.COMPLETED);
        assertThat(result.steps().stream().filter(s -> s.eventId().equals(x1.id())).findFirst().orElseThrow().status())
                .isEqualTo(StepStatus.STUBBED);
        assertThat(Bundles.queued(bundle)).isZero();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void aDecisionToTreatTheEffectAsDoneSettlesItWithoutReFiring() throws Exception {
        Path bundle = Bundles.copy(lostEffect, work);
        Event x1 = Bundles.call(bundle, "r1", "x1");
        ObjectNode decision = Json.object();
        decision.put("subject", x1.id()).put("verdict", "approve").put("owner", "dana")
                .put("rationale", "the provider confirmed the charge by phone").put("treatAs", "done");
        Bundles.append(bundle, x1.run(), "human:dana", dev.forkline.trace.EventType.APPROVAL_DECISION, decision, x1.id());
        List<String> outboxBefore = Files.readAllLines(bundle.resolve("stand-ins/payments.jsonl"));

        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-validated").build());
        assertThat(result.stopReason()).as(describe(result)).isEqualTo(ReplayResult.StopReason.COMPLETED);
        StepResult settled = result.steps().stream().filter(s -> s.eventId().equals(x1.id())).findFirst().orElseThrow();
        assertThat(settled.status()).isEqualTo(StepStatus.DECIDED);
        assertThat(settled.note()).contains("treated as done");
        Event written = Bundles.events(bundle).stream().filter(e -> e.id().equals(settled.replayEventId())).findFirst().orElseThrow();
        assertThat(written.text("outcome")).isEqualTo("done");
        assertThat(Files.readAllLines(bundle.resolve("stand-ins/payments.jsonl"))).isEqualTo(outboxBefore);
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void anEscalatedDecisionStillNeedsADecision() throws Exception {
        Path bundle = Bundles.copy(lostEffect, work);
        Event x1 = Bundles.call(bundle, "r1", "x1");
        new DecisionRecorder(new OwnerKeys(work.resolve("keys"))).record(bundle,
                Decision.of(x1.id(), Verdict.ESCALATE, "dana", "finance must decide"));
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-validated").build());
        assertThat(result.stopReason()).isEqualTo(ReplayResult.StopReason.NEEDS_DECISION);
        assertThat(result.stopDetail()).contains("escalated");
    }

    @Test
    void anEscapeThatSucceedsIsReportedAsNotContained() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        Event escape = Bundles.call(bundle, "r1", "e1");
        ObjectNode patch = (ObjectNode) Json.MAPPER.readTree("{\"exec\":{\"argv\":[\"sh\",\"-c\",\"echo inside\"]}}");
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green")
                .edit(EventEdit.merge(escape.id(), patch)).build());
        assertThat(result.notContained()).isEqualTo(1);
        assertThat(result.firstDivergence().orElseThrow().eventId()).isEqualTo(escape.id());
        assertThat(result.firstDivergence().orElseThrow().diffs().getFirst()).isEqualTo(FieldDiff.of("contained", true, false));
        assertThat(result.exitCode()).isEqualTo(3);
        Event attempt = Bundles.runEvents(bundle, result.replayRun()).stream()
                .filter(e -> e.is(EventType.ESCAPE_ATTEMPT)).findFirst().orElseThrow();
        assertThat(attempt.data().path("blocked").asBoolean()).isFalse();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void aCancelledReplayEndsAbortedAfterTheCurrentStep() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        Cancellation cancel = new Cancellation();
        ReplayResult result = new ReplayEngine(engine).replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial")
                .cancellation(cancel).build(), new ReplayListener() {
                    @Override
                    public void stepStarted(int number, int total, String label) {
                        if (number == 2) {
                            cancel.cancel();
                        }
                    }
                });
        assertThat(result.stopReason()).isEqualTo(ReplayResult.StopReason.CANCELLED);
        assertThat(result.steps()).hasSize(2);
        assertThat(result.outcome().replayOutcome()).isEqualTo("aborted");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(Bundles.runEvents(bundle, result.replayRun()).getLast().text("outcome")).isEqualTo("aborted");
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void twoReplaysOfOneBundleAtOnceGetTheirOwnRunsAndTheBundleStillVerifies() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        var executor = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var first = executor.submit(() -> replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").build()));
            var second = executor.submit(() -> replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").build()));
            assertThat(java.util.Set.of(first.get().replayRun(), second.get().replayRun())).containsExactlyInAnyOrder("r1-replay-1", "r1-replay-2");
            assertThat(first.get().diverged() + second.get().diverged()).isZero();
        } finally {
            executor.shutdown();
        }
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void aRunAppendedByAnotherWriterWhileTheSandboxStartsIsSeenBeforeTheForkIsWritten() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        // another process takes the run id this replay reserved, between the replay's read and its fork
        var replay = new ReplayEngine(engine);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> replay.replay(
                        ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").build(), new ReplayListener() {
                            @Override
                            public void started(String replayRun, String checkpointId, int totalSteps) {
                                ObjectNode data = Json.object();
                                data.put("message", "written by another process");
                                Bundles.append(bundle, replayRun, "harness", EventType.ERROR, data);
                            }
                        }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already exists");
        assertThat(Bundles.verify(bundle).problems()).as("no second run under the same id").isEmpty();
    }

    @Test
    void aPoolHandsOutPreStartedSandboxesAndNeverReusesThem() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        try (SandboxPool pool = new SandboxPool(engine, 1)) {
            var boundary = dev.forkline.replay.sandbox.IsolationBoundary.strict();
            pool.prewarm(boundary);
            assertThat(pool.awaitWarm(boundary, 60_000)).isTrue();
            assertThat(pool.idle(boundary)).isEqualTo(1);
            ReplayResult first = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").pool(pool).build());
            assertThat(first.timings().fromPool()).isTrue();
            assertThat(first.diverged()).as(describe(first)).isZero();
            assertThat(pool.awaitWarm(boundary, 60_000)).isTrue();
            ReplayResult second = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").pool(pool).build());
            assertThat(second.timings().fromPool()).isTrue();
            assertThat(second.containerId()).isNotEqualTo(first.containerId());
            assertThat(Bundles.verify(bundle).problems()).isEmpty();
        }
    }

    @Test
    void aReplayFromAPreparedCheckpointTakesTheSandboxPreparedForItAndThePoolPreparesAnotherAfterwards() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        ReplayEngine replays = new ReplayEngine(engine);
        try (SandboxPool pool = new SandboxPool(engine, 1)) {
            ReplayRequest request = ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").pool(pool).build();
            assertThat(replays.prepare(request).get(60, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.prepared()).isEqualTo(1);
            assertThat(DockerTestSupport.containersOfThisProcess(engine)).as("prepared, not yet handed out").hasSize(1);

            ReplayResult first = replays.replay(request, ReplayListener.NONE);
            assertThat(first.timings().prepared()).isTrue();
            assertThat(first.timings().fromPool()).isTrue();
            assertThat(first.diverged()).as(describe(first)).isZero();
            Event fork = Bundles.runEvents(bundle, first.replayRun()).getFirst();
            assertThat(fork.data().path("replay").path("prepared").asBoolean()).isTrue();
            assertThat(Bundles.verify(bundle).problems()).isEmpty();

            assertThat(pool.prepared()).as("the checkpoint is prepared again for the next replay").isEqualTo(1);
            assertThat(replays.prepare(request).get(60, TimeUnit.SECONDS)).isTrue();
            ReplayResult second = replays.replay(request, ReplayListener.NONE);
            assertThat(second.timings().prepared()).isTrue();
            assertThat(second.containerId()).as("a sandbox handed out is never reused").isNotEqualTo(first.containerId());
            assertThat(second.diverged()).as(describe(second)).isZero();
        }
    }

    @Test
    void aSandboxPreparedForAnotherCheckpointIsNotHandedOut() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        ReplayEngine replays = new ReplayEngine(engine);
        try (SandboxPool pool = new SandboxPool(engine, 1)) {
            assertThat(replays.prepare(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").pool(pool).build())
                    .get(60, TimeUnit.SECONDS)).isTrue();
            ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").pool(pool).build());
            assertThat(result.timings().prepared()).isFalse();
            assertThat(result.diverged()).as(describe(result)).isZero();
            assertThat(result.checkpointId()).isEqualTo("cp-green");
        }
    }

    @Test
    void aPoolKeepsAtMostItsSizeOfPreparedSandboxesAndRemovesTheOldest() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        ReplayEngine replays = new ReplayEngine(engine);
        try (SandboxPool pool = new SandboxPool(engine, 1)) {
            var initial = replays.prepare(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").pool(pool).build());
            var green = replays.prepare(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").pool(pool).build());
            assertThat(initial.get(60, TimeUnit.SECONDS)).isTrue();
            assertThat(green.get(60, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.prepared()).isEqualTo(1);
            assertThat(DockerTestSupport.containersOfThisProcess(engine)).as("the first preparation's sandbox is removed").hasSize(1);
        }
        assertThat(DockerTestSupport.containersOfThisProcess(engine)).as("closing the pool removes what it prepared").isEmpty();
    }

    @Test
    void aPoolOfPreparedSandboxesOnlyStartsNoIdleOneBesideAReplayItHadNothingPreparedFor() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        ReplayEngine replays = new ReplayEngine(engine);
        var boundary = dev.forkline.replay.sandbox.IsolationBoundary.strict();
        try (SandboxPool pool = SandboxPool.preparedOnly(engine, 1)) {
            ReplayResult cold = replays.replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").pool(pool).build(),
                    ReplayListener.NONE);
            assertThat(cold.timings().fromPool()).isFalse();
            assertThat(cold.diverged()).as(describe(cold)).isZero();
            assertThat(pool.awaitWarm(boundary, 60_000)).isTrue();
            assertThat(pool.idle(boundary)).isZero();

            ReplayRequest green = ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").pool(pool).build();
            assertThat(replays.prepare(green).get(60, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.prepared()).as("the capacity is one: cp-initial, prepared again after its replay, gave way").isEqualTo(1);
            ReplayResult warm = replays.replay(green, ReplayListener.NONE);
            assertThat(warm.timings().prepared()).isTrue();
            assertThat(warm.diverged()).as(describe(warm)).isZero();
        }
        assertThat(DockerTestSupport.containersOfThisProcess(engine)).isEmpty();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SandboxPool.preparedOnly(engine, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPoolOfSizeZeroPreparesNothingAndPreparingNeedsAPool() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        ReplayEngine replays = new ReplayEngine(engine);
        try (SandboxPool pool = new SandboxPool(engine, 0)) {
            assertThat(replays.prepare(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").pool(pool).build())
                    .get(60, TimeUnit.SECONDS)).isFalse();
            assertThat(pool.prepared()).isZero();
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> replays.prepare(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pool");
    }

    @Test
    void aJUnitReportHasOneTestcasePerStepAndAFailureAtTheDivergence() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        Event c2 = Bundles.call(bundle, "r1", "c2");
        Bundles.tamperAndRehash(bundle, Bundles.resultOf(bundle, c2).id(), data -> data.put("exitCode", 9));
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").build());
        assertThat(result.diverged()).isEqualTo(1);
        assertThat(result.stopReason()).isEqualTo(ReplayResult.StopReason.COMPLETED);
        assertThat(result.firstDivergence().orElseThrow().diffs()).singleElement()
                .isEqualTo(FieldDiff.of("exitCode", 9, 0));

        Path xml = work.resolve("reports/replay.xml");
        JUnitReport.write(result, xml);
        var document = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        var suite = document.getDocumentElement();
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getElementsByTagName("testcase").getLength()).isEqualTo(result.steps().size());
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(suite.getElementsByTagName("failure").item(0).getAttributes().getNamedItem("message").getNodeValue())
                .contains("exitCode").contains("9");
        assertThat(suite.getElementsByTagName("skipped").getLength()).isEqualTo((int) result.stubbed());
    }

    @Test
    void aRevertIntoADirectoryRestoresTheCheckpointAndRecordsHowLongItTook() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        Path out = work.resolve("restored");
        RevertResult result = new Reverter(engine).revert(RevertRequest.toDirectory(bundle, "cp-green", out));

        assertThat(Files.readString(out.resolve("tests/run.sh"))).contains("build/greet");
        assertThat(Files.isExecutable(out.resolve("build/greet"))).isTrue();
        assertThat(out.resolve("notes")).doesNotExist();
        assertThat(result.files()).isEqualTo(4);
        Event revert = Bundles.runEvents(bundle, result.revertRun()).stream().filter(e -> e.id().equals(result.revertEventId()))
                .findFirst().orElseThrow();
        assertThat(revert.is(EventType.REVERT)).isTrue();
        assertThat(revert.text("target")).isEqualTo("directory");
        assertThat(revert.data().has("durationMs")).isTrue();
        assertThat(revert.data().path("lostTokens").asLong()).as("the model calls after cp-green").isEqualTo(1100 + 40 + 1000 + 1200 + 30 + 1100);
        assertThat(revert.data().path("lostCostUsd").decimalValue()).isEqualByComparingTo("0.005");
        assertThat(revert.data().path("recoveryTimeMs").asLong()).isPositive();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void aRevertIntoAContainerKeepsItRunningForInspection() throws Exception {
        Path bundle = Bundles.copy(basics, work);
        RevertResult result = new Reverter(engine).revert(RevertRequest.toContainer(bundle, "cp-green"));
        try {
            var state = engine.client().inspectContainerCmd(result.containerId()).exec();
            assertThat(state.getState().getRunning()).isTrue();
            assertThat(state.getHostConfig().getNetworkMode()).isEqualTo("none");
            assertThat(state.getConfig().getLabels()).doesNotContainKey(dev.forkline.replay.sandbox.SandboxLabels.PID);
            assertThat(engine.sweepOrphans()).doesNotContain(result.containerId());
            Event revert = Bundles.runEvents(bundle, result.revertRun()).stream().filter(e -> e.id().equals(result.revertEventId()))
                .findFirst().orElseThrow();
            assertThat(revert.text("containerId")).isEqualTo(result.containerId());
            assertThat(Bundles.verify(bundle).problems()).isEmpty();
        } finally {
            engine.remove(result.containerId());
        }
    }

    static String describe(ReplayResult result) {
        StringBuilder s = new StringBuilder(result.stopReason() + " " + result.stopDetail() + "\n");
        result.steps().forEach(step -> s.append(step.number()).append(' ').append(step.label()).append(": ").append(step.status())
                .append(step.note() == null ? "" : " (" + step.note() + ")")
                .append(step.diffs().stream().map(FieldDiff::describe).toList()).append('\n'));
        return s.toString();
    }
}
