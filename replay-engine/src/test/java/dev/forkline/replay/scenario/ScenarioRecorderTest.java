package dev.forkline.replay.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.DockerTestSupport;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("docker")
class ScenarioRecorderTest {

    @TempDir
    Path temp;

    private DockerEngine engine;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    static Path scenario(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path file = dir.resolve("sample-traces/scenarios/" + name + ".yaml");
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        throw new IllegalStateException("scenario " + name + " not found above " + Path.of("").toAbsolutePath());
    }

    private Bundle record(String name) throws Exception {
        Path out = temp.resolve(name + "-" + System.nanoTime());
        new ScenarioRecorder(engine).recordScenario(scenario(name), out);
        assertThat(out.resolve("README.md")).exists();
        Bundle bundle = BundleReader.read(out);
        assertWellFormed(bundle);
        return bundle;
    }

    /** Hash chains, fork links, causes, and every blob a checkpoint or mutation names. */
    private static void assertWellFormed(Bundle bundle) throws Exception {
        Map<String, Event> byId = new HashMap<>();
        Map<String, Event> tip = new HashMap<>();
        for (Event event : bundle.events()) {
            assertThat(event.hash()).isEqualTo(Hashes.eventHash(EventCodec.toJson(event)));
            for (String cause : event.causes()) {
                assertThat(byId).as("cause %s of %s", cause, event.id()).containsKey(cause);
            }
            Event previous = tip.get(event.run());
            if (previous != null) {
                assertThat(event.prev()).isEqualTo(previous.hash());
                assertThat(event.seq()).isEqualTo(previous.seq() + 1);
            } else if (event.run().equals(ScenarioRecorder.MAIN_RUN)) {
                assertThat(event.is(EventType.SESSION_START)).isTrue();
                assertThat(event.prev()).isNull();
            } else {
                assertThat(event.is(EventType.RUN_FORK)).as("first event of %s", event.run()).isTrue();
                Event checkpoint = byId.get(event.data().path("checkpointEvent").asText());
                assertThat(checkpoint.is(EventType.CHECKPOINT)).isTrue();
                assertThat(checkpoint.data().path("checkpointId").asText()).isEqualTo(event.data().path("checkpoint").asText());
                assertThat(event.prev()).isEqualTo(checkpoint.hash());
            }
            byId.put(event.id(), event);
            tip.put(event.run(), event);
            if (event.is(EventType.CHECKPOINT)) {
                for (Iterator<JsonNode> files = event.data().path("workspace").path("files").elements(); files.hasNext(); ) {
                    JsonNode file = files.next();
                    if (file.has("blob")) {
                        assertBlob(bundle, file.path("blob").asText());
                    }
                }
            }
            if (event.is(EventType.STATE_MUTATION)) {
                for (String side : List.of("before", "after")) {
                    if (event.data().path(side).isTextual()) {
                        assertBlob(bundle, event.data().path(side).asText());
                    }
                }
            }
        }
    }

    private static void assertBlob(Bundle bundle, String hash) throws Exception {
        Optional<byte[]> content = bundle.blobs().read(hash);
        assertThat(content).as("blob %s", hash).isPresent();
        assertThat(Hashes.sha256(content.get())).isEqualTo(hash);
    }

    private static List<Event> ofType(Bundle bundle, String run, EventType type) {
        return bundle.events().stream().filter(e -> e.run().equals(run) && e.is(type)).toList();
    }

    private static Event result(Bundle bundle, String run, String callId) {
        return ofType(bundle, run, EventType.TOOL_RESULT).stream()
                .filter(e -> e.data().path("callId").asText().equals(callId)).findFirst().orElseThrow();
    }

    private static String outcome(Bundle bundle, String run) {
        return ofType(bundle, run, EventType.SESSION_END).getFirst().data().path("outcome").asText();
    }

    @Test
    void wrongToolCallFailsThenTheCorrectedForkPasses() throws Exception {
        Bundle bundle = record("wrong-tool-call");
        assertThat(result(bundle, "r1", "c3").data().path("exitCode").asInt()).isEqualTo(2);
        assertThat(result(bundle, "r2", "c3").data().path("exitCode").asInt()).isZero();
        assertThat(result(bundle, "r2", "c3").data().path("stdout").asText()).contains("ok 3 - mul 6 7 = 42");
        Event fork = ofType(bundle, "r2", EventType.RUN_FORK).getFirst();
        assertThat(fork.data().path("reason").asText()).isEqualTo("fork");
        assertThat(fork.data().path("checkpoint").asText()).isEqualTo("cp-green");
        List<String> deletedInR1 = ofType(bundle, "r1", EventType.STATE_MUTATION).stream()
                .filter(e -> e.data().path("op").asText().equals("delete")).map(e -> e.data().path("path").asText()).toList();
        assertThat(deletedInR1).containsExactlyInAnyOrder("tests/cases.txt", "tests/run.sh");
        Event green = ofType(bundle, "r1", EventType.CHECKPOINT).stream()
                .filter(e -> e.data().path("checkpointId").asText().equals("cp-green")).findFirst().orElseThrow();
        assertThat(green.data().path("workspace").path("files").has("tests/run.sh")).isTrue();
        assertThat(outcome(bundle, "r1")).isEqualTo("failure");
        assertThat(outcome(bundle, "r2")).isEqualTo("success");
    }

    @Test
    void poisonedArtifactIsRevertedAndReplayedWithTheCleanGuide() throws Exception {
        Bundle bundle = record("poisoned-artifact");
        assertThat(result(bundle, "r1", "c4").data().path("stdout").asText()).contains("verify_tls must be true");
        assertThat(ofType(bundle, "r2", EventType.REVERT)).singleElement()
                .satisfies(revert -> assertThat(revert.data().path("checkpoint").asText()).isEqualTo("cp-clean"));
        assertThat(ofType(bundle, "r2", EventType.RUN_FORK).getFirst().data().path("reason").asText()).isEqualTo("revert");
        assertThat(result(bundle, "r2", "c4").data().path("stdout").asText()).isEqualTo("policy: ok\n");
    }

    @Test
    void permissionEscalationAttemptsAreAllBlockedAndWaitForTheOwner() throws Exception {
        Bundle bundle = record("permission-escalation");
        List<Event> escapes = ofType(bundle, "r1", EventType.ESCAPE_ATTEMPT);
        assertThat(escapes).extracting(e -> e.data().path("boundary").asText()).containsExactly("network", "filesystem", "privilege");
        assertThat(escapes).allSatisfy(e -> assertThat(e.data().path("blocked").asBoolean()).isTrue());
        assertThat(escapes.get(0).data().path("evidence").asText()).contains("Network is unreachable");
        assertThat(escapes.get(1).data().path("evidence").asText()).contains("Read-only file system");
        assertThat(ofType(bundle, "r1", EventType.APPROVAL_REQUEST)).hasSize(3);
        assertThat(ofType(bundle, "r1", EventType.APPROVAL_DECISION)).as("decisions are the owner's, signed, never scripted").isEmpty();
        assertThat(Files.readAllLines(Path.of(bundle.source()).resolve("stand-ins/ops-outbox.jsonl"))).hasSize(1);
    }

    @Test
    void multiAgentConflictShowsTwoLanesWritingTheSameFile() throws Exception {
        Bundle bundle = record("multi-agent-conflict");
        Map<String, String> writerOfMutation = new HashMap<>();
        for (Event mutation : ofType(bundle, "r1", EventType.STATE_MUTATION)) {
            Event call = bundle.events().stream().filter(e -> e.id().equals(mutation.causes().getFirst())).findFirst().orElseThrow();
            writerOfMutation.put(call.data().path("callId").asText(), call.actor() + " " + mutation.data().path("path").asText());
        }
        assertThat(writerOfMutation).containsEntry("b2", "agent:backend config/settings.env")
                .containsEntry("f2", "agent:frontend config/settings.env");
        assertThat(result(bundle, "r1", "b3").data().path("exitCode").asInt()).isEqualTo(1);
        assertThat(result(bundle, "r2", "b3").data().path("stdout").asText()).isEqualTo("contract: ok\n");
        assertThat(ofType(bundle, "r1", EventType.AGENT_MESSAGE)).hasSize(1);
        assertThat(ofType(bundle, "r1", EventType.AGENT_HANDOFF)).hasSize(1);
    }

    @Test
    void aSandboxKilledMidEffectLeavesTheCallWithoutAResult() throws Exception {
        Bundle bundle = record("sandbox-lost-mid-effect");
        Event call = ofType(bundle, "r1", EventType.TOOL_CALL).stream()
                .filter(e -> e.data().path("callId").asText().equals("x1")).findFirst().orElseThrow();
        assertThat(ofType(bundle, "r1", EventType.TOOL_RESULT))
                .noneMatch(e -> e.data().path("callId").asText().equals("x1"));
        Event lost = ofType(bundle, "r1", EventType.SANDBOX_LOST).getFirst();
        assertThat(lost.causes()).containsExactly(call.id());
        assertThat(lost.data().path("exitCode").asInt()).isEqualTo(137);
        Event restart = ofType(bundle, "r1", EventType.HARNESS_RESTART).getFirst();
        assertThat(restart.data().path("fromCheckpoint").asText()).isEqualTo("cp-validated");
        assertThat(restart.data().path("unknownOutcomes").get(0).asText()).isEqualTo("x1");
        assertThat(result(bundle, "r1", "c2").data().path("stdout").asText()).isEqualTo("order-42.json\norder-42.validated\n");
        assertThat(result(bundle, "r2", "x2").data().path("exitCode").asInt()).isZero();
        List<String> charges = Files.readAllLines(Path.of(bundle.source()).resolve("stand-ins/payments.jsonl"));
        assertThat(charges).hasSize(1);
        assertThat(outcome(bundle, "r1")).isEqualTo("unknown");
    }

    @Test
    void reRecordingGivesTheSameOutputsAndWorkspaces() throws Exception {
        for (String name : List.of("wrong-tool-call", "sandbox-lost-mid-effect")) {
            List<String> first = fingerprint(record(name));
            List<String> second = fingerprint(record(name));
            assertThat(second).as(name).isEqualTo(first);
            assertThat(first).as(name).isNotEmpty();
        }
    }

    /** What must not change between recordings: event shapes, tool outputs, exit codes, mutations, checkpoint contents. */
    private static List<String> fingerprint(Bundle bundle) {
        List<String> lines = new ArrayList<>();
        for (Event e : bundle.events()) {
            JsonNode d = e.data();
            String detail = switch (e.kind()) {
                case TOOL_RESULT -> d.path("callId").asText() + " exit=" + d.path("exitCode").asText() + " out=" + d.path("stdout")
                        + d.path("stdoutBlob") + " err=" + d.path("stderr") + d.path("stderrBlob");
                case STATE_MUTATION -> d.path("path").asText() + " " + d.path("op").asText() + " " + d.path("before").asText()
                        + " -> " + d.path("after").asText() + " " + d.path("mode").asText();
                case CHECKPOINT -> d.path("checkpointId").asText() + " " + d.path("workspace").toString();
                case SANDBOX_LOST -> "exit=" + d.path("exitCode").asText() + " oom=" + d.path("oomKilled").asText();
                default -> "";
            };
            lines.add(e.id() + " " + e.actor() + " " + e.type() + " " + e.causes().stream().collect(Collectors.joining(",")) + " " + detail);
        }
        return lines;
    }
}
