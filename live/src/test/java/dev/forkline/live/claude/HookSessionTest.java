package dev.forkline.live.claude;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.live.LiveBundle;
import dev.forkline.live.support.LiveFixture;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.verify.Verifier;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hook payloads shaped as Claude Code's hooks documentation gives them drive a session through forkline serve: a call
 * that matches no escape rule passes at once; one that matches waits until the owner's signed decision (recorded as
 * {@code forkline decide} records it) releases it with allow, or denies it with the owner's reason; no decision in
 * time denies with the contract's reason. The live trace verifies at every step and reaches the store.
 */
class HookSessionTest {

    static final String CONTRACT = """
            contract: live-test
            isolation: {}
            retention: 30d
            checkpointCadence: {maxToolCalls: 10}
            revert: {mechanism: directory}
            owner: {name: dana}
            recoveryTimeBound: 5m
            scenarios: []
            escapes:
              waitFor: 3s
              onTimeout: "no word from dana in time: denied"
              rules:
                - {id: push, kind: command, match: ["git push*"]}
                - {id: net, kind: network}
                - {id: outside, kind: outsideProject}
            """;

    @TempDir
    Path dir;
    OwnerKeys keys;
    Contract contract;
    Path project;

    @BeforeEach
    void setUp() throws Exception {
        keys = new OwnerKeys(dir.resolve("owners"));
        contract = ContractReader.parse(CONTRACT, "contract.yaml");
        project = Files.createDirectories(dir.resolve("project"));
    }

    @Test
    void escapesWaitForTheOwnersSignedDecisionAndEverythingElsePasses() throws Exception {
        keys.loadOrCreate("dana");
        try (LiveFixture serve = new LiveFixture(dir, contract, this::trusted)) {
            assertThat(hook(serve, payload("SessionStart").put("source", "startup")).body()).isEmpty();
            assertThat(hook(serve, payload("UserPromptSubmit").put("prompt", "push the fix")).body()).isEmpty();

            HttpResponse<byte[]> passing = hook(serve, preToolUse("toolu_1", "Bash", "git status"));
            assertThat(passing.statusCode()).isEqualTo(200);
            assertThat(passing.body()).as("a call no rule names passes at once, with no decision (a wait would end in a deny)").isEmpty();
            hook(serve, postToolUse("toolu_1", "On branch main"));

            Path bundleDir = serve.root.claudeSession("s-1");
            // git push: waits; dana approves with forkline decide's recorder
            CompletableFuture<HttpResponse<byte[]>> push = CompletableFuture.supplyAsync(() -> hookQuietly(serve,
                    preToolUse("toolu_2", "Bash", "cd " + project + " && git push origin main")));
            Event request = awaitRequest(bundleDir, 1);
            assertThat(request.data().path("reason").asText()).contains("push").contains("git push origin main");
            assertThat(push).isNotDone();
            Event decision = new DecisionRecorder(keys).record(bundleDir, Decision.of(request.id(), Verdict.APPROVE, "dana", "release is due"));
            JsonNode allowed = Json.MAPPER.readTree(push.get(10, TimeUnit.SECONDS).body()).path("hookSpecificOutput");
            assertThat(allowed.path("hookEventName").asText()).isEqualTo("PreToolUse");
            assertThat(allowed.path("permissionDecision").asText()).isEqualTo("allow");
            assertThat(allowed.path("permissionDecisionReason").asText()).contains("dana").contains("release is due");

            // a write outside the project: denied with dana's reason
            CompletableFuture<HttpResponse<byte[]>> write = CompletableFuture.supplyAsync(() -> hookQuietly(serve,
                    writeTool("toolu_3", "/etc/hosts")));
            Event second = awaitRequest(bundleDir, 2);
            new DecisionRecorder(keys).record(bundleDir, Decision.of(second.id(), Verdict.DENY, "dana", "never touch /etc"));
            JsonNode denied = Json.MAPPER.readTree(write.get(10, TimeUnit.SECONDS).body()).path("hookSpecificOutput");
            assertThat(denied.path("permissionDecision").asText()).isEqualTo("deny");
            assertThat(denied.path("permissionDecisionReason").asText()).contains("never touch /etc");

            // network, nobody decides: the contract's timeout reason
            JsonNode timedOut = Json.MAPPER.readTree(hook(serve, preToolUse("toolu_4", "Bash", "curl https://example.com")).body())
                    .path("hookSpecificOutput");
            assertThat(timedOut.path("permissionDecision").asText()).isEqualTo("deny");
            assertThat(timedOut.path("permissionDecisionReason").asText()).isEqualTo("no word from dana in time: denied");

            hook(serve, payload("Stop").put("stop_hook_active", false));
            hook(serve, payload("SessionEnd").put("reason", "prompt_input_exit"));

            List<Event> events = LiveBundle.open(bundleDir).events();
            assertThat(events).extracting(Event::type).containsSubsequence("session.start", "agent.message", "tool.call", "tool.result",
                    "tool.call", "approval.request", "approval.decision", "tool.call", "approval.request", "approval.decision",
                    "tool.call", "approval.request", "note", "note", "session.end");
            serve.service.sync().flush();
            try (Bundle stored = serve.store.load(ClaudeSessions.TRACE_ID_PREFIX + "s-1")) {
                assertThat(stored.events()).hasSize(events.size());
                assertThat(Verifier.verify(stored).problems()).isEmpty();
                assertThat(new DecisionVerifier(keys.trustedKeys()).verify(stored)).filteredOn(check -> check.eventId().equals(decision.id()))
                        .singleElement().satisfies(check -> assertThat(check.ok()).isTrue());
            }
        }
    }

    @Test
    void aDecisionSignedByAKeyThatIsNotTrustedDoesNotReleaseTheCall() throws Exception {
        OwnerKeys stranger = new OwnerKeys(dir.resolve("stranger"));
        keys.loadOrCreate("dana");
        try (LiveFixture serve = new LiveFixture(dir, contract, this::trusted)) {
            hook(serve, payload("SessionStart"));
            CompletableFuture<HttpResponse<byte[]>> push = CompletableFuture.supplyAsync(() -> hookQuietly(serve,
                    preToolUse("toolu_9", "Bash", "git push --force")));
            Path bundleDir = serve.root.claudeSession("s-1");
            Event request = awaitRequest(bundleDir, 1);
            new DecisionRecorder(stranger).record(bundleDir, Decision.of(request.id(), Verdict.APPROVE, "dana", "trust me"));
            JsonNode answer = Json.MAPPER.readTree(push.get(10, TimeUnit.SECONDS).body()).path("hookSpecificOutput");
            assertThat(answer.path("permissionDecision").asText()).isEqualTo("deny");
            assertThat(answer.path("permissionDecisionReason").asText()).isEqualTo("no word from dana in time: denied");
        }
    }

    @Test
    void hookInputThatIsNotAHookCallIsRefusedAndNothingIsWritten() throws Exception {
        try (LiveFixture serve = new LiveFixture(dir, contract, this::trusted)) {
            assertThat(serve.post("/v1/hooks/claude-code", "application/json", "{not json".getBytes()).statusCode()).isEqualTo(400);
            assertThat(serve.post("/v1/hooks/claude-code", "application/json", "[1,2]".getBytes()).statusCode()).isEqualTo(400);
            assertThat(serve.post("/v1/hooks/claude-code", "application/json", "{\"hook_event_name\":\"Stop\"}".getBytes()).statusCode())
                    .isEqualTo(400);
            assertThat(serve.root.claudeSessions()).doesNotExist();
        }
    }

    private dev.forkline.trace.decision.TrustedKeys trusted() {
        try {
            return keys.trustedKeys();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Event awaitRequest(Path bundleDir, int nth) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(bundleDir.resolve("trace.jsonl"))) {
                List<Event> requests = LiveBundle.open(bundleDir).events().stream().filter(e -> e.is(EventType.APPROVAL_REQUEST)).toList();
                if (requests.size() >= nth) {
                    return requests.get(nth - 1);
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no approval request #" + nth + " in " + bundleDir);
    }

    private ObjectNode payload(String event) {
        ObjectNode payload = Json.object();
        payload.put("session_id", "s-1");
        payload.put("transcript_path", dir.resolve("no-transcript.jsonl").toString());
        payload.put("cwd", project.toString());
        payload.put("permission_mode", "default");
        payload.put("hook_event_name", event);
        return payload;
    }

    private ObjectNode preToolUse(String id, String tool, String command) {
        ObjectNode payload = payload("PreToolUse");
        payload.put("tool_name", tool);
        payload.putObject("tool_input").put("command", command).put("description", "a command");
        payload.put("tool_use_id", id);
        return payload;
    }

    private ObjectNode writeTool(String id, String file) {
        ObjectNode payload = payload("PreToolUse");
        payload.put("tool_name", "Write");
        payload.putObject("tool_input").put("file_path", file).put("content", "127.0.0.1 example.com\n");
        payload.put("tool_use_id", id);
        return payload;
    }

    private ObjectNode postToolUse(String id, String output) {
        ObjectNode payload = payload("PostToolUse");
        payload.put("tool_name", "Bash");
        payload.putObject("tool_input").put("command", "git status");
        payload.putObject("tool_response").put("stdout", output).put("stderr", "").put("interrupted", false);
        payload.put("tool_use_id", id);
        return payload;
    }

    private static HttpResponse<byte[]> hook(LiveFixture serve, ObjectNode payload) throws Exception {
        HttpResponse<byte[]> response = serve.post("/v1/hooks/claude-code", "application/json", payload.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(response.statusCode()).as(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(200);
        return response;
    }

    private static HttpResponse<byte[]> hookQuietly(LiveFixture serve, ObjectNode payload) {
        try {
            return hook(serve, payload);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }
}
