package dev.forkline.importers.sweagent;

import static dev.forkline.importers.samples.TraceAssertions.actors;
import static dev.forkline.importers.samples.TraceAssertions.assertWellFormed;
import static dev.forkline.importers.samples.TraceAssertions.countByType;
import static dev.forkline.importers.samples.TraceAssertions.findingCodes;
import static dev.forkline.importers.samples.TraceAssertions.ofType;
import static dev.forkline.importers.sweagent.SweAgentImporterTest.assertStrictlyIncreasingTimes;
import static dev.forkline.importers.sweagent.SweAgentImporterTest.head;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.StartCheckpoints;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MiniSweAgentImporterTest {

    private final MiniSweAgentImporter importer = new MiniSweAgentImporter();

    @TempDir
    Path dir;

    @Test
    void readsTheRealBareMessageList() throws Exception {
        Path file = SampleFiles.require("mini-swe-agent/github_issue.messages-only.traj.json");
        assertThat(importer.accepts(file, head(file))).isTrue();
        assertThat(new SweAgentImporter().accepts(file, head(file))).isFalse();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        // 22 messages: system, task, then 10 assistant responses each with one fenced command and its observation
        assertThat(countByType(trace)).isEqualTo(Map.of("session.start", 1L, "checkpoint", 1L, "agent.message", 1L, "model.call", 10L,
                "tool.call", 10L, "tool.result", 10L, "session.end", 1L));
        assertThat(actors(trace)).containsExactlyInAnyOrder("harness", "agent:mini-swe-agent", "sandbox");
        List<Event> results = ofType(trace, EventType.TOOL_RESULT);
        assertThat(results).filteredOn(e -> e.data().has("exitCode")).hasSize(9);
        assertThat(results).filteredOn(e -> e.data().path("exitCode").asInt(0) == 1).hasSize(2);
        assertThat(results.getFirst().text("stdout")).startsWith("cat: /Users/fuchur");
        assertThat(ofType(trace, EventType.TOOL_CALL)).allSatisfy(e -> assertThat(e.text("effect")).isEqualTo("workspace"));
        assertThat(ofType(trace, EventType.TOOL_CALL).get(4).data().at("/arguments/command").asText()).startsWith("sed -i ");
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("success");
        assertThat(end.causes()).containsExactly(results.getLast().id());
        assertThat(new String(trace.bundle().blobs().read(end.text("submissionBlob")).orElseThrow())).contains("raise ValueError");
        assertThat(findingCodes(trace)).contains("timestamp-synthesised", "environment-incomplete", "starting-tree-needed", "usage-unknown");
        // a bare message list records no directory: /workspace stands in for it, and the hint says so
        JsonNode checkpoint = StartCheckpoints.of(trace, "mini-swe-agent", "/workspace");
        assertThat(StartCheckpoints.knownFields(checkpoint)).isEmpty();
        assertThat(checkpoint.at("/startingTree/hint").asText()).contains("no working directory is recorded: /workspace stands for it");
        assertThat(ofType(trace, EventType.TOOL_CALL)).allSatisfy(call -> {
            assertThat(call.data().at("/exec/argv/2").asText()).isEqualTo(call.data().at("/arguments/command").asText());
            assertThat(call.data().at("/exec").has("cwd")).isFalse();
        });
        assertThat(ofType(trace, EventType.MODEL_CALL).getFirst().data().at("/input/messages")).hasSize(2);
        assertStrictlyIncreasingTimes(trace);
    }

    @Test
    void readsVersionTwoWithExtraActionsToolMessagesUsageAndTimes() throws Exception {
        Path file = dir.resolve("run.traj.json");
        Files.writeString(file, V2);
        assertThat(importer.accepts(file, head(file))).isTrue();
        assertThat(new SweAgentImporter().accepts(file, head(file))).isFalse();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        Event start = trace.bundle().events().getFirst();
        assertThat(start.data().at("/environment/image").asText()).isEqualTo("swebench/sweb.eval.x86_64.demo");
        assertThat(start.data().at("/environment/harness/version").asText()).isEqualTo("2.0.0");
        assertThat(start.data().at("/model/model").asText()).isEqualTo("anthropic/claude-sonnet-4-5");
        assertThat(start.data().at("/imported/version").asText()).isEqualTo("mini-swe-agent-1.1");
        assertThat(start.ts()).isEqualTo(Instant.ofEpochSecond(1_760_000_000));
        assertThat(actors(trace)).contains("agent:DefaultAgent");

        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        assertThat(models).hasSize(3);
        assertThat(models.getFirst().data().at("/usage/inputTokens").asLong()).isEqualTo(100);
        assertThat(models.getFirst().data().at("/usage/cacheReadTokens").asLong()).isEqualTo(40);
        assertThat(models.getFirst().data().get("costUsd").decimalValue()).isEqualByComparingTo("0.01");
        assertThat(models.getFirst().ts()).isEqualTo(Instant.ofEpochSecond(1_760_000_002, 500_000_000));
        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).extracting(e -> e.text("callId")).containsExactly("toolu_1", "toolu_2");
        assertThat(calls).extracting(e -> e.text("effect")).containsExactly("privileged", "workspace");
        List<Event> results = ofType(trace, EventType.TOOL_RESULT);
        assertThat(results.getFirst().data().get("exitCode").asInt()).isEqualTo(127);
        assertThat(results.getFirst().text("stdout")).isEqualTo("sudo: not found\n");
        assertThat(results.get(1).data().get("isError").asBoolean()).isTrue();
        assertThat(results.get(1).text("error")).isEqualTo("timeout after 30s");
        assertThat(ofType(trace, EventType.ERROR)).singleElement().satisfies(e -> assertThat(e.text("kind")).isEqualTo("format"));
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("aborted");
        assertThat(end.data().at("/usage/inputTokens").asLong()).isEqualTo(100 + 200 + 300);
        assertThat(end.data().at("/usage/outputTokens").asLong()).isEqualTo(10 + 20 + 30);
        assertThat(end.data().get("costUsd").decimalValue()).isEqualByComparingTo(new BigDecimal("0.06"));
        assertThat(findingCodes(trace)).doesNotContain("timestamp-synthesised", "usage-unknown");
        JsonNode checkpoint = StartCheckpoints.of(trace, "mini-swe-agent", "/testbed");
        assertThat(StartCheckpoints.knownFields(checkpoint)).containsExactly("cwd");
        assertThat(calls).allSatisfy(call -> assertThat(call.data().at("/exec/cwd").asText()).isEqualTo("/testbed"));
        assertStrictlyIncreasingTimes(trace);
    }

    private static final String V2 = """
            {"info": {"model_stats": {"instance_cost": 0.06, "api_calls": 3},
               "config": {"agent": {"step_limit": 3}, "agent_type": "minisweagent.agents.default.DefaultAgent",
                          "model": {"model_name": "anthropic/claude-sonnet-4-5"},
                          "environment": {"image": "swebench/sweb.eval.x86_64.demo", "cwd": "/testbed"},
                          "environment_type": "minisweagent.environments.docker.DockerEnvironment"},
               "mini_version": "2.0.0", "exit_status": "LimitsExceeded", "submission": ""},
             "messages": [
               {"role": "system", "content": "You are a helpful assistant.", "extra": {"timestamp": 1760000000.0}},
               {"role": "user", "content": "Fix the bug.", "extra": {"timestamp": 1760000001.0}},
               {"role": "assistant", "content": null, "tool_calls": [{"id": "toolu_1", "type": "function",
                  "function": {"name": "bash", "arguments": "{\\"command\\": \\"sudo apt-get install -y foo\\"}"}}],
                "extra": {"actions": [{"command": "sudo apt-get install -y foo", "tool_call_id": "toolu_1"}],
                          "response": {"model": "claude-sonnet-4-5-20250929", "usage": {"prompt_tokens": 100, "completion_tokens": 10,
                          "prompt_tokens_details": {"cached_tokens": 40}}}, "cost": 0.01, "timestamp": 1760000002.5}},
               {"role": "tool", "tool_call_id": "toolu_1", "content": "<returncode>127</returncode>\\n<output>\\nsudo: not found\\n</output>",
                "extra": {"raw_output": "sudo: not found\\n", "returncode": 127, "timestamp": 1760000003.0}},
               {"role": "assistant", "content": "thinking only",
                "extra": {"actions": [], "response": {"usage": {"prompt_tokens": 200, "completion_tokens": 20}}, "cost": 0.02, "timestamp": 1760000004.0}},
               {"role": "user", "content": "No tool calls found in the response.", "extra": {"interrupt_type": "FormatError", "timestamp": 1760000004.5}},
               {"role": "assistant", "content": null,
                "extra": {"actions": [{"command": "python -m pytest -x", "tool_call_id": "toolu_2"}],
                          "response": {"usage": {"prompt_tokens": 300, "completion_tokens": 30}}, "cost": 0.03, "timestamp": 1760000005.0}},
               {"role": "tool", "tool_call_id": "toolu_2", "content": "<exception>timeout</exception>",
                "extra": {"raw_output": "", "returncode": -1, "exception_info": "timeout after 30s", "timestamp": 1760000035.0}},
               {"role": "exit", "content": "", "extra": {"exit_status": "LimitsExceeded", "submission": "", "timestamp": 1760000035.5}}
             ],
             "trajectory_format": "mini-swe-agent-1.1"}
            """;
}
