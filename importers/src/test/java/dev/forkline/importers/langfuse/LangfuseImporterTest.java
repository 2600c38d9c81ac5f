package dev.forkline.importers.langfuse;

import static dev.forkline.importers.samples.TraceAssertions.actors;
import static dev.forkline.importers.samples.TraceAssertions.assertWellFormed;
import static dev.forkline.importers.samples.TraceAssertions.countByType;
import static dev.forkline.importers.samples.TraceAssertions.findingCodes;
import static dev.forkline.importers.samples.TraceAssertions.ofType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LangfuseImporterTest {

    private final LangfuseImporter importer = new LangfuseImporter();

    @TempDir
    Path dir;

    @Test
    void readsTheRealPydanticAiTraceExport() throws Exception {
        Path file = SampleFiles.require("langfuse/pydantic-ai-tools-2025-12-04.trace.json");
        assertThat(importer.accepts(file, head(file))).isTrue();
        assertThat(Importers.builtIn().detect(file)).isInstanceOf(LangfuseImporter.class);

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        // 12 observations: 4 generations, 3 tools (call + result each), 5 spans that only give structure (two agents)
        assertThat(countByType(trace)).isEqualTo(Map.of("session.start", 1L, "agent.message", 1L, "model.call", 4L,
                "tool.call", 3L, "tool.result", 3L, "session.end", 1L));
        assertThat(actors(trace)).containsExactlyInAnyOrder("harness", "agent:joke_agent", "agent:evaluator_agent", "sandbox");
        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        assertThat(models).extracting(Event::actor).containsExactly("agent:joke_agent", "agent:joke_agent", "agent:joke_agent", "agent:evaluator_agent");
        assertThat(models).allSatisfy(e -> {
            assertThat(e.text("model")).isEqualTo("gpt-4o-mini-2024-07-18");
            assertThat(e.text("provider")).isEqualTo("openai");
        });
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/inputTokens").asLong()).sum()).isEqualTo(1315);
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/outputTokens").asLong()).sum()).isEqualTo(209);
        assertThat(models.stream().map(e -> e.data().get("costUsd").decimalValue()).reduce(BigDecimal.ZERO, BigDecimal::add))
                .isEqualByComparingTo("0.000322649999");
        assertThat(models.getFirst().data().at("/latencyMs").asLong()).isEqualTo(2362);
        assertThat(models.getFirst().data().at("/output/toolCalls")).hasSize(3);
        assertThat(models.getFirst().data().at("/input/messages/1/content").asText()).startsWith("Select and call THREE");

        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).extracting(e -> e.text("tool")).containsExactly("get_pun_suggestion", "get_dad_joke_suggestion", "get_one_liner_suggestion");
        assertThat(calls).extracting(e -> e.text("callId")).containsExactly("call_X0OSgjUukT5inyEQvuZQnHrk", "call_WxZcCvSDhGT4RJHlcU01k10x",
                "call_aRaObiWKKt6GzgDkkUl3bu1Q");
        assertThat(calls).allSatisfy(e -> {
            assertThat(e.causes()).containsExactly(models.getFirst().id());
            assertThat(e.text("effect")).isEqualTo("external");
            assertThat(e.data().at("/arguments/topic").asText()).isEqualTo("programming");
        });
        List<Event> results = ofType(trace, EventType.TOOL_RESULT);
        assertThat(results).allSatisfy(e -> assertThat(e.ts()).isEqualTo(Instant.parse("2025-12-04T14:51:24.422Z")));
        assertThat(results.getFirst().text("stdout")).startsWith("Pun idea:");
        // results come before the next model call that reads them
        assertThat(trace.bundle().events().indexOf(results.getLast())).isLessThan(trace.bundle().events().indexOf(models.get(1)));

        Event start = trace.bundle().events().getFirst();
        assertThat(start.ts()).isEqualTo(Instant.parse("2025-12-04T14:51:22.049Z"));
        assertThat(start.data().at("/environment/harness/name").asText()).isEqualTo("langfuse-sdk");
        assertThat(start.data().at("/environment/harness/version").asText()).isEqualTo("3.10.5");
        assertThat(start.data().at("/imported/traceId").asText()).isEqualTo("7a38edd8123db47ad8dcb8aa4c5e3926");
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.ts()).isEqualTo(Instant.parse("2025-12-04T14:51:29.473Z"));
        assertThat(end.text("outcome")).isEqualTo("unknown");
        assertThat(end.data().at("/usage/inputTokens").asLong()).isEqualTo(1315);
        assertThat(end.data().get("costUsd").decimalValue()).isEqualByComparingTo("0.000322649999");
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("effect-guessed")).hasSize(3);
        assertThat(findingCodes(trace)).contains("proposed-calls-without-tool", "no-outcome", "environment-incomplete", "no-checkpoint");
        assertThat(trace.bundle().manifest().title()).isEqualTo("joke-generator");
    }

    @Test
    void nestedAgentsFailedToolsOpenAiMessagesEventsAndUnknownTypesInAnApiStyleTrace() throws Exception {
        Path file = dir.resolve("trace.json");
        Files.writeString(file, """
                {"id": "t-1", "projectId": "p", "name": "support", "timestamp": "2025-06-01T10:00:00.000Z", "userId": "ana",
                 "input": "refund order 42", "output": {"status": "refused"},
                 "scores": [{"name": "helpfulness", "value": 0.5, "comment": "partial"}],
                 "observations": [
                  {"id": "o1", "type": "AGENT", "name": "triage", "parentObservationId": null,
                   "startTime": "2025-06-01T10:00:00.100Z", "endTime": "2025-06-01T10:00:09.000Z", "level": "ERROR", "statusMessage": "refund agent failed"},
                  {"id": "o2", "type": "GENERATION", "name": "route", "parentObservationId": "o1", "model": "gpt-4.1",
                   "startTime": "2025-06-01T10:00:00.200Z", "endTime": "2025-06-01T10:00:01.200Z",
                   "input": [{"role": "system", "content": "Route."}, {"role": "user", "content": "refund order 42"}],
                   "output": {"role": "assistant", "content": "Routing to refunds.",
                              "tool_calls": [{"id": "tc-1", "function": {"name": "transfer", "arguments": "{\\"to\\": \\"refunds\\"}"}}]},
                   "usage": {"input": 50, "output": 8, "unit": "TOKENS"}, "calculatedTotalCost": 0.0004},
                  {"id": "o3", "type": "AGENT", "name": "refunds", "parentObservationId": "o1",
                   "startTime": "2025-06-01T10:00:02.000Z", "endTime": "2025-06-01T10:00:08.000Z"},
                  {"id": "o4", "type": "TOOL", "name": "http_post", "parentObservationId": "o3",
                   "startTime": "2025-06-01T10:00:03.000Z", "endTime": "2025-06-01T10:00:04.500Z",
                   "input": {"url": "https://pay.example/refund", "order": 42}, "output": null, "level": "ERROR", "statusMessage": "HTTP 403"},
                  {"id": "o5", "type": "EVENT", "name": "escalated", "parentObservationId": "o3",
                   "startTime": "2025-06-01T10:00:05.000Z", "output": "to a human"},
                  {"id": "o6", "type": "TELEPORTER", "name": "beam", "parentObservationId": "o3",
                   "startTime": "2025-06-01T10:00:06.000Z", "endTime": "2025-06-01T10:00:06.000Z"},
                  {"id": "o7", "type": "SPAN", "name": "no time", "parentObservationId": "o1"}
                 ]}
                """);
        assertThat(importer.accepts(file, head(file))).isTrue();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        assertThat(ofType(trace, EventType.AGENT_HANDOFF)).extracting(e -> e.text("from") + ">" + e.text("to"))
                .containsExactly("agent:triage>agent:refunds", "agent:refunds>agent:triage");
        Event model = ofType(trace, EventType.MODEL_CALL).getFirst();
        assertThat(model.actor()).isEqualTo("agent:triage");
        assertThat(model.data().at("/output/text").asText()).isEqualTo("Routing to refunds.");
        assertThat(model.data().at("/output/toolCalls/0/arguments/to").asText()).isEqualTo("refunds");
        assertThat(model.data().at("/usage/inputTokens").asLong()).isEqualTo(50);
        assertThat(model.data().get("costUsd").decimalValue()).isEqualByComparingTo("0.0004");
        Event call = ofType(trace, EventType.TOOL_CALL).getFirst();
        assertThat(call.actor()).isEqualTo("agent:refunds");
        assertThat(call.text("effect")).isEqualTo("external");
        Event result = ofType(trace, EventType.TOOL_RESULT).getFirst();
        assertThat(result.data().get("isError").asBoolean()).isTrue();
        assertThat(result.text("error")).isEqualTo("HTTP 403");
        assertThat(result.data().get("durationMs").asLong()).isEqualTo(1500);
        assertThat(ofType(trace, EventType.NOTE)).extracting(e -> e.text("text"))
                .contains("event 'escalated': to a human", "score helpfulness: 0.5 (partial)");
        assertThat(trace.bundle().events()).filteredOn(e -> e.type().equals("langfuse.teleporter")).hasSize(1);
        assertThat(trace.bundle().events()).filteredOn(e -> e.type().equals("langfuse.span")).hasSize(1);
        assertThat(ofType(trace, EventType.ERROR)).singleElement().satisfies(e -> assertThat(e.text("message")).isEqualTo("refund agent failed"));
        assertThat(ofType(trace, EventType.AGENT_MESSAGE).getFirst().text("from")).isEqualTo("human:ana");
        assertThat(ofType(trace, EventType.SESSION_END).getFirst().text("outcome")).isEqualTo("failure");
        assertThat(findingCodes(trace)).contains("untimed-observations", "unknown-record", "proposed-calls-without-tool")
                .doesNotContain("effect-guessed");
    }

    @Test
    void rejectsJsonWithoutObservations() throws Exception {
        Path file = dir.resolve("x.json");
        Files.writeString(file, "{\"trace\": {\"id\": \"a\"}, \"projectId\": \"p\"}");
        assertThat(importer.accepts(file, head(file))).isFalse();
        assertThatThrownBy(() -> importer.read(file)).isInstanceOf(TraceFormatException.class).hasMessageContaining("observations");
    }

    /**
     * The import reads each observation again from its place in the file: the places are byte offsets, right after
     * texts beyond ASCII and escapes, in either order of the root's members, and the trace's own copy of the list is
     * not the one read.
     */
    @Test
    void readsEachObservationAgainFromItsPlaceInTheFile() throws Exception {
        Path file = dir.resolve("export.json");
        String unknown = "{\"id\": \"o3\", \"type\": \"TELEPORTER\", \"name\": \"光線 🚀\", \"startTime\": \"2025-06-01T10:00:03.000Z\","
                + " \"output\": {\"note\": \"tab\\there \\\"quoted\\\" é\", \"n\": 1.50}}";
        Files.writeString(file, """
                {"observations": [
                  {"id": "o1", "type": "GENERATION", "name": "générer ✨", "model": "m-1",
                   "startTime": "2025-06-01T10:00:01.000Z", "endTime": "2025-06-01T10:00:02.000Z",
                   "input": [{"role": "user", "content": "Ünïcödé \\"prompt\\" 🚀"}],
                   "output": {"role": "assistant", "content": "答え: 42 ✓"}},
                  "not an observation",
                  %s
                 ],
                 "trace": {"id": "t-1", "name": "ünï", "timestamp": "2025-06-01T10:00:00.000Z",
                           "observations": [{"id": "ignored", "type": "GENERATION", "startTime": "2025-06-01T09:00:00.000Z"}]}}
                """.formatted(unknown));

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        Event model = ofType(trace, EventType.MODEL_CALL).getFirst();
        assertThat(model.data().at("/input/messages/0/content").asText()).isEqualTo("Ünïcödé \"prompt\" 🚀");
        assertThat(model.data().at("/output/text").asText()).isEqualTo("答え: 42 ✓");
        assertThat(ofType(trace, EventType.MODEL_CALL)).hasSize(1);
        assertThat(trace.bundle().events()).filteredOn(e -> e.type().equals("langfuse.teleporter")).singleElement()
                .satisfies(e -> assertThat(e.data().get("raw")).isEqualTo(Json.MAPPER.readTree(unknown)));
        assertThat(trace.bundle().events()).filteredOn(e -> e.type().equals("langfuse.unknown")).singleElement()
                .satisfies(e -> assertThat(e.data().get("raw").asText()).isEqualTo("not an observation"));
        assertThat(trace.bundle().manifest().title()).isEqualTo("ünï");
    }

    /** An export that lists one tool observation twice (same id, other times): each result answers its own call. */
    @Test
    void twoToolObservationsOfOneIdEachAnswerTheirOwnCall() throws Exception {
        Path file = dir.resolve("twice.json");
        Files.writeString(file, """
                {"trace": {"id": "t", "name": "twice", "timestamp": "2025-06-01T10:00:00.000Z"},
                 "observations": [
                  {"id": "o1", "type": "TOOL", "name": "lookup", "startTime": "2025-06-01T10:00:01.000Z",
                   "endTime": "2025-06-01T10:00:04.000Z", "input": {"q": "first"}, "output": "one"},
                  {"id": "o1", "type": "TOOL", "name": "lookup", "startTime": "2025-06-01T10:00:02.000Z",
                   "endTime": "2025-06-01T10:00:03.000Z", "input": {"q": "second"}, "output": "two"}
                 ]}
                """);

        ImportedTrace trace = importer.read(file);

        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        List<Event> results = ofType(trace, EventType.TOOL_RESULT);
        assertThat(calls).hasSize(2);
        assertThat(results).extracting(e -> e.text("stdout") + " <- " + trace.bundle().events().stream()
                        .filter(c -> c.id().equals(e.causes().getFirst())).findFirst().orElseThrow().data().at("/arguments/q").asText())
                .containsExactly("two <- second", "one <- first");
    }

    @Test
    void brokenJsonNamesTheFileAndLineAndSoDoesContentAfterTheExport() throws Exception {
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, """
                {"trace": {"id": "t"},
                 "observations": [
                  {"id": "o1", "type": "SPAN", "startTime": "2025-06-01T10:00:01.000Z"},
                  {"id": "o2", "type": "SPAN" "startTime": "2025-06-01T10:00:02.000Z"}
                 ]}
                """);
        assertThatThrownBy(() -> importer.read(broken)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining(broken + ":4:").hasMessageContaining("malformed JSON");

        Path trailing = dir.resolve("trailing.json");
        Files.writeString(trailing, "{\"trace\": {\"id\": \"t\"}, \"observations\": []}\n{\"more\": 1}\n");
        assertThatThrownBy(() -> importer.read(trailing)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining(trailing + ":2:").hasMessageContaining("content after");

        // a number no double holds, in a member the first pass passes over unread: found when the observation is read again
        Path huge = dir.resolve("huge.json");
        Files.writeString(huge, """
                {"trace": {"id": "t"},
                 "observations": [
                  {"id": "o1", "type": "SPAN", "startTime": "2025-06-01T10:00:01.000Z"},
                  {"id": "o2", "type": "GENERATION", "startTime": "2025-06-01T10:00:02.000Z",
                   "output": {"score":
                     1e999999999}}
                 ]}
                """);
        assertThatThrownBy(() -> importer.read(huge)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining(huge + ":6:").hasMessageContaining("malformed JSON");

        Path notAList = dir.resolve("not-a-list.json");
        Files.writeString(notAList, "{\"trace\": {\"id\": \"t\", \"observations\": []}, \"observations\": {\"o1\": {}}}");
        assertThatThrownBy(() -> importer.read(notAList)).isInstanceOf(TraceFormatException.class).hasMessageContaining("'observations' list");
    }

    private static byte[] head(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return in.readNBytes(64 * 1024);
        }
    }
}
