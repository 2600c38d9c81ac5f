package dev.forkline.importers.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.WatchedRead;
import dev.forkline.importers.support.TestFiles;
import dev.forkline.importers.support.TraceFacts;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.TraceFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OtelImporterTest {

    @TempDir
    Path dir;

    private static Path resource(String name) throws Exception {
        return Path.of(OtelImporterTest.class.getResource("/otel/" + name).toURI());
    }

    /**
     * The Tempo export written as the collector's file exporter writes spans: one export request per line, here of at
     * most ten spans each. The importer says how far it read, with the lines read so far to import alone; at the end
     * that is the whole file, and the whole file gives the trace of the export as one document.
     */
    @Test
    void tellsHowFarItReadAFileOfJsonLinesAndImportsTheLinesReadSoFar() throws Exception {
        Path export = Samples.require("otel-genai/agentevals_tempo_export_with_batches.json");
        Path lines = dir.resolve("spans.jsonl");
        java.nio.file.Files.writeString(lines, String.join("\n", requestsOfTenSpans(export)) + "\n");
        ImportedTrace whole = new OtelImporter().read(lines);
        WatchedRead read = WatchedRead.of(new OtelImporter(), lines);
        ImportedTrace watched = read.trace();
        var reports = read.reports();
        var parts = read.parts();

        assertThat(watched.bundle().events()).extracting(Event::hash).isEqualTo(whole.bundle().events().stream().map(Event::hash).toList());
        assertThat(whole.bundle().events()).extracting(Event::type)
                .isEqualTo(new OtelImporter().read(export).bundle().events().stream().map(Event::type).toList());
        // the line reader reads the file in 64 KiB blocks: one report per block, the last at the file's end
        assertThat(reports).hasSizeGreaterThan(1).isSorted().last().isEqualTo(java.nio.file.Files.size(lines));
        java.util.Set<String> ids = whole.bundle().events().stream().map(Event::id).collect(java.util.stream.Collectors.toSet());
        List<Event> first = parts.getFirst().read(() -> false).bundle().events();
        assertThat(first.size()).isGreaterThan(2).isLessThan(whole.bundle().events().size());
        assertThat(first.getFirst().type()).isEqualTo(EventType.SESSION_START.wireName());
        assertThat(first.subList(1, first.size() - 1)).extracting(Event::id).allMatch(ids::contains);
        assertThat(parts.getLast().read(() -> false).bundle().events()).extracting(Event::hash)
                .as("the part read at the end is the whole file").isEqualTo(whole.bundle().events().stream().map(Event::hash).toList());
        WatchedRead.assertStopsWhenTold(parts.getLast());
    }

    /**
     * An export of one pretty-printed document: the importer says how far its first pass read (a megabyte at a time),
     * with the spans wholly read so far to import alone, and makes the same trace as without a watcher. A part is
     * what the file cut there gives, except that the cut is where the reading got, not damage.
     */
    @Test
    void tellsHowFarItReadAFileOfOneDocumentAndImportsTheSpansReadSoFar() throws Exception {
        Path export = dir.resolve("export.json");
        Files.writeString(export, GeneratedSpans.document(0, 6_000, true));
        long size = Files.size(export);
        assertThat(size).as("several blocks").isGreaterThan(3L << 20);
        List<Long> reports = new java.util.ArrayList<>();
        List<dev.forkline.importers.ReadingWatcher.PartRead> parts = new java.util.ArrayList<>();

        ImportedTrace watched = new OtelImporter().read(export, null, (bytesRead, bytesTotal, soFar) -> {
            assertThat(bytesTotal).isEqualTo(size);
            reports.add(bytesRead);
            parts.add(soFar);
        });

        assertThat(reports).hasSizeBetween(3, (int) (size >> 20) + 2).doesNotHaveDuplicates().isSorted();
        assertThat(reports.getLast()).isGreaterThan(size - (2L << 20)).isLessThanOrEqualTo(size);
        List<Event> whole = new OtelImporter().read(export).bundle().events();
        assertThat(watched.bundle().events()).extracting(Event::hash).isEqualTo(whole.stream().map(Event::hash).toList());

        ImportedTrace part = parts.get(1).read(() -> false);
        Path cut = dir.resolve("cut.json");
        try (var in = Files.newInputStream(export)) {
            Files.write(cut, in.readNBytes(Math.toIntExact(reports.get(1))));
        }
        ImportedTrace damaged = new OtelImporter().read(cut);
        assertThat(damaged.findings()).extracting(Finding::code).contains(dev.forkline.importers.support.ImportFindings.MALFORMED_JSON);
        assertThat(part.findings()).extracting(Finding::code).doesNotContain(dev.forkline.importers.support.ImportFindings.MALFORMED_JSON);
        List<Event> partEvents = part.bundle().events();
        assertThat(partEvents.size()).isGreaterThan(100).isLessThan(whole.size());
        assertThat(WatchedRead.assertStopsWhenTold(parts.get(1))).as("asked while reading and while making events").isGreaterThan(2);
        assertThat(partEvents.subList(1, partEvents.size())).as("all but session.start, which names the file")
                .extracting(Event::id, Event::type, Event::data)
                .isEqualTo(damaged.bundle().events().subList(1, damaged.bundle().events().size()).stream()
                        .map(event -> org.assertj.core.groups.Tuple.tuple(event.id(), event.type(), event.data())).toList());
    }

    /**
     * The session ends in failure when a span without a parent failed; a failing span whose parent is not in the file
     * (a partial export, or the part of an export read so far) says nothing of how the task ended.
     */
    @Test
    void onlyAFailingRootSpanMakesTheSessionAFailure() throws Exception {
        assertThat(outcomeOf(span("00000000000000a1", null, 2))).isEqualTo("failure");
        assertThat(outcomeOf(span("00000000000000a1", null, 1) + "," + span("00000000000000b2", "00000000000000a1", 2)))
                .as("a failing child of a root that ended well").isEqualTo("unknown");
        assertThat(outcomeOf(span("00000000000000b2", "00000000000000ff", 2))).as("a failing span whose parent is not in the file")
                .isEqualTo("unknown");
    }

    private String outcomeOf(String spans) throws Exception {
        Path export = dir.resolve("outcome.json");
        Files.writeString(export, "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [" + spans + "]}]}]}");
        List<Event> events = new OtelImporter().read(export).bundle().events();
        assertThat(events.getLast().type()).isEqualTo(EventType.SESSION_END.wireName());
        return events.getLast().data().path("outcome").asText();
    }

    private static String span(String id, String parent, int statusCode) {
        return "{\"traceId\": \"5b8efff798038103d269b633813fc60c\", \"spanId\": \"" + id + "\""
                + (parent == null ? "" : ", \"parentSpanId\": \"" + parent + "\"")
                + ", \"name\": \"execute_tool ls\", \"startTimeUnixNano\": \"1700000000000000000\", \"endTimeUnixNano\": \"1700000001000000000\""
                + ", \"attributes\": [{\"key\": \"gen_ai.operation.name\", \"value\": {\"stringValue\": \"execute_tool\"}}]"
                + ", \"status\": {\"code\": " + statusCode + "}}";
    }

    /** The export's spans as OTLP/JSON documents of at most ten spans each, keeping each span's resource and scope. */
    private static List<String> requestsOfTenSpans(Path export) throws Exception {
        var tree = dev.forkline.trace.Json.MAPPER.readTree(export.toFile());
        List<String> requests = new java.util.ArrayList<>();
        for (var batch : tree.path("batches")) {
            for (var scopeSpans : batch.path("instrumentationLibrarySpans")) {
                var spans = scopeSpans.path("spans");
                for (int from = 0; from < spans.size(); from += 10) {
                    var part = dev.forkline.trace.Json.object();
                    var resourceSpans = part.putArray("resourceSpans").addObject();
                    resourceSpans.set("resource", batch.path("resource"));
                    var scope = resourceSpans.putArray("scopeSpans").addObject();
                    scope.set("scope", scopeSpans.path("instrumentationLibrary"));
                    var some = scope.putArray("spans");
                    for (int i = from; i < Math.min(spans.size(), from + 10); i++) {
                        some.add(spans.get(i));
                    }
                    requests.add(dev.forkline.trace.Json.MAPPER.writeValueAsString(part));
                }
            }
        }
        return requests;
    }

    /**
     * The Tempo export of a kagent run (86 spans, batches/instrumentationLibrarySpans). Established with python: two
     * LLM requests, each recorded three times (ADK call_llm > generate_content > openllmetry openai.chat) with the same
     * tokens 2256/13 and 2392/116; one execute_tool span paired to the first request's tool call by call id; five
     * CancelledError exception events; one controller-side invoke_agent (helm-agent) and one agent-side (helm_agent).
     */
    @Test
    void tempoExportOfAKagentRun() throws Exception {
        Path file = Samples.require("otel-genai/agentevals_tempo_export_with_batches.json");
        assertThat(new OtelImporter().accepts(file, TestFiles.head(file))).isTrue();
        ImportedTrace trace = new OtelImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.countsByType()).isEqualTo(Map.of("session.start", 1L, "session.end", 1L, "model.call", 2L, "tool.call", 1L,
                "tool.result", 1L, "agent.handoff", 1L, "error", 5L, "note", 78L));
        assertThat(facts.usage("inputTokens")).isEqualTo(4648);
        assertThat(facts.usage("outputTokens")).isEqualTo(129);
        assertThat(facts.models()).containsExactly("gpt-4.1-mini-2025-04-14");
        assertThat(facts.of(EventType.MODEL_CALL)).allSatisfy(call -> {
            assertThat(call.text("provider")).isEqualTo("openai");
            assertThat(call.text("requestModel")).isEqualTo("gpt-4.1-mini");
            assertThat(call.data().path("spanIds")).hasSize(3);
        });
        assertThat(facts.findings("model-spans-merged")).singleElement().extracting(Finding::message).asString().startsWith("4 nested");
        assertThat(facts.actors()).containsExactly("agent:helm-agent", "agent:helm_agent", "agent:kagent-controller", "harness");
        assertThat(facts.pairedResults()).isEqualTo(1);
        Event toolCall = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(toolCall.text("tool")).isEqualTo("helm_list_releases");
        assertThat(toolCall.text("callId")).isEqualTo("call_w0eKlvnaE7S9GQJeSSs0gn05");
        Event firstModelCall = facts.of(EventType.MODEL_CALL).getFirst();
        assertThat(toolCall.causes()).containsExactly(firstModelCall.id());
        assertThat(firstModelCall.data().path("output").path("toolCalls").get(0).path("name").asText()).isEqualTo("helm_list_releases");
        assertThat(firstModelCall.data().path("input").path("messages")).hasSize(2);
        Event handoff = facts.of(EventType.AGENT_HANDOFF).getFirst();
        assertThat(handoff.text("from")).isEqualTo("agent:kagent-controller");
        assertThat(handoff.text("to")).isEqualTo("agent:helm-agent");
        assertThat(facts.of(EventType.ERROR)).allSatisfy(error -> assertThat(error.text("kind")).isEqualTo("asyncio.exceptions.CancelledError"));
        var start = facts.first(EventType.SESSION_START);
        assertThat(start.path("environment").path("harness").path("name").asText()).isEqualTo("kagent-controller");
        assertThat(start.path("environment").path("resources")).hasSize(2);
        assertThat(start.path("imported").path("format").asText()).isEqualTo("otel-genai");
        List<Event> events = facts.events();
        for (int i = 1; i < events.size() - 1; i++) {
            assertThat(events.get(i).ts()).isAfterOrEqualTo(events.get(i - 1).ts());
        }
    }

    @Test
    void otlpWithSemconvAndOpenInferenceSpans() throws Exception {
        Path file = resource("otlp-two-agents.json");
        assertThat(new OtelImporter().accepts(file, TestFiles.head(file))).isTrue();
        TraceFacts facts = new TraceFacts(new OtelImporter().read(file));
        assertThat(facts.count(EventType.MODEL_CALL)).isEqualTo(3);
        // "120" as a string, 30 as a number, prompt_tokens/completion_tokens, OpenInference token counts.
        assertThat(facts.usage("inputTokens")).isEqualTo(120 + 400 + 77);
        assertThat(facts.usage("outputTokens")).isEqualTo(30 + 55 + 11);
        assertThat(facts.models()).containsExactlyInAnyOrder("gpt-4o-2024-08-06", "claude-sonnet-4", "gpt-4o-mini");
        assertThat(facts.actors()).containsExactly("agent:coder", "agent:planner", "harness");

        Event planner = facts.of(EventType.MODEL_CALL).getFirst();
        assertThat(planner.data().path("input").path("messages").get(1).path("content").asText()).isEqualTo("Fix the failing test");
        assertThat(planner.data().path("latencyMs").asLong()).isEqualTo(1400);
        Event readFile = facts.of(EventType.TOOL_CALL).getFirst();
        assertThat(readFile.causes()).containsExactly(planner.id());
        assertThat(readFile.text("effect")).isEqualTo("read");
        assertThat(readFile.data().path("arguments").path("path").asText()).isEqualTo("tests/test_app.py");

        Event handoff = facts.of(EventType.AGENT_HANDOFF).getFirst();
        assertThat(handoff.text("from") + ">" + handoff.text("to")).isEqualTo("agent:planner>agent:coder");

        // Status code 2 on a model span, STATUS_CODE_ERROR on a tool span, an exception event.
        assertThat(facts.of(EventType.ERROR)).extracting(e -> e.text("message")).containsExactly("429 rate limited", "pytest failed");
        Event bashResult = facts.of(EventType.TOOL_RESULT).stream().filter(r -> r.data().path("isError").asBoolean()).findFirst().orElseThrow();
        assertThat(bashResult.text("error")).isEqualTo("exit status 1");
        assertThat(facts.effects()).isEqualTo(Map.of("read", 1L, "workspace", 1L, "external", 1L));

        Event openInference = facts.of(EventType.MODEL_CALL).stream().filter(e -> "gpt-4o-mini".equals(e.text("model"))).findFirst().orElseThrow();
        assertThat(openInference.data().path("output").path("text").asText()).isEqualTo("The add() function is off by one.");
        assertThat(openInference.actor()).isEqualTo("agent:coder");

        Event cache = facts.of(EventType.NOTE).stream().filter(e -> "cache.lookup".equals(e.text("text"))).findFirst().orElseThrow();
        assertThat(cache.data().path("attributes").path("cache.keys").toString()).isEqualTo("[\"a\",\"b\"]");
        assertThat(cache.data().path("attributes").path("cache.entry").path("hit").asBoolean()).isTrue();
        assertThat(cache.data().path("attributes").path("cache.size").isNumber()).isTrue();

        var environment = facts.first(EventType.SESSION_START).path("environment");
        assertThat(environment.path("os").asText()).isEqualTo("linux");
        assertThat(environment.path("image").asText()).isEqualTo("ghcr.io/acme/bot:1.4.2");
        assertThat(environment.path("host").path("name").asText()).isEqualTo("ci-runner-7");
        assertThat(environment.path("process").path("pid").asText()).isEqualTo("4242");
        assertThat(environment.path("harness").path("version").asText()).isEqualTo("1.4.2");
    }

    @Test
    void jaegerQueryResult() throws Exception {
        Path file = resource("jaeger-query.json");
        assertThat(new OtelImporter().accepts(file, TestFiles.head(file))).isTrue();
        TraceFacts facts = new TraceFacts(new OtelImporter().read(file));
        Event call = facts.of(EventType.MODEL_CALL).getFirst();
        assertThat(call.text("model")).isEqualTo("mistral-large");
        assertThat(call.text("provider")).isEqualTo("mistral_ai");
        assertThat(facts.usage("inputTokens")).isEqualTo(321);
        assertThat(facts.usage("outputTokens")).isEqualTo(45);
        assertThat(facts.actors()).contains("agent:reviewer");
        Event result = facts.of(EventType.TOOL_RESULT).getFirst();
        assertThat(result.data().path("isError").asBoolean()).isTrue();
        assertThat(result.text("error")).isEqualTo("connection refused");
        assertThat(facts.of(EventType.TOOL_CALL).getFirst().text("effect")).isEqualTo("external");
        assertThat(facts.of(EventType.ERROR)).extracting(e -> e.text("message")).containsExactly("ECONNREFUSED");
        var environment = facts.first(EventType.SESSION_START).path("environment");
        assertThat(environment.path("harness").path("name").asText()).isEqualTo("review-service");
        assertThat(environment.path("host").path("name").asText()).isEqualTo("build-box");
        assertThat(call.ts()).isEqualTo(java.time.Instant.parse("2025-06-03T09:00:00.100Z"));
        assertThat(call.data().path("latencyMs").asLong()).isEqualTo(900);
    }

    @Test
    void aDamagedDocumentInJsonLinesIsReportedAndTheNextLineRead() throws Exception {
        Path file = resource("otlp-lines.jsonl");
        ImportedTrace trace = new OtelImporter().read(file);
        TraceFacts facts = new TraceFacts(trace);
        assertThat(facts.findings("malformed-line")).singleElement().extracting(Finding::line).isEqualTo(2L);
        assertThat(facts.count(EventType.MODEL_CALL)).isEqualTo(2);
        assertThat(facts.usage("inputTokens")).isEqualTo(40);
    }

    @Test
    void spansWithoutTimesGetSynthesisedTimesAndAFinding() throws Exception {
        Path file = dir.resolve("no-times.json");
        Files.writeString(file, TestFiles.json("{'resourceSpans':[{'resource':{'attributes':[]},'scopeSpans':[{'spans':["
                + "{'traceId':'0102030405060708090a0b0c0d0e0f10','spanId':'0102030405060708','name':'chat',"
                + "'attributes':[{'key':'gen_ai.operation.name','value':{'stringValue':'chat'}},"
                + "{'key':'gen_ai.request.model','value':{'stringValue':'local-llama'}}]}]}]}]}"));
        TraceFacts facts = new TraceFacts(new OtelImporter().read(file));
        assertThat(facts.findings("timestamp-synthesised")).hasSize(1);
        assertThat(facts.findings("unfinished-spans")).hasSize(1);
        assertThat(facts.findings("usage-unknown")).hasSize(1);
        assertThat(facts.of(EventType.MODEL_CALL).getFirst().data().has("usage")).isFalse();
        assertThat(facts.actors()).contains("agent:unknown-service");
    }

    @Test
    void otherJsonIsNotATrace() throws Exception {
        Path file = dir.resolve("other.json");
        Files.writeString(file, "{\"trace\": {\"id\": 1}, \"observations\": []}");
        assertThat(new OtelImporter().accepts(file, TestFiles.head(file))).isFalse();
        assertThatThrownBy(() -> new OtelImporter().read(file)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("not an OTLP or Jaeger trace");
        Path garbage = dir.resolve("garbage.json");
        Files.writeString(garbage, "not json at all");
        assertThatThrownBy(() -> new OtelImporter().read(garbage)).isInstanceOf(TraceFormatException.class);
    }
}
