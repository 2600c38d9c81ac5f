package dev.forkline.importers.cline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.samples.TraceAssertions;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Cline task folder built from the shapes of real tasks (XML tool uses in the text with api_req_started usage, and a
 * newer native tool_use with its own metrics; no licensed real task was found to commit), against an oracle read with
 * plain Jackson: assistant messages, tool uses, results, usage and checkpoints.
 */
class ClineImporterTest {

    static Path task() throws Exception {
        return Path.of(ClineImporterTest.class.getResource("/cline/1745000000000").toURI());
    }

    @Test
    void taskFolderImportsMessagesToolCallsUsageAndShadowCheckpoints() throws Exception {
        Path folder = task();
        JsonNode api = Json.MAPPER.readTree(folder.resolve("api_conversation_history.json").toFile());
        JsonNode ui = Json.MAPPER.readTree(folder.resolve("ui_messages.json").toFile());
        int assistants = 0;
        int toolUses = 0;
        for (JsonNode message : api) {
            if (message.path("role").asText().equals("assistant")) {
                assistants++;
                for (JsonNode block : message.path("content")) {
                    toolUses += block.path("type").asText().equals("tool_use") ? 1
                            : block.path("text").asText().split("<(read_file|replace_in_file|attempt_completion)>", -1).length - 1;
                }
            }
        }
        List<String> hashes = new ArrayList<>();
        ui.forEach(r -> { if (r.has("lastCheckpointHash")) hashes.add(r.get("lastCheckpointHash").asText()); });

        assertThat(Importers.builtIn().detect(folder).format()).isEqualTo("cline");
        assertThat(Importers.builtIn().detect(folder.resolve("ui_messages.json")).format()).isEqualTo("cline");
        assertThat(Importers.builtIn().detect(folder.resolve("api_conversation_history.json")).format()).isEqualTo("cline");
        ImportedTrace trace = Importers.builtIn().read(folder);
        TraceAssertions.assertWellFormed(trace);

        List<Event> calls = TraceAssertions.ofType(trace, EventType.MODEL_CALL);
        assertThat(calls).hasSize(assistants).hasSize(4);
        assertThat(calls.get(0).data().path("usage").path("inputTokens").asLong()).isEqualTo(1200);
        assertThat(calls.get(0).data().path("costUsd").decimalValue()).isEqualByComparingTo("0.0042");
        assertThat(calls.get(0).ts().toEpochMilli()).isEqualTo(1745000000200L);
        assertThat(calls.get(2).data().path("usage").path("inputTokens").asLong()).as("own metrics win").isEqualTo(900);
        assertThat(calls.get(3).data().path("usage").path("inputTokens").asLong()).isEqualTo(1400);

        List<Event> tools = TraceAssertions.ofType(trace, EventType.TOOL_CALL);
        assertThat(tools).hasSize(toolUses).hasSize(4);
        assertThat(tools.stream().map(e -> e.text("tool")).toList())
                .containsExactly("read_file", "replace_in_file", "execute_command", "attempt_completion");
        assertThat(tools.get(0).data().path("arguments").path("path").asText()).isEqualTo("hello.py");
        assertThat(tools.get(2).text("callId")).isEqualTo("toolu_01");
        List<Event> results = TraceAssertions.ofType(trace, EventType.TOOL_RESULT);
        assertThat(results).hasSize(3);
        assertThat(results.get(2).text("stdout")).isEqualTo("hello\n");

        List<Event> checkpoints = TraceAssertions.ofType(trace, EventType.CHECKPOINT);
        assertThat(checkpoints.stream().map(e -> e.text("checkpointId")).toList())
                .containsExactly("start", "shadow-" + hashes.get(0), "shadow-" + hashes.get(1));
        assertThat(checkpoints.get(1).data().path("workspace").path("root").asText()).isEqualTo("/home/dev/hello");
        assertThat(TraceAssertions.ofType(trace, EventType.SESSION_START).getFirst().data().path("model").path("model").asText())
                .isEqualTo("claude-sonnet-4-5-20250929");
        assertThat(TraceAssertions.findingCodes(trace)).contains("unpaired-call", "call-ids-synthesised",
                "records-folded", "starting-tree-needed").doesNotContain("history-misaligned");
    }
}
