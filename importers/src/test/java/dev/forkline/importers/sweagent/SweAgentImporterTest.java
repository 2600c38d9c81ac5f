package dev.forkline.importers.sweagent;

import static dev.forkline.importers.samples.TraceAssertions.actors;
import static dev.forkline.importers.samples.TraceAssertions.assertWellFormed;
import static dev.forkline.importers.samples.TraceAssertions.countByType;
import static dev.forkline.importers.samples.TraceAssertions.findingCodes;
import static dev.forkline.importers.samples.TraceAssertions.ofType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.StartCheckpoints;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweAgentImporterTest {

    private final SweAgentImporter importer = new SweAgentImporter();

    @TempDir
    Path dir;

    @Test
    void readsTheRealPreOneZeroGpt4Trajectory() throws Exception {
        Path file = SampleFiles.require("swe-agent/v0_gpt4_pydicom__pydicom-1458.traj");
        assertThat(importer.accepts(file, head(file))).isTrue();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        // 12 steps = 12 model calls, 12 actions, 12 observations; plus start, its checkpoint, task message and end
        assertThat(countByType(trace)).isEqualTo(Map.of("session.start", 1L, "checkpoint", 1L, "agent.message", 1L, "model.call", 12L,
                "tool.call", 12L, "tool.result", 12L, "session.end", 1L));
        assertThat(actors(trace)).containsExactlyInAnyOrder("harness", "agent:primary", "sandbox");
        List<String> tools = ofType(trace, EventType.TOOL_CALL).stream().map(e -> e.text("tool")).toList();
        assertThat(tools).containsExactly("create", "edit", "python", "find_file", "open", "edit", "edit", "edit", "edit",
                "python", "rm", "submit");
        List<String> effects = ofType(trace, EventType.TOOL_CALL).stream().map(e -> e.text("effect")).toList();
        assertThat(effects).filteredOn("read"::equals).hasSize(2);
        assertThat(effects).filteredOn("workspace"::equals).hasSize(10);
        Event python = ofType(trace, EventType.TOOL_CALL).get(2);
        assertThat(python.data().at("/exec/argv/2").asText()).isEqualTo("python reproduce_bug.py\n");
        assertThat(python.data().at("/exec/cwd").asText()).isEqualTo("/pydicom__pydicom");

        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("success");
        assertThat(end.data().at("/usage/inputTokens").asLong()).isEqualTo(122612);
        assertThat(end.data().at("/usage/outputTokens").asLong()).isEqualTo(1369);
        assertThat(end.data().get("costUsd").decimalValue()).isEqualByComparingTo(new BigDecimal("1.26719"));
        assertThat(end.data().get("modelCalls").asLong()).isEqualTo(12);
        String patch = new String(trace.bundle().blobs().read(end.text("submissionBlob")).orElseThrow(), StandardCharsets.UTF_8);
        assertThat(patch).contains("required_elements.append('PixelRepresentation')");

        Event start = trace.bundle().events().getFirst();
        assertThat(start.data().at("/imported/format").asText()).isEqualTo("swe-agent");
        assertThat(start.data().at("/imported/version").asText()).isEqualTo("0");
        assertThat(start.data().at("/imported/environmentName").asText()).isEqualTo("swe_main");
        assertThat(findingCodes(trace)).contains("timestamp-synthesised", "demonstrations-skipped", "environment-incomplete",
                "model-unknown", "starting-tree-needed", "usage-totals-only");
        // v0 has no replay_config: the root is the first step's working directory, and nothing names a repository or commit
        JsonNode checkpoint = StartCheckpoints.of(trace, "swe-agent", "/pydicom__pydicom");
        assertThat(StartCheckpoints.knownFields(checkpoint)).containsExactly("cwd");
        assertThat(start.data().at("/environment/sweAgent").toString()).isEqualTo("{\"repoRoot\":\"/pydicom__pydicom\"}");
        assertThat(ofType(trace, EventType.TOOL_CALL)).allSatisfy(call -> assertThat(call.data().at("/sweAgent/cwd").asText())
                .isEqualTo("/pydicom__pydicom"));
        assertThat(end.text("submission")).isEqualTo(patch);
        assertThat(ofType(trace, EventType.MODEL_CALL).getFirst().data().at("/input/messages")).hasSize(2);
        assertThat(ofType(trace, EventType.TOOL_RESULT).get(2).text("stdout")).contains("AttributeError");
        assertStrictlyIncreasingTimes(trace);
    }

    @Test
    void readsAVersionOneTrajectoryWithFunctionCallsReplayConfigAndTimings() throws Exception {
        Path file = write("v1.traj", V1);
        assertThat(importer.accepts(file, head(file))).isTrue();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        Event start = trace.bundle().events().getFirst();
        assertThat(start.data().at("/environment/image").asText()).isEqualTo("python:3.11");
        assertThat(start.data().at("/environment/git/repository").asText()).isEqualTo("https://github.com/octo/demo");
        assertThat(start.data().at("/environment/git/commit").asText()).isEqualTo("abc123");
        assertThat(start.data().at("/environment/harness/version").asText()).isEqualTo("1.1.0");
        assertThat(start.data().at("/model/model").asText()).isEqualTo("claude-sonnet-4");
        assertThat(start.data().at("/imported/version").asText()).isEqualTo("1");
        assertThat(start.text("title")).isEqualTo("demo-1");

        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).extracting(e -> e.text("callId")).containsExactly("call_1", "call_2", "call_3");
        assertThat(calls).extracting(e -> e.text("tool")).containsExactly("bash", "str_replace_editor", "submit");
        assertThat(calls).extracting(e -> e.text("effect")).containsExactly("external", "read", "workspace");
        assertThat(actors(trace)).contains("agent:main");
        List<Event> results = ofType(trace, EventType.TOOL_RESULT);
        assertThat(results.getFirst().data().get("durationMs").asLong()).isEqualTo(1500);
        // the step's duration is the gap between call and result
        assertThat(java.time.Duration.between(calls.getFirst().ts(), results.getFirst().ts()).toMillis()).isGreaterThanOrEqualTo(1500);
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("success");
        assertThat(end.text("summary")).isEqualTo("exit status: submitted (exit_cost)");
        assertThat(findingCodes(trace)).doesNotContain("model-unknown", "environment-incomplete");
        assertThat(findingCodes(trace)).contains("timestamp-synthesised", "model-calls-unrecorded");
        // the root is the first step's working directory; the repository is the github_url
        JsonNode checkpoint = StartCheckpoints.of(trace, "swe-agent", "/testbed");
        assertThat(checkpoint.at("/startingTree/repository").asText()).isEqualTo("https://github.com/octo/demo");
        assertThat(checkpoint.at("/startingTree/commit").asText()).isEqualTo("abc123");
        assertThat(calls).extracting(e -> e.data().at("/sweAgent/action").asText())
                .containsExactly("curl -X POST https://example.com/hook -d x", "str_replace_editor view /testbed/a.py", "submit");
        assertThat(calls.getFirst().data().at("/exec/cwd").asText()).isEqualTo("/testbed");
        // the replay_config (a JSON string here) names no tool bundles: only the root is recorded
        assertThat(start.data().at("/environment/sweAgent/repoRoot").asText()).isEqualTo("/testbed");
        assertThat(start.data().at("/environment/sweAgent").has("toolBundles")).isFalse();
        assertThat(end.text("submission")).isEqualTo("diff --git a/a.py b/a.py");
        // the first call's input is the system prompt and the task; the second's is the tool observation
        assertThat(ofType(trace, EventType.MODEL_CALL).get(1).data().at("/input/messages/0/role").asText()).isEqualTo("tool");
        assertStrictlyIncreasingTimes(trace);
    }

    @Test
    void stepsThatAlignKeepTheirCallsWhenTheHistoryLacksTheFinalSubmitAndHoldsARequery() throws Exception {
        // the history without the final submit's message, and with a requery (a response without an action) after the first step
        ObjectNode root = (ObjectNode) Json.MAPPER.readTree(V1);
        ArrayNode history = (ArrayNode) root.get("history");
        history.remove(history.size() - 1);
        history.insert(4, Json.MAPPER.readTree("{\"role\": \"assistant\", \"content\": \"hmm\", \"thought\": \"hmm\", \"action\": \"\", \"agent\": \"main\"}"));
        history.insert(5, Json.MAPPER.readTree("{\"role\": \"user\", \"content\": \"Your output was not formatted correctly.\", \"agent\": \"main\"}"));
        root.put("replay_config", root.get("replay_config").asText().replace("abc123", "HEAD"));
        String misaligned = root.toString();
        ImportedTrace trace = importer.read(write("misaligned.traj", misaligned));

        assertWellFormed(trace);
        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).extracting(e -> e.text("callId")).containsExactly("call_1", "call_2", "step-3");
        assertThat(calls).extracting(e -> e.text("tool")).containsExactly("bash", "str_replace_editor", "submit");
        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        // the second step's input holds the requery and the format complaint besides the tool output
        assertThat(models.get(1).data().at("/input/messages")).hasSize(3);
        assertThat(models.get(2).data().at("/input/summary").asText()).isEqualTo("not recorded");
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("history-misaligned")).singleElement().satisfies(f -> assertThat(f.message())
                .contains("2 of 3 steps matched").contains("step(s) 3 have none").contains("1 model response(s) in the history have no step"));
        // a base commit of HEAD pins nothing: said as such, not passed off as a commit
        JsonNode checkpoint = StartCheckpoints.of(trace, "swe-agent", "/testbed");
        assertThat(checkpoint.at("/startingTree").has("commit")).isFalse();
        assertThat(checkpoint.at("/startingTree/ref").asText()).isEqualTo("HEAD");
        assertThat(checkpoint.at("/startingTree/hint").asText()).contains("recorded as HEAD");
        assertThat(trace.bundle().events().getFirst().data().at("/environment/git").has("commit")).isFalse();
    }

    @Test
    void aStepWithoutActionAndAnExitStatusOfAnErrorAreKept() throws Exception {
        Path file = write("err.traj", """
                {"trajectory":[{"action":"","observation":"","response":"I am confused","thought":"?","state":"{}"},
                 {"action":"exit_error","observation":"Exited","response":"","thought":"","state":"{}"}],
                 "history":[], "info":{"exit_status":"exit_error"}, "environment":"swe_main"}
                """);
        ImportedTrace trace = importer.read(file);
        assertWellFormed(trace);
        assertThat(ofType(trace, EventType.TOOL_CALL)).isEmpty();
        assertThat(ofType(trace, EventType.NOTE)).hasSize(2);
        // nothing ran, so there is nothing to replay from a start checkpoint
        assertThat(ofType(trace, EventType.CHECKPOINT)).isEmpty();
        assertThat(findingCodes(trace)).contains("no-checkpoint").doesNotContain("starting-tree-needed");
        assertThat(ofType(trace, EventType.SESSION_END).getFirst().text("outcome")).isEqualTo("failure");
        assertThat(findingCodes(trace)).contains("history-misaligned");
    }

    @Test
    void eachAttemptOfARetryLoopIsItsOwnRun() throws Exception {
        String attempt = """
                {"trajectory": [{"action": "ls", "observation": "a.py", "response": "", "thought": "", "execution_time": 2.0,
                                 "state": {"working_dir": "/repo"}},
                                {"action": "submit", "observation": "diff", "response": "", "thought": "", "execution_time": 0.5,
                                 "state": {"working_dir": "/repo"}}],
                 "history": [], "info": {"exit_status": "%s", "model_stats": {"instance_cost": %s, "tokens_sent": 10, "tokens_received": 2, "api_calls": 2}},
                 "replay_config": null, "environment": "main"}
                """;
        String first = attempt.formatted("exit_cost", "1.0");
        String second = attempt.formatted("submitted", "0.5");
        Path file = write("retry.traj", "{\"attempts\": [" + first + "," + second + "],\n" + second.strip().substring(1, second.strip().length() - 1)
                .replace("\"exit_status\": \"submitted\"", "\"exit_status\": \"submitted\", \"best_attempt_idx\": 1") + "}");
        assertThat(importer.accepts(file, head(file))).isTrue();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        assertThat(trace.bundle().events().stream().map(Event::run).distinct()).containsExactly("attempt-1", "attempt-2");
        List<Event> starts = ofType(trace, EventType.SESSION_START);
        assertThat(starts).extracting(e -> e.data().at("/imported/chosenAttempt").asBoolean()).containsExactly(false, true);
        assertThat(ofType(trace, EventType.SESSION_END)).extracting(e -> e.text("outcome")).containsExactly("aborted", "success");
        assertThat(ofType(trace, EventType.TOOL_CALL)).hasSize(4);
        // each attempt starts from the tree again: one checkpoint per run, one finding for the file
        StartCheckpoints.of(trace, "attempt-1", "swe-agent", "/repo");
        StartCheckpoints.of(trace, "attempt-2", "swe-agent", "/repo");
        assertThat(starts.get(1).ts()).isAfter(ofType(trace, EventType.SESSION_END).getFirst().ts());
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("timestamp-synthesised")).hasSize(1);
        assertThat(findingCodes(trace)).contains("attempts-as-runs");
    }

    @Test
    void rejectsJsonThatIsNotATrajectoryAndMalformedJsonWithItsLine() throws Exception {
        Path other = write("other.json", "{\"messages\": []}");
        assertThat(importer.accepts(other, head(other))).isFalse();
        assertThatThrownBy(() -> importer.read(other)).isInstanceOf(TraceFormatException.class).hasMessageContaining("trajectory");
        Path broken = write("broken.traj", "{\n\"trajectory\": [\n{\"action\": }\n]}");
        assertThatThrownBy(() -> importer.read(broken)).isInstanceOfSatisfying(TraceFormatException.class,
                e -> assertThat(e.line()).isEqualTo(3));
    }

    /** Times increase strictly, except that a run's start checkpoint has its session.start's time. */
    static void assertStrictlyIncreasingTimes(ImportedTrace trace) {
        List<Event> events = trace.bundle().events();
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i).is(EventType.CHECKPOINT) && events.get(i - 1).is(EventType.SESSION_START)) {
                assertThat(events.get(i).ts()).as("time of %s", events.get(i).id()).isEqualTo(events.get(i - 1).ts());
            } else {
                assertThat(events.get(i).ts()).as("time of %s", events.get(i).id()).isAfter(events.get(i - 1).ts());
            }
        }
    }

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    static byte[] head(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return in.readNBytes(64 * 1024);
        }
    }

    private static final String V1 = """
            {
              "trajectory": [
                {"action": "curl -X POST https://example.com/hook -d x", "observation": "ok", "response": "Let me notify.",
                 "thought": "Let me notify.", "execution_time": 1.5, "state": {"working_dir": "/testbed"}, "query": [], "extra_info": {}},
                {"action": "str_replace_editor view /testbed/a.py", "observation": "1 print()", "response": "", "thought": "Look",
                 "execution_time": 0.25, "state": {"working_dir": "/testbed"}, "query": [], "extra_info": {}},
                {"action": "submit", "observation": "diff --git a/a.py b/a.py", "response": "", "thought": "Done",
                 "execution_time": 0.1, "state": {"working_dir": "/testbed"}, "query": [], "extra_info": {}}
              ],
              "history": [
                {"role": "system", "content": "You are a programmer.", "agent": "main", "message_type": "system_prompt"},
                {"role": "user", "content": [{"type": "text", "text": "Fix the bug in a.py"}], "agent": "main", "message_type": "observation"},
                {"role": "assistant", "content": "Let me notify.", "thought": "Let me notify.", "action": "curl", "agent": "main",
                 "message_type": "action", "tool_calls": [{"id": "call_1", "type": "function",
                 "function": {"name": "bash", "arguments": "{\\"command\\": \\"curl -X POST https://example.com/hook -d x\\"}"}}]},
                {"role": "tool", "content": "ok", "agent": "main", "message_type": "observation", "tool_call_ids": ["call_1"]},
                {"role": "assistant", "content": "", "thought": "Look", "action": "view", "agent": "main", "message_type": "action",
                 "tool_calls": [{"id": "call_2", "type": "function",
                 "function": {"name": "str_replace_editor", "arguments": {"command": "view", "path": "/testbed/a.py"}}}]},
                {"role": "tool", "content": "1 print()", "agent": "main", "message_type": "observation", "tool_call_ids": ["call_2"]},
                {"role": "assistant", "content": "", "thought": "Done", "action": "submit", "agent": "main", "message_type": "action",
                 "tool_calls": [{"id": "call_3", "type": "function", "function": {"name": "submit", "arguments": "{}"}}]}
              ],
              "info": {"swe_agent_hash": "x", "swe_agent_version": "1.1.0", "swe_rex_version": "1.2.0",
                       "exit_status": "submitted (exit_cost)", "submission": "diff --git a/a.py b/a.py",
                       "model_stats": {"instance_cost": 0.5, "tokens_sent": 1000, "tokens_received": 50, "api_calls": 4}},
              "replay_config": "{\\"env\\": {\\"deployment\\": {\\"image\\": \\"python:3.11\\", \\"type\\": \\"docker\\"}, \\"repo\\": {\\"github_url\\": \\"https://github.com/octo/demo\\", \\"base_commit\\": \\"abc123\\"}}, \\"agent\\": {\\"model\\": {\\"name\\": \\"claude-sonnet-4\\"}}, \\"problem_statement\\": {\\"id\\": \\"demo-1\\"}}",
              "environment": "main"
            }
            """;
}
