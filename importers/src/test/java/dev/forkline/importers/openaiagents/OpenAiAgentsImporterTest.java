package dev.forkline.importers.openaiagents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.TestFiles;
import dev.forkline.importers.support.TraceFacts;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No real Agents SDK export was available: {@code support-handoff.jsonl} is hand-made from the SDK's documented
 * {@code Trace.export()} / {@code Span.export()} shapes (AgentSpanData, GenerationSpanData, ResponseSpanData,
 * FunctionSpanData with a SpanError, HandoffSpanData, GuardrailSpanData, CustomSpanData).
 */
class OpenAiAgentsImporterTest {

    @TempDir
    Path dir;

    private static Path sample() throws Exception {
        return Path.of(OpenAiAgentsImporterTest.class.getResource("/openaiagents/support-handoff.jsonl").toURI());
    }

    @Test
    void triageHandsOffToBilling() throws Exception {
        Path file = sample();
        assertThat(new OpenAiAgentsImporter().accepts(file, TestFiles.head(file))).isTrue();
        check(new OpenAiAgentsImporter().read(file));
    }

    @Test
    void theSameRecordsAsAJsonArrayOrABackendBatch() throws Exception {
        ArrayNode records = Json.object().arrayNode();
        for (String line : Files.readAllLines(sample())) {
            records.add(Json.MAPPER.readTree(line));
        }
        Path array = dir.resolve("trace.json");
        Files.writeString(array, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(records));
        assertThat(new OpenAiAgentsImporter().accepts(array, TestFiles.head(array))).isTrue();
        check(new OpenAiAgentsImporter().read(array));

        ObjectNode batch = Json.object();
        batch.set("data", records);
        Path data = dir.resolve("batch.json");
        Files.writeString(data, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(batch));
        assertThat(new OpenAiAgentsImporter().accepts(data, TestFiles.head(data))).isTrue();
        check(new OpenAiAgentsImporter().read(data));
    }

    private static void check(ImportedTrace trace) {
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.countsByType()).isEqualTo(Map.of("session.start", 1L, "session.end", 1L, "note", 5L, "model.call", 4L,
                "tool.call", 2L, "tool.result", 2L, "agent.handoff", 1L, "error", 1L));
        assertThat(facts.actors()).containsExactly("agent:Billing Agent", "agent:Triage Agent", "harness");
        assertThat(facts.usage("inputTokens")).isEqualTo(212 + 305 + 388 + 441);
        assertThat(facts.usage("outputTokens")).isEqualTo(17 + 21 + 40 + 29);
        assertThat(facts.usage("cacheReadTokens")).isEqualTo(128);
        Event handoff = facts.of(EventType.AGENT_HANDOFF).getFirst();
        assertThat(handoff.actor()).isEqualTo("agent:Triage Agent");
        assertThat(handoff.text("to")).isEqualTo("agent:Billing Agent");
        assertThat(facts.pairedResults()).isEqualTo(2);
        Event getOrder = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(getOrder.text("tool")).isEqualTo("get_order");
        assertThat(getOrder.data().path("arguments").path("order_id").asText()).isEqualTo("1182");
        Event billingGeneration = facts.of(EventType.MODEL_CALL).get(1);
        assertThat(getOrder.causes()).containsExactly(billingGeneration.id());
        assertThat(billingGeneration.data().path("output").path("toolCalls").get(0).path("name").asText()).isEqualTo("get_order");
        Event refund = facts.of(EventType.TOOL_RESULT).get(1);
        assertThat(refund.data().path("isError").asBoolean()).isTrue();
        assertThat(refund.text("error")).isEqualTo("Error running tool (non-fatal)");
        assertThat(facts.of(EventType.ERROR)).extracting(e -> e.text("kind")).containsExactly("guardrail"); // the failed function is an error result, not a second error
        assertThat(facts.of(EventType.MODEL_CALL).get(2).text("model")).isNull(); // response spans do not name the model
        assertThat(facts.findings("model-unknown")).hasSize(1);
        assertThat(facts.findings("environment-incomplete")).hasSize(1);
        var start = facts.first(EventType.SESSION_START);
        assertThat(start.path("title").asText()).isEqualTo("Customer support");
        assertThat(start.path("traces").get(0).path("groupId").asText()).isEqualTo("conv_42");
        assertThat(start.path("model").path("model").asText()).isEqualTo("gpt-4o-2024-08-06");
        assertThat(start.path("imported").path("format").asText()).isEqualTo("openai-agents");
    }

    @Test
    void damagedLinesUnknownSpanTypesAndMissingTimes() throws Exception {
        Path file = dir.resolve("trace.jsonl");
        Files.write(file, Files.readAllLines(sample()).subList(0, 3));
        TestFiles.appendLine(file, "{'object':'trace.span','id':'span_x','trace_id':'t','parent_id':null,'span_data':{'type':'age");
        TestFiles.appendLine(file, "{'object':'trace.span','id':'span_new','trace_id':'t','parent_id':'span_triage0001aaaaaaaaaaaa',"
                + "'started_at':null,'ended_at':null,'span_data':{'type':'web_search','query':'refund policy'},'error':null}");
        ImportedTrace trace = new OpenAiAgentsImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.findings("malformed-line")).singleElement().extracting(Finding::line).isEqualTo(4L);
        Event unknown = facts.of(EventType.UNKNOWN).getFirst();
        assertThat(unknown.type()).isEqualTo("openai-agents.web_search");
        assertThat(unknown.actor()).isEqualTo("agent:Triage Agent");
        assertThat(unknown.data().path("raw").path("query").asText()).isEqualTo("refund policy");
        assertThat(facts.findings("timestamp-synthesised")).hasSize(1);
        assertThat(facts.findings("unknown-record")).hasSize(1);
    }

    @Test
    void otherJsonIsRejected() throws Exception {
        Path file = dir.resolve("other.jsonl");
        Files.writeString(file, "{\"object\": \"chat.completion\", \"id\": \"x\"}\n");
        assertThat(new OpenAiAgentsImporter().accepts(file, TestFiles.head(file))).isFalse();
        assertThatThrownBy(() -> new OpenAiAgentsImporter().read(file)).isInstanceOf(TraceFormatException.class);
    }
}
