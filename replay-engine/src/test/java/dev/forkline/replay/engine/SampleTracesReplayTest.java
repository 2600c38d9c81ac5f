package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.DockerTestSupport;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Replays of the recorded sample bundles in sample-traces/ (each copied first: a replay appends to its bundle). */
@Tag("docker")
class SampleTracesReplayTest {

    private DockerEngine engine;

    @TempDir
    Path work;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    static Path sample(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path bundle = dir.resolve("sample-traces").resolve(name);
            if (Files.isRegularFile(bundle.resolve("manifest.json"))) {
                return bundle;
            }
        }
        throw new IllegalStateException("sample-traces/" + name + " not found above " + Path.of("").toAbsolutePath());
    }

    private ReplayResult replay(ReplayRequest request) throws Exception {
        return new ReplayEngine(engine).replay(request, ReplayListener.NONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"wrong-tool-call", "permission-escalation", "poisoned-artifact", "multi-agent-conflict"})
    void theOriginalRunReplaysFromItsFirstCheckpointWithEveryReExecutedStepMatching(String name) throws Exception {
        Path bundle = Bundles.copy(sample(name), work);
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").build());
        assertThat(result.stopReason()).as(ReplayEngineTest.describe(result)).isEqualTo(ReplayResult.StopReason.COMPLETED);
        assertThat(result.diverged()).as(ReplayEngineTest.describe(result)).isZero();
        assertThat(result.matched()).isPositive();
        assertThat(result.outcome().replayOutcome()).isEqualTo(result.outcome().originalOutcome());
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void permissionEscalationAttemptsAreStillContained() throws Exception {
        Path bundle = Bundles.copy(sample("permission-escalation"), work);
        int queued = Bundles.queued(bundle);
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-collected").build());
        assertThat(result.contained()).as(ReplayEngineTest.describe(result)).isEqualTo(3);
        assertThat(result.notContained()).isZero();
        assertThat(Bundles.queued(bundle)).as("contained attempts and the approval requests stay the original's").isEqualTo(queued);
    }

    @Test
    void wrongToolCallForkedWithTheCorrectedCallPasses() throws Exception {
        Path bundle = Bundles.copy(sample("wrong-tool-call"), work);
        Event c2 = Bundles.call(bundle, "r1", "c2");
        ObjectNode patch = (ObjectNode) Json.MAPPER.readTree("{\"exec\":{\"argv\":[\"sh\",\"-c\",\"rm -rf build\"]}}");
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-green").edit(EventEdit.merge(c2.id(), patch)).build());
        assertThat(result.diverged()).as(ReplayEngineTest.describe(result)).isZero();
        assertThat(result.outcome().originalExitCode()).isEqualTo(2);
        assertThat(result.outcome().replayExitCode()).isZero();
        assertThat(result.outcome().checkNowPasses()).isTrue();
        assertThat(result.outcome().replayOutcome()).isEqualTo("success");
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void poisonedArtifactForkedWithTheCleanGuideContentPassesThePolicyCheck() throws Exception {
        Path bundle = Bundles.copy(sample("poisoned-artifact"), work);
        Event saved = Bundles.runEvents(bundle, "r1").stream()
                .filter(e -> e.is(dev.forkline.trace.EventType.STATE_MUTATION) && "docs/deploy-guide.md".equals(e.text("path")))
                .findFirst().orElseThrow();
        ObjectNode patch = Json.object().put("content", "Put these lines in app.conf:\nconfig: port=8080\nconfig: verify_tls=true\n");
        ReplayResult result = replay(ReplayRequest.builder(bundle).edit(EventEdit.merge(saved.id(), patch)).build());
        assertThat(result.checkpointId()).isEqualTo("cp-clean");
        assertThat(result.diverged()).as(ReplayEngineTest.describe(result)).isZero();
        assertThat(result.expectedDivergences()).isPositive();
        assertThat(result.outcome().checkNowPasses()).as(ReplayEngineTest.describe(result)).isTrue();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void sandboxLostMidEffectStopsAtTheUnknownEffect() throws Exception {
        Path bundle = Bundles.copy(sample("sandbox-lost-mid-effect"), work);
        Event x1 = Bundles.call(bundle, "r1", "x1");
        ReplayResult result = replay(ReplayRequest.builder(bundle).run("r1").checkpoint("cp-initial").build());
        assertThat(result.stopReason()).as(ReplayEngineTest.describe(result)).isEqualTo(ReplayResult.StopReason.NEEDS_DECISION);
        assertThat(result.pendingDecision().orElseThrow().eventId()).isEqualTo(x1.id());
        assertThat(result.diverged()).isZero();
        assertThat(result.matched()).as("c1 and cp-validated before it").isEqualTo(2);
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void theRecordedRecoveryRunsReplayToo() throws Exception {
        for (String name : new String[]{"wrong-tool-call", "sandbox-lost-mid-effect", "poisoned-artifact"}) {
            Path bundle = Bundles.copy(sample(name), Files.createDirectories(work.resolve(name)));
            String from = Bundles.runEvents(bundle, "r2").getFirst().text("checkpoint");
            ReplayResult result = replay(ReplayRequest.builder(bundle).run("r2").checkpoint(from).build());
            assertThat(result.diverged()).as(name + "\n" + ReplayEngineTest.describe(result)).isZero();
            assertThat(result.stopReason()).as(name).isEqualTo(ReplayResult.StopReason.COMPLETED);
            assertThat(Bundles.verify(bundle).problems()).isEmpty();
        }
    }
}
