package dev.forkline.importers.openhands;

import static dev.forkline.importers.samples.TraceAssertions.actors;
import static dev.forkline.importers.samples.TraceAssertions.assertWellFormed;
import static dev.forkline.importers.samples.TraceAssertions.countByType;
import static dev.forkline.importers.samples.TraceAssertions.findingCodes;
import static dev.forkline.importers.samples.TraceAssertions.ofType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.StartCheckpoints;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenHandsImporterTest {

    private final OpenHandsImporter importer = new OpenHandsImporter();

    @TempDir
    Path dir;

    @Test
    void readsTheRealV0EventStream() throws Exception {
        Path file = SampleFiles.require("openhands/tests_runtime_trajs_basic_gui_mode.json");
        assertThat(importer.accepts(file, head(file))).isTrue();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        // 18 records: 4 actions with model responses (run, edit, edit, run), 2 messages, 5 state changes/notes,
        // 3 empty 'null' observations; edits also yield the written files as state mutations
        assertThat(countByType(trace)).isEqualTo(Map.of("session.start", 1L, "checkpoint", 1L, "note", 5L, "agent.message", 2L,
                "model.call", 4L, "tool.call", 4L, "tool.result", 4L, "state.mutation", 2L, "session.end", 1L));
        assertThat(actors(trace)).containsExactlyInAnyOrder("harness", "human:user", "agent:openhands", "sandbox");
        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).extracting(e -> e.text("tool")).containsExactly("execute_bash", "str_replace_editor", "str_replace_editor", "execute_bash");
        assertThat(calls).extracting(e -> e.text("callId")).containsExactly("toolu_01W9Z8jBctr8X2frZV9p1RYs",
                "toolu_01YYLXwwdBLwtMmjr5Sfsieg", "toolu_01GpJj2ShdFjb9ZTY4CVxi9C", "toolu_01DwihWr4ooPZS1CGTLAWrFP");
        assertThat(calls).allSatisfy(e -> assertThat(e.text("effect")).isEqualTo("workspace"));
        assertThat(calls.get(1).data().at("/arguments/command").asText()).isEqualTo("create");
        assertThat(calls.getFirst().data().at("/exec/cwd").asText()).isEqualTo("/workspace");
        assertThat(ofType(trace, EventType.TOOL_RESULT)).extracting(e -> e.data().path("exitCode").isMissingNode() ? null : e.data().get("exitCode").asInt())
                .containsExactly(0, null, null, -1);

        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        assertThat(models).allSatisfy(e -> assertThat(e.text("model")).isEqualTo("claude-3-5-sonnet-20241022"));
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/inputTokens").asLong()).sum()).isEqualTo(17297);
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/outputTokens").asLong()).sum()).isEqualTo(2024);
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/cacheReadTokens").asLong()).sum()).isEqualTo(11793);
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/cacheWriteTokens").asLong()).sum()).isEqualTo(5482);
        assertThat(calls.getFirst().causes()).containsExactly(models.getFirst().id());

        List<Event> mutations = ofType(trace, EventType.STATE_MUTATION);
        // the editor wrote under /workspace, the runtime's workspace (the commands ran there): paths relative to it
        assertThat(mutations).extracting(e -> e.text("path")).containsExactly("todo-app/index.html", "todo-app/app.js");
        assertThat(mutations).allSatisfy(e -> {
            assertThat(e.text("op")).isEqualTo("create");
            assertThat(e.data().get("before").isNull()).isTrue();
            assertThat(e.data().has("beforeKnown")).isFalse();
            assertThat(e.data().has("afterKnown")).isFalse();
        });
        assertThat(mutations).extracting(e -> e.causes().getFirst()).containsExactly(calls.get(1).id(), calls.get(2).id());
        JsonNode checkpoint = StartCheckpoints.of(trace, "openhands", "/workspace");
        assertThat(StartCheckpoints.knownFields(checkpoint)).containsExactly("cwd");
        assertThat(checkpoint.at("/startingTree/cwd").asText()).isEqualTo("/workspace");
        String html = new String(trace.bundle().blobs().read(mutations.getFirst().text("after")).orElseThrow(), StandardCharsets.UTF_8);
        assertThat(html).startsWith("<!DOCTYPE html>");

        Event start = trace.bundle().events().getFirst();
        assertThat(start.ts()).isEqualTo(Instant.parse("2025-01-20T20:29:13.519637Z"));
        assertThat(start.data().at("/environment/user").asText()).isEqualTo("openhands");
        assertThat(start.data().at("/model/model").asText()).isEqualTo("claude-3-5-sonnet-20241022");
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("unknown");
        assertThat(end.text("summary")).contains("awaiting_user_input");
        assertThat(end.data().at("/usage/inputTokens").asLong()).isEqualTo(17297);
        assertThat(findingCodes(trace)).contains("timestamps-without-zone", "empty-observations", "no-cost",
                "environment-incomplete", "starting-tree-needed").doesNotContain("no-checkpoint", "path-outside-workspace");
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("empty-observations"))
                .singleElement().satisfies(f -> assertThat(f.message()).startsWith("3 "));
        // events carry the line of the record they came from
        assertThat(trace.bundle().lineOf(trace.bundle().events().indexOf(calls.getFirst()))).isGreaterThan(1);
    }

    @Test
    void confirmationModeRejectionDelegationErrorsAndUnknownRecordsInAV0Stream() throws Exception {
        Path file = dir.resolve("stream.json");
        Files.writeString(file, """
                [
                 {"id": 0, "timestamp": "2025-02-01T10:00:00+00:00", "source": "user", "action": "message", "args": {"content": "clean up"}},
                 {"id": 1, "timestamp": "2025-02-01T10:00:01+00:00", "source": "agent", "action": "run",
                  "args": {"command": "sudo rm -rf /var/cache", "confirmation_state": "awaiting_confirmation", "security_risk": 2, "thought": ""},
                  "tool_call_metadata": {"function_name": "execute_bash", "tool_call_id": "c1",
                    "model_response": {"id": "r1", "model": "gpt-4o", "choices": [{"message": {"content": "", "tool_calls": [
                      {"id": "c1", "function": {"name": "execute_bash", "arguments": "{\\"command\\": \\"sudo rm -rf /var/cache\\"}"}}]}}],
                      "usage": {"prompt_tokens": 10, "completion_tokens": 5}}},
                  "llm_metrics": {"accumulated_cost": 0.25}},
                 {"id": 2, "timestamp": "2025-02-01T10:00:02+00:00", "source": "environment", "observation": "agent_state_changed",
                  "content": "", "extras": {"agent_state": "awaiting_user_confirmation"}},
                 {"id": 3, "timestamp": "2025-02-01T10:00:05+00:00", "source": "environment", "observation": "agent_state_changed",
                  "content": "", "extras": {"agent_state": "user_rejected"}},
                 {"id": 4, "timestamp": "2025-02-01T10:00:05.5+00:00", "source": "agent", "observation": "user_rejected", "cause": 1,
                  "content": "Action has been rejected by the user!", "extras": {}},
                 {"id": 5, "timestamp": "2025-02-01T10:00:06+00:00", "source": "agent", "action": "delegate",
                  "args": {"agent": "BrowsingAgent", "inputs": {"task": "find the docs"}, "thought": ""}},
                 {"id": 6, "timestamp": "2025-02-01T10:00:07+00:00", "source": "agent", "action": "browse", "args": {"url": "https://example.com"}},
                 {"id": 7, "timestamp": "2025-02-01T10:00:08+00:00", "source": "agent", "observation": "error", "cause": 6,
                  "content": "timeout", "extras": {"error_id": "BROWSER_TIMEOUT"}},
                 {"id": 8, "timestamp": "2025-02-01T10:00:09+00:00", "source": "agent", "observation": "delegate", "cause": 5,
                  "content": "no docs found", "extras": {}},
                 {"id": 9, "source": "agent", "action": "teleport", "args": {"to": "mars"}},
                 {"id": 10, "timestamp": "2025-02-01T10:00:11+00:00", "source": "agent", "action": "finish",
                  "args": {"final_thought": "gave up", "task_completed": "false"}}
                ]
                """);
        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        Event call = ofType(trace, EventType.TOOL_CALL).getFirst();
        assertThat(call.text("effect")).isEqualTo("privileged");
        assertThat(call.text("securityRisk")).isEqualTo("2");
        Event request = ofType(trace, EventType.APPROVAL_REQUEST).getFirst();
        assertThat(request.text("subject")).isEqualTo(call.id());
        List<Event> decisions = ofType(trace, EventType.APPROVAL_DECISION);
        assertThat(decisions).hasSize(1).allSatisfy(d -> {
            assertThat(d.text("verdict")).isEqualTo("deny");
            assertThat(d.text("owner")).isEqualTo("human:user");
            assertThat(d.causes()).containsExactly(request.id());
        });
        assertThat(ofType(trace, EventType.TOOL_RESULT).getFirst().data().get("isError").asBoolean()).isTrue();
        List<Event> handoffs = ofType(trace, EventType.AGENT_HANDOFF);
        assertThat(handoffs).extracting(e -> e.text("from") + ">" + e.text("to"))
                .containsExactly("agent:openhands>agent:BrowsingAgent", "agent:BrowsingAgent>agent:openhands");
        Event browse = ofType(trace, EventType.TOOL_CALL).get(1);
        assertThat(browse.actor()).isEqualTo("agent:BrowsingAgent");
        assertThat(browse.text("effect")).isEqualTo("read");
        assertThat(ofType(trace, EventType.ERROR)).singleElement().satisfies(e -> assertThat(e.text("kind")).isEqualTo("BROWSER_TIMEOUT"));
        assertThat(trace.bundle().events()).filteredOn(e -> e.type().equals("openhands.action.teleport")).singleElement()
                .satisfies(e -> assertThat(e.data().at("/raw/args/to").asText()).isEqualTo("mars"));
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("failure");
        assertThat(end.data().get("costUsd").decimalValue()).isEqualByComparingTo("0.25");
        assertThat(findingCodes(trace)).contains("unknown-record", "timestamp-synthesised").doesNotContain("timestamps-without-zone");
        Event teleport = trace.bundle().events().stream().filter(e -> e.type().equals("openhands.action.teleport")).findFirst().orElseThrow();
        assertThat(teleport.ts()).isEqualTo(Instant.parse("2025-02-01T10:00:09.000001Z"));
    }

    @Test
    void readsAV1ConversationFolder() throws Exception {
        Path conversation = dir.resolve("conv");
        Files.createDirectories(conversation.resolve("events"));
        Files.writeString(conversation.resolve("base_state.json"), """
                {"id": "3f1c0000-0000-4000-8000-000000000001",
                 "agent": {"kind": "Agent", "llm": {"model": "anthropic/claude-sonnet-4-5-20250929", "usage_id": "agent"}, "tools": [{"name": "terminal"}]},
                 "workspace": {"kind": "DockerWorkspace", "working_dir": "/workspace", "base_image": "nikolaik/python-nodejs:python3.12-nodejs22"},
                 "execution_status": "finished", "confirmation_policy": {"kind": "AlwaysConfirm"},
                 "stats": {"usage_to_metrics": {"agent": {"model_name": "anthropic/claude-sonnet-4-5-20250929", "accumulated_cost": 0.042,
                   "accumulated_token_usage": {"prompt_tokens": 3000, "completion_tokens": 150, "cache_read_tokens": 1000, "cache_write_tokens": 200},
                   "token_usages": [
                     {"model": "anthropic/claude-sonnet-4-5-20250929", "prompt_tokens": 1000, "completion_tokens": 50, "cache_read_tokens": 0, "cache_write_tokens": 200, "response_id": "resp-1"},
                     {"model": "anthropic/claude-sonnet-4-5-20250929", "prompt_tokens": 2000, "completion_tokens": 100, "cache_read_tokens": 1000, "cache_write_tokens": 0, "response_id": "resp-2"}],
                   "response_latencies": [{"model": "x", "latency": 1.25, "response_id": "resp-1"}]}}}}
                """);
        event(conversation, 0, "a1", """
                {"kind": "SystemPromptEvent", "id": "a1", "timestamp": "2025-10-01T09:00:00.000001", "source": "agent",
                 "system_prompt": {"type": "text", "text": "You are OpenHands agent."}, "tools": []}""");
        event(conversation, 1, "a2", """
                {"kind": "MessageEvent", "id": "a2", "timestamp": "2025-10-01T09:00:01", "source": "user",
                 "llm_message": {"role": "user", "content": [{"type": "text", "text": "List the files, then delete build/"}]}}""");
        event(conversation, 2, "a3", """
                {"kind": "ActionEvent", "id": "a3", "timestamp": "2025-10-01T09:00:03", "source": "agent",
                 "thought": [{"type": "text", "text": "Listing."}], "action": {"kind": "TerminalAction", "command": "ls"},
                 "tool_name": "terminal", "tool_call_id": "toolu_1", "llm_response_id": "resp-1", "security_risk": "LOW",
                 "tool_call": {"id": "toolu_1", "name": "terminal", "arguments": "{\\"command\\": \\"ls\\"}", "origin": "completion"}}""");
        event(conversation, 3, "a4", """
                {"kind": "ConversationStateUpdateEvent", "id": "a4", "timestamp": "2025-10-01T09:00:03.5", "source": "environment",
                 "key": "execution_status", "value": "waiting_for_confirmation"}""");
        event(conversation, 4, "a5", """
                {"kind": "ObservationEvent", "id": "a5", "timestamp": "2025-10-01T09:00:05", "source": "environment",
                 "tool_name": "terminal", "tool_call_id": "toolu_1", "action_id": "a3",
                 "observation": {"kind": "TerminalObservation", "content": [{"type": "text", "text": "build\\nsrc"}], "exit_code": 0, "is_error": false}}""");
        event(conversation, 5, "a6", """
                {"kind": "ActionEvent", "id": "a6", "timestamp": "2025-10-01T09:00:07", "source": "agent",
                 "thought": [{"type": "text", "text": "Deleting."}], "action": {"kind": "TerminalAction", "command": "rm -rf build"},
                 "tool_name": "terminal", "tool_call_id": "toolu_2", "llm_response_id": "resp-2", "security_risk": "HIGH",
                 "tool_call": {"id": "toolu_2", "name": "terminal", "arguments": "{\\"command\\": \\"rm -rf build\\"}", "origin": "completion"}}""");
        event(conversation, 6, "a7", """
                {"kind": "ConversationStateUpdateEvent", "id": "a7", "timestamp": "2025-10-01T09:00:07.5", "source": "environment",
                 "key": "execution_status", "value": "waiting_for_confirmation"}""");
        event(conversation, 7, "a8", """
                {"kind": "UserRejectObservation", "id": "a8", "timestamp": "2025-10-01T09:00:20", "source": "user",
                 "tool_name": "terminal", "tool_call_id": "toolu_2", "action_id": "a6", "rejection_reason": "not build/, it is needed",
                 "rejection_source": "user"}""");
        event(conversation, 8, "a9", """
                {"kind": "HologramEvent", "id": "a9", "timestamp": "2025-10-01T09:00:21", "source": "agent", "shape": "cube"}""");
        event(conversation, 10, "b1", """
                {"kind": "ActionEvent", "id": "b1", "timestamp": "2025-10-01T09:00:22", "source": "agent",
                 "thought": [{"type": "text", "text": "Fixing."}], "action": {"kind": "FileEditorAction", "command": "str_replace",
                 "path": "/workspace/src/app.py", "old_str": "x = 1", "new_str": "x = 2"},
                 "tool_name": "file_editor", "tool_call_id": "toolu_3", "llm_response_id": "resp-3",
                 "tool_call": {"id": "toolu_3", "name": "file_editor", "arguments": "{\\"command\\": \\"str_replace\\", \\"path\\": \\"/workspace/src/app.py\\"}", "origin": "completion"}}""");
        event(conversation, 11, "b2", """
                {"kind": "ObservationEvent", "id": "b2", "timestamp": "2025-10-01T09:00:23", "source": "environment",
                 "tool_name": "file_editor", "tool_call_id": "toolu_3", "action_id": "b1",
                 "observation": {"kind": "FileEditorObservation", "command": "str_replace", "path": "/workspace/src/app.py", "prev_exist": true,
                   "old_content": "x = 1\\n", "new_content": "x = 2\\n", "content": [{"type": "text", "text": "The file has been edited."}], "is_error": false}}""");
        Files.writeString(conversation.resolve("events").resolve("event-00009-broken.json"), "{\"kind\": \n");
        assertThat(importer.accepts(conversation, new byte[0])).isTrue();

        ImportedTrace trace = importer.read(conversation);

        assertWellFormed(trace);
        assertThat(countByType(trace)).containsEntry("model.call", 3L).containsEntry("tool.call", 3L).containsEntry("tool.result", 3L)
                .containsEntry("approval.request", 2L).containsEntry("approval.decision", 2L).containsEntry("openhands.HologramEvent", 1L);
        Event start = trace.bundle().events().getFirst();
        assertThat(start.data().at("/environment/image").asText()).isEqualTo("nikolaik/python-nodejs:python3.12-nodejs22");
        assertThat(start.data().at("/environment/harness/confirmationPolicy").asText()).isEqualTo("AlwaysConfirm");
        assertThat(start.data().at("/model/model").asText()).isEqualTo("anthropic/claude-sonnet-4-5-20250929");
        assertThat(start.data().at("/imported/version").asText()).isEqualTo("V1");
        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        assertThat(models.getFirst().data().at("/usage/inputTokens").asLong()).isEqualTo(1000);
        assertThat(models.getFirst().data().get("latencyMs").asLong()).isEqualTo(1250);
        assertThat(models.get(1).data().at("/usage/cacheReadTokens").asLong()).isEqualTo(1000);
        List<Event> decisions = ofType(trace, EventType.APPROVAL_DECISION);
        assertThat(decisions).extracting(e -> e.text("verdict")).containsExactly("approve", "deny");
        assertThat(decisions.get(1).text("rationale")).isEqualTo("not build/, it is needed");
        List<Event> results = ofType(trace, EventType.TOOL_RESULT);
        assertThat(results.getFirst().data().get("exitCode").asInt()).isZero();
        assertThat(results.getFirst().text("stdout")).isEqualTo("build\nsrc");
        assertThat(results.get(1).data().get("isError").asBoolean()).isTrue();
        assertThat(ofType(trace, EventType.TOOL_CALL).get(1).text("securityRisk")).isEqualTo("HIGH");
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("success");
        assertThat(end.data().at("/usage/inputTokens").asLong()).isEqualTo(3000);
        assertThat(end.data().get("costUsd").decimalValue()).isEqualByComparingTo("0.042");
        assertThat(findingCodes(trace)).contains("malformed-record", "unknown-record", "timestamps-without-zone");
        assertThat(actors(trace)).contains("human:user", "agent:openhands", "harness");
        // the workspace's working_dir is the root; the editor's whole before and after become the mutation
        JsonNode checkpoint = StartCheckpoints.of(trace, "openhands", "/workspace");
        assertThat(StartCheckpoints.knownFields(checkpoint)).containsExactly("cwd");
        Event edit = ofType(trace, EventType.STATE_MUTATION).getFirst();
        assertThat(edit.text("path")).isEqualTo("src/app.py");
        assertThat(edit.text("op")).isEqualTo("modify");
        assertThat(edit.text("before")).isEqualTo(Hashes.sha256("x = 1\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(edit.text("after")).isEqualTo(Hashes.sha256("x = 2\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(edit.causes()).containsExactly(ofType(trace, EventType.TOOL_CALL).get(2).id());
        assertThat(ofType(trace, EventType.STATE_MUTATION)).hasSize(1);
    }

    @Test
    void theAgentsFinalMessageIsAModelCallAndStatsNoEventNamesAreSaid() throws Exception {
        Path conversation = dir.resolve("conv2");
        Files.createDirectories(conversation.resolve("events"));
        Files.writeString(conversation.resolve("base_state.json"), """
                {"id": "c2", "agent": {"kind": "Agent", "llm": {"model": "m1"}}, "workspace": {"working_dir": "/workspace"},
                 "execution_status": "finished",
                 "stats": {"usage_to_metrics": {"agent": {"accumulated_token_usage": {"prompt_tokens": 360, "completion_tokens": 36},
                   "token_usages": [
                     {"model": "m1", "prompt_tokens": 100, "completion_tokens": 10, "response_id": "resp-1"},
                     {"model": "m1", "prompt_tokens": 200, "completion_tokens": 20, "response_id": "resp-2"},
                     {"model": "m1", "prompt_tokens": 60, "completion_tokens": 6, "response_id": "resp-9"}],
                   "response_latencies": [{"latency": 2.0, "response_id": "resp-2"}]}}}}
                """);
        event(conversation, 0, "e1", """
                {"kind": "MessageEvent", "id": "e1", "timestamp": "2025-10-01T09:00:01Z", "source": "user",
                 "llm_message": {"role": "user", "content": [{"type": "text", "text": "What is 2+2?"}]}}""");
        event(conversation, 1, "e2", """
                {"kind": "ActionEvent", "id": "e2", "timestamp": "2025-10-01T09:00:02Z", "source": "agent",
                 "thought": [{"type": "text", "text": "Thinking."}], "action": {"kind": "ThinkAction", "thought": "it is 4"},
                 "tool_name": "think", "tool_call_id": "t1", "llm_response_id": "resp-1",
                 "tool_call": {"id": "t1", "name": "think", "arguments": "{\\"thought\\": \\"it is 4\\"}"}}""");
        event(conversation, 2, "e3", """
                {"kind": "ObservationEvent", "id": "e3", "timestamp": "2025-10-01T09:00:03Z", "source": "environment",
                 "tool_name": "think", "tool_call_id": "t1", "action_id": "e2",
                 "observation": {"kind": "ThinkObservation", "content": [{"type": "text", "text": "Your thought has been logged."}]}}""");
        event(conversation, 3, "e4", """
                {"kind": "MessageEvent", "id": "e4", "timestamp": "2025-10-01T09:00:04Z", "source": "agent", "llm_response_id": "resp-2",
                 "llm_message": {"role": "assistant", "content": [{"type": "text", "text": "4"}]}}""");

        ImportedTrace trace = importer.read(conversation);

        assertWellFormed(trace);
        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        assertThat(models).extracting(e -> e.text("responseId")).containsExactly("resp-1", "resp-2");
        Event answer = models.get(1);
        assertThat(answer.data().at("/output/text").asText()).isEqualTo("4");
        assertThat(answer.data().at("/usage/inputTokens").asLong()).isEqualTo(200);
        assertThat(answer.data().get("latencyMs").asLong()).isEqualTo(2000);
        assertThat(answer.ts()).as("stamped at its start (answered 09:00:04 after 2 s), not before the observation before it")
                .isEqualTo(java.time.Instant.parse("2025-10-01T09:00:03Z"));
        Event message = ofType(trace, EventType.AGENT_MESSAGE).getLast();
        assertThat(message.text("text")).isEqualTo("4");
        assertThat(message.causes()).containsExactly(answer.id());
        // resp-9 is in the stats but no event names it: its tokens are said, not silently dropped
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("model-calls-unrecorded")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("resp-9").contains("60 input and 6 output tokens"));
        assertThat(ofType(trace, EventType.SESSION_END).getFirst().data().at("/usage/inputTokens").asLong()).isEqualTo(360);
    }

    @Test
    void aV0EditWithoutContentsAndAWriteOfAWholeFile() throws Exception {
        Path file = dir.resolve("edits.json");
        Files.writeString(file, """
                [
                 {"id": 0, "timestamp": "2025-02-01T10:00:00+00:00", "source": "user", "action": "message", "args": {"content": "go"}},
                 {"id": 1, "timestamp": "2025-02-01T10:00:01+00:00", "source": "agent", "action": "edit",
                  "args": {"path": "/workspace/a.txt", "content": "", "start": 1, "end": -1}},
                 {"id": 2, "timestamp": "2025-02-01T10:00:02+00:00", "source": "agent", "observation": "edit", "cause": 1,
                  "content": "edited", "extras": {"path": "/workspace/a.txt", "prev_exist": true}},
                 {"id": 3, "timestamp": "2025-02-01T10:00:03+00:00", "source": "agent", "action": "write",
                  "args": {"path": "/tmp/b.txt", "content": "whole\\n", "start": 0, "end": -1}},
                 {"id": 4, "timestamp": "2025-02-01T10:00:04+00:00", "source": "agent", "observation": "write", "cause": 3,
                  "content": "", "extras": {"path": "/tmp/b.txt"}}
                ]
                """);
        ImportedTrace trace = importer.read(file);
        assertWellFormed(trace);
        // no command ran, so the root is OpenHands' default, said to stand in
        JsonNode checkpoint = StartCheckpoints.of(trace, "openhands", "/workspace");
        assertThat(checkpoint.at("/startingTree/hint").asText()).contains("/workspace stands for it");
        List<Event> mutations = ofType(trace, EventType.STATE_MUTATION);
        assertThat(mutations).extracting(e -> e.text("path") + ":" + e.text("op")).containsExactly("a.txt:modify", "/tmp/b.txt:modify");
        assertThat(mutations.getFirst().data().path("beforeKnown").asBoolean(true)).isFalse();
        assertThat(mutations.getFirst().data().path("afterKnown").asBoolean(true)).isFalse();
        assertThat(mutations.get(1).data().path("beforeKnown").asBoolean(true)).isFalse();
        assertThat(mutations.get(1).text("after")).isEqualTo(Hashes.sha256("whole\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(findingCodes(trace)).contains("path-outside-workspace");
    }

    @Test
    void malformedJsonIsAFormatErrorWithItsLine() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "[\n{\"id\": 0, \"source\": \"user\", \"timestamp\": \"x\", \"action\": \"message\"},\n{\"id\": 1,, }\n]");
        assertThat(importer.accepts(file, head(file))).isTrue();
        assertThatThrownBy(() -> importer.read(file)).isInstanceOfSatisfying(TraceFormatException.class, e -> assertThat(e.line()).isEqualTo(3));
        Path notOpenHands = dir.resolve("x.json");
        Files.writeString(notOpenHands, "[{\"role\": \"user\", \"content\": \"hi\"}]");
        assertThat(importer.accepts(notOpenHands, head(notOpenHands))).isFalse();
    }

    private static void event(Path conversation, int index, String id, String json) throws IOException {
        Files.writeString(conversation.resolve("events").resolve(String.format("event-%05d-%s.json", index, id + "000000")), json);
    }

    private static byte[] head(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return in.readNBytes(64 * 1024);
        }
    }
}
