package dev.forkline.importers.inspect;

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
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InspectImporterTest {

    private final InspectImporter importer = new InspectImporter();

    @TempDir
    Path dir;

    @Test
    void readsTheRealBrowserAgentJsonLog() throws Exception {
        Path file = SampleFiles.require("inspect-ai/2025-05-12T20-27-36-04-00_browser.json");
        assertThat(importer.accepts(file, head(file))).isTrue();

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        // one sample; 43 transcript events: 5 model, 4 tool (+4 results), 10 sandbox execs (start + exit each),
        // 2 state + 4 store + 1 score as notes, sample_init as start (+ the task message), spans give structure only
        assertThat(countByType(trace)).isEqualTo(Map.of("session.start", 1L, "agent.message", 1L, "model.call", 5L,
                "tool.call", 4L, "tool.result", 4L, "process.start", 10L, "process.exit", 10L, "note", 7L, "session.end", 1L));
        assertThat(trace.bundle().events()).allSatisfy(e -> assertThat(e.run()).isEqualTo("sample-1-epoch-1"));
        assertThat(actors(trace)).containsExactlyInAnyOrder("harness", "agent:main", "sandbox");

        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        assertThat(models).allSatisfy(e -> assertThat(e.text("model")).isEqualTo("gpt-4o-mini-2024-07-18"));
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/inputTokens").asLong()).sum()).isEqualTo(15235);
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/outputTokens").asLong()).sum()).isEqualTo(281);
        assertThat(models.stream().mapToLong(e -> e.data().at("/usage/cacheReadTokens").asLong()).sum()).isEqualTo(9088);
        // the task text is resolved from the sample's attachments
        assertThat(models.getFirst().data().at("/input/messages/0/content").asText()).startsWith("Use the web browser tool");
        assertThat(models.getLast().data().at("/output/text").asText()).startsWith("The AI Security Institute (AISI)");

        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).extracting(e -> e.text("tool")).containsExactly("web_browser_go", "web_browser_click", "web_browser_click", "web_browser_click");
        assertThat(calls).extracting(e -> e.text("callId")).containsExactly("call_35FTpd6shR9efioDgeEBZ33s", "call_O6fzXOPUvPtYflWdOH94RTWy",
                "call_53eNweGanOHt6jGWAo2UuNCG", "call_C0cGhnh5y5RCIBs9vTJCLgxW");
        // browser tools are not in the effect rule: guessed external, never re-executed, and said so
        assertThat(calls).allSatisfy(e -> assertThat(e.text("effect")).isEqualTo("external"));
        // one finding per guessed tool: web_browser_go (1 call), web_browser_click (3 calls)
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("effect-guessed")).extracting(f -> f.message().substring(0, f.message().indexOf(')') + 1))
                .containsExactly("tool 'web_browser_go' (1 call)", "tool 'web_browser_click' (3 calls)");
        assertThat(calls.getFirst().causes()).containsExactly(models.getFirst().id());
        Event firstResult = ofType(trace, EventType.TOOL_RESULT).getFirst();
        assertThat(firstResult.ts()).isEqualTo(Instant.parse("2025-05-13T00:27:44.080452Z"));
        assertThat(firstResult.text("stdout")).contains("We are now the AI Security Institute");
        assertThat(ofType(trace, EventType.PROCESS_EXIT)).allSatisfy(e -> assertThat(e.data().get("exitCode").asInt()).isZero());
        assertThat(ofType(trace, EventType.PROCESS_START).getFirst().text("command")).isEqualTo("which inspect-tool-support");

        Event start = trace.bundle().events().getFirst();
        assertThat(start.ts()).isEqualTo(Instant.parse("2025-05-13T00:27:36.998128Z"));
        assertThat(start.data().at("/environment/isolation/boundary").asText()).isEqualTo("docker");
        assertThat(start.data().at("/environment/isolation/config").asText()).isEqualTo("compose.yaml");
        assertThat(start.data().at("/environment/harness/version").asText()).isEqualTo("0.3.95.dev16+g6527d0861");
        assertThat(start.data().at("/model/provider").asText()).isEqualTo("openai");
        assertThat(start.data().at("/model/model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(start.data().at("/imported/evalRevision/commit").asText()).isEqualTo("e9a9d7161");
        Event end = ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.text("outcome")).isEqualTo("success");
        assertThat(end.text("summary")).isEqualTo("scores: includes=C");
        assertThat(end.data().at("/usage/inputTokens").asLong()).isEqualTo(15235);
        assertThat(end.data().at("/usage/outputTokens").asLong()).isEqualTo(281);
        assertThat(findingCodes(trace)).contains("environment-incomplete", "effect-guessed", "no-cost").doesNotContain("usage-mismatch", "unknown-record");
        assertThat(trace.bundle().manifest().sourceFormat()).isEqualTo("inspect-ai");
        assertThat(trace.bundle().manifest().title()).isEqualTo("browser (openai/gpt-4o-mini)");
        assertTimeOrdered(trace);
    }

    @Test
    void readsAnEvalArchiveWithAMessagePoolApprovalsErrorsAgentsAndTwoSamples() throws Exception {
        Path file = dir.resolve("log.eval");
        zip(file, Map.of(
                "header.json", HEADER,
                "samples/2_epoch_1.json", SAMPLE_TWO,
                "samples/10_epoch_1.json", SAMPLE_TEN,
                "summaries.json", "[]",
                "_journal/start.json", "{}"));
        assertThat(importer.accepts(file, head(file))).isTrue();
        assertThat(Importers.builtIn().detect(file)).isInstanceOf(InspectImporter.class);

        ImportedTrace trace = importer.read(file);

        assertWellFormed(trace);
        assertThat(trace.bundle().events().stream().map(Event::run).distinct()).containsExactly("sample-2-epoch-1", "sample-10-epoch-1");
        List<Event> models = ofType(trace, EventType.MODEL_CALL);
        // input_refs [[0,2],[2,4]] expand to pool messages 0..3; only what follows the last assistant message is new
        Event second = models.get(1);
        assertThat(second.data().at("/input/summary").asText()).isEqualTo("4 message(s), 1 new since the model last answered");
        assertThat(second.data().at("/input/messages/0/content").asText()).isEqualTo("file1\nfile2");
        assertThat(models.getFirst().data().at("/input/messages/1/content").asText()).isEqualTo("List the files, please.");
        List<Event> calls = ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).extracting(e -> e.text("effect")).containsExactly("workspace", "privileged");
        assertThat(calls).extracting(Event::actor).containsExactly("agent:react", "agent:react");
        List<Event> requests = ofType(trace, EventType.APPROVAL_REQUEST);
        List<Event> decisions = ofType(trace, EventType.APPROVAL_DECISION);
        assertThat(requests).hasSize(1);
        assertThat(requests.getFirst().text("subject")).isEqualTo(models.get(1).id());
        assertThat(decisions).singleElement().satisfies(d -> {
            assertThat(d.text("verdict")).isEqualTo("deny");
            assertThat(d.text("owner")).isEqualTo("human:human");
            assertThat(d.text("rationale")).isEqualTo("no sudo here");
            assertThat(d.actor()).isEqualTo("human:human");
        });
        Event denied = ofType(trace, EventType.TOOL_RESULT).get(1);
        assertThat(denied.data().get("isError").asBoolean()).isTrue();
        assertThat(denied.text("error")).isEqualTo("approval: Tool call rejected");
        assertThat(ofType(trace, EventType.AGENT_HANDOFF)).extracting(e -> e.text("from") + ">" + e.text("to"))
                .containsExactly("agent:main>agent:react", "agent:react>agent:main");
        assertThat(trace.bundle().events()).filteredOn(e -> e.type().equals("inspect.teleport")).hasSize(1);
        List<Event> ends = ofType(trace, EventType.SESSION_END);
        assertThat(ends).extracting(e -> e.text("outcome")).containsExactly("success", "failure");
        assertThat(ofType(trace, EventType.ERROR)).extracting(e -> e.text("kind")).containsExactly("sample");
        assertThat(ends.getFirst().data().at("/usage/inputTokens").asLong()).isEqualTo(30);
        assertThat(ends.getFirst().data().get("costUsd").decimalValue()).isEqualByComparingTo("0.003");
        assertThat(findingCodes(trace)).contains("unknown-record", "no-sandbox");
        assertThat(trace.bundle().manifest().traceId()).isEqualTo("inspect-ai:ev-1");
    }

    @Test
    void rejectsHostileArchivesNamingTheEntry() throws Exception {
        Path traversal = dir.resolve("traversal.eval");
        zip(traversal, Map.of("header.json", HEADER, "samples/../../evil_epoch_1.json", SAMPLE_TWO));
        assertThatThrownBy(() -> importer.read(traversal)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("samples/../../evil_epoch_1.json").hasMessageContaining("'..'");

        Path absolute = dir.resolve("absolute.eval");
        zip(absolute, Map.of("header.json", HEADER, "/etc/passwd", "x"));
        assertThatThrownBy(() -> importer.read(absolute)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("/etc/passwd").hasMessageContaining("absolute path");

        Path link = dir.resolve("link.eval");
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(link.toFile())) {
            put(out, "header.json", HEADER.getBytes(StandardCharsets.UTF_8), 0100644);
            put(out, "samples/1_epoch_1.json", "/etc/shadow".getBytes(StandardCharsets.UTF_8), 0120777);
        }
        assertThatThrownBy(() -> importer.read(link)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("samples/1_epoch_1.json").hasMessageContaining("link");

        Path bomb = dir.resolve("bomb.eval");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(bomb))) {
            out.putNextEntry(new ZipEntry("header.json"));
            out.write(HEADER.getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new ZipEntry("samples/1_epoch_1.json"));
            out.write(new byte[16 * 1024 * 1024]);
        }
        assertThatThrownBy(() -> importer.read(bomb)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("samples/1_epoch_1.json").hasMessageContaining("zip bomb");
        assertThat(importer.accepts(bomb, head(bomb))).isFalse();
    }

    @Test
    void aMalformedSampleInAnArchiveIsAFindingAndAnEmptyLogIsAnError() throws Exception {
        Path file = dir.resolve("partial.eval");
        zip(file, Map.of("header.json", HEADER, "samples/2_epoch_1.json", SAMPLE_TWO, "samples/3_epoch_1.json", "{\"id\": 3,,}"));
        ImportedTrace trace = importer.read(file);
        assertThat(trace.findings()).anySatisfy(f -> {
            assertThat(f.code()).isEqualTo("malformed-record");
            assertThat(f.message()).contains("samples/3_epoch_1.json");
        });
        Path empty = dir.resolve("empty.json");
        Files.writeString(empty, "{\"version\": 2, \"status\": \"started\", \"eval\": {\"task\": \"t\", \"task_id\": \"x\"}}");
        assertThatThrownBy(() -> importer.read(empty)).isInstanceOf(TraceFormatException.class).hasMessageContaining("no samples");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"version\": 2,\n\"eval\": {\"task\": \"t\", \"task_id\": \"x\"},\n\"samples\": [ {\"id\": 1, ] }");
        assertThatThrownBy(() -> importer.read(broken)).isInstanceOfSatisfying(TraceFormatException.class, e -> assertThat(e.line()).isEqualTo(3));
    }

    /** The samples are read as trees without the parser's own check of member names: a member named twice is refused all the same. */
    @Test
    void aMemberNamedTwiceAnywhereInAJsonLogIsRefusedWithItsLine() throws Exception {
        String sample = "{\"id\": 1, \"epoch\": 1, \"input\": \"task\", \"messages\": [], \"events\": []}";
        Map<String, Integer> logs = Map.of(
                "{\"version\": 2,\n\"eval\": {\"task\": \"t\", \"task_id\": \"x\"},\n\"samples\": [" + sample + ",\n"
                        + "{\"id\": 2, \"epoch\": 1, \"events\": [{\"event\": \"info\", \"data\": {\"a\": 1, \"b\": 2, \"a\": 3}}]}]}", 4,
                "{\"version\": 2,\n\"eval\": {\"task\": \"t\", \"task_id\": \"x\", \"task\": \"u\"},\n\"samples\": [" + sample + "]}", 2,
                "{\"version\": 2,\n\"eval\": {\"task\": \"t\", \"task_id\": \"x\"},\n\"samples\": [" + sample + "],\n\"version\": 3}", 4,
                "{\"version\": 2,\n\"eval\": {\"task\": \"t\", \"task_id\": \"x\"},\n\"samples\": [" + sample + "],\n\"samples\": []}", 4);
        int n = 0;
        for (var log : logs.entrySet()) {
            Path file = dir.resolve("twice-" + n++ + ".json");
            Files.writeString(file, log.getKey());
            assertThatThrownBy(() -> importer.read(file)).as(log.getKey()).isInstanceOfSatisfying(TraceFormatException.class, e -> {
                assertThat(e.line()).isEqualTo(log.getValue().longValue());
                assertThat(e.getMessage()).contains(file.toString()).contains("malformed JSON: Duplicate field '").doesNotContain("ObjectNode");
            });
        }
    }

    @Test
    void anArchiveWithOnlySummariesYieldsOneStartAndEndPerSample() throws Exception {
        Path file = dir.resolve("summaries.eval");
        zip(file, Map.of("header.json", HEADER, "summaries.json", """
                [{"id": 1, "epoch": 1, "input": "a", "target": "", "scores": {"match": {"value": "C"}},
                  "model_usage": {"m": {"input_tokens": 7, "output_tokens": 3}}},
                 {"id": 2, "epoch": 1, "input": "b", "target": "", "error": {"message": "boom"}}]
                """));
        ImportedTrace trace = importer.read(file);
        assertWellFormed(trace);
        assertThat(countByType(trace)).isEqualTo(Map.of("session.start", 2L, "agent.message", 2L, "session.end", 2L));
        assertThat(ofType(trace, EventType.SESSION_END)).extracting(e -> e.text("outcome")).containsExactly("success", "failure");
        assertThat(ofType(trace, EventType.SESSION_END).getFirst().data().at("/usage/inputTokens").asLong()).isEqualTo(7);
        assertThat(findingCodes(trace)).contains("summaries-only", "no-transcript");
    }

    static void assertTimeOrdered(ImportedTrace trace) {
        List<Event> events = trace.bundle().events();
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i).run().equals(events.get(i - 1).run())) {
                assertThat(events.get(i).ts()).as("time of %s", events.get(i).id()).isAfterOrEqualTo(events.get(i - 1).ts().minusMillis(5));
            }
        }
    }

    private static void put(ZipArchiveOutputStream out, String name, byte[] content, int mode) throws IOException {
        ZipArchiveEntry entry = new ZipArchiveEntry(name);
        entry.setUnixMode(mode);
        out.putArchiveEntry(entry);
        out.write(content);
        out.closeArchiveEntry();
    }

    private static void zip(Path file, Map<String, String> entries) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file); ZipOutputStream out = new ZipOutputStream(raw)) {
            for (var entry : new java.util.TreeMap<>(entries).entrySet()) {
                out.putNextEntry(new ZipEntry(entry.getKey()));
                out.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
    }

    private static byte[] head(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return in.readNBytes(64 * 1024);
        }
    }

    private static final String HEADER = """
            {"version": 2, "status": "success",
             "eval": {"eval_id": "ev-1", "run_id": "run-1", "task": "cleanup", "task_id": "t-1", "created": "2025-09-01T12:00:00+00:00",
                      "model": "anthropic/claude-sonnet-4-5", "packages": {"inspect_ai": "0.3.130"}, "dataset": {"samples": 2}},
             "plan": {"name": "plan", "steps": []}, "results": {"total_samples": 2, "completed_samples": 2}, "stats": {}}
            """;

    /** A sample whose model events reference a message pool; the second tool call is denied by a human approver. */
    private static final String SAMPLE_TWO = """
            {"id": 2, "epoch": 1, "input": "attachment://aaa", "target": "",
             "attachments": {"aaa": "List the files, please."},
             "message_pool": [
               {"role": "system", "content": "You are careful."},
               {"role": "user", "content": "attachment://aaa"},
               {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "function": "bash", "arguments": {"cmd": "ls"}}]},
               {"role": "tool", "content": [{"type": "text", "text": "file1\\nfile2"}], "tool_call_id": "c1"}
             ],
             "events": [
               {"event": "sample_init", "timestamp": "2025-09-01T12:00:01+00:00", "sample": {"id": 2, "input": "attachment://aaa"}, "state": {}},
               {"event": "span_begin", "timestamp": "2025-09-01T12:00:01.1+00:00", "id": "s1", "parent_id": null, "type": "agent", "name": "react"},
               {"event": "model", "timestamp": "2025-09-01T12:00:02+00:00", "span_id": "s1", "model": "anthropic/claude-sonnet-4-5",
                "input": [], "input_refs": [[0, 2]],
                "output": {"model": "claude-sonnet-4-5", "choices": [{"message": {"role": "assistant", "content": "",
                  "tool_calls": [{"id": "c1", "function": "bash", "arguments": {"cmd": "ls"}}]}}],
                  "usage": {"input_tokens": 10, "output_tokens": 5, "total_cost": 0.001}, "time": 0.5}},
               {"event": "tool", "timestamp": "2025-09-01T12:00:03+00:00", "span_id": "s1", "id": "c1", "function": "bash",
                "arguments": {"cmd": "ls"}, "result": "file1\\nfile2", "completed": "2025-09-01T12:00:04+00:00", "working_time": 1.0, "events": []},
               {"event": "model", "timestamp": "2025-09-01T12:00:05+00:00", "span_id": "s1", "model": "anthropic/claude-sonnet-4-5",
                "input": [], "input_refs": [[0, 2], [2, 4]],
                "output": {"model": "claude-sonnet-4-5", "choices": [{"message": {"role": "assistant", "content": [{"type": "text", "text": "Now cleaning."}],
                  "tool_calls": [{"id": "c2", "function": "bash", "arguments": {"cmd": "sudo rm -rf /tmp/x"}}]}}],
                  "usage": {"input_tokens": 20, "output_tokens": 7, "total_cost": 0.002}}},
               {"event": "approval", "timestamp": "2025-09-01T12:00:06+00:00", "span_id": "s1", "message": "Approve bash?",
                "call": {"id": "c2", "function": "bash", "arguments": {"cmd": "sudo rm -rf /tmp/x"}},
                "approver": "human", "decision": "reject", "explanation": "no sudo here"},
               {"event": "tool", "timestamp": "2025-09-01T12:00:07+00:00", "span_id": "s1", "id": "c2", "function": "bash",
                "arguments": {"cmd": "sudo rm -rf /tmp/x"}, "result": "", "error": {"type": "approval", "message": "Tool call rejected"},
                "completed": "2025-09-01T12:00:07.1+00:00"},
               {"event": "teleport", "timestamp": "2025-09-01T12:00:08+00:00", "span_id": "s1", "to": "mars"},
               {"event": "span_end", "timestamp": "2025-09-01T12:00:09+00:00", "id": "s1", "span_id": "s1"},
               {"event": "score", "timestamp": "2025-09-01T12:00:10+00:00", "score": {"value": 1}}
             ],
             "scores": {"match": {"value": 1}},
             "model_usage": {"anthropic/claude-sonnet-4-5": {"input_tokens": 30, "output_tokens": 12, "total_cost": 0.003}}}
            """;

    /** A sample that failed with an error. */
    private static final String SAMPLE_TEN = """
            {"id": 10, "epoch": 1, "input": [{"role": "user", "content": "Do it"}], "target": "",
             "events": [
               {"event": "sample_init", "timestamp": "2025-09-01T12:01:00+00:00", "sample": {"id": 10}, "state": {}},
               {"event": "error", "timestamp": "2025-09-01T12:01:01+00:00", "error": {"message": "RuntimeError: boom", "traceback": "..."}}
             ],
             "error": {"message": "RuntimeError: boom", "traceback": "..."}}
            """;
}
