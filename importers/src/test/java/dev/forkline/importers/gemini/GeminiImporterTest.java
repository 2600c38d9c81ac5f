package dev.forkline.importers.gemini;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.samples.TraceAssertions;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A Gemini CLI project folder ({@code tmp/<project_hash>/}) built from the documented types (chatRecordingTypes.ts,
 * logger.ts, checkpointUtils.ts of google-gemini/gemini-cli; no real session under a licence that allows committing it
 * was found): a one-document chat recording with edits and a /restore checkpoint, a JSON-lines recording with rewrites,
 * metadata updates and a rewind, a /chat save history and the prompt log. Each import is checked against an oracle read
 * from the same files with plain Jackson.
 */
class GeminiImporterTest {

    static Path project() throws Exception {
        try (Stream<Path> dirs = Files.list(Path.of(GeminiImporterTest.class.getResource("/gemini/tmp").toURI()))) {
            return dirs.findFirst().orElseThrow();
        }
    }

    private static JsonNode json(Path file) throws Exception {
        return Json.MAPPER.readTree(file.toFile());
    }

    @Test
    void everyGeminiFileIsDetectedAsGeminiCli() throws Exception {
        Path project = project();
        try (Stream<Path> files = Files.walk(project)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals(".project_root")).toList()) {
                assertThat(Importers.builtIn().detect(file).format()).as(file.toString()).isEqualTo("gemini-cli");
            }
        }
    }

    @Test
    void aOneDocumentRecordingGivesModelCallsToolCallsUsageEditsAndTheRestoreCheckpointBeforeItsCall() throws Exception {
        Path file = project().resolve("chats/session-2026-03-02T10-15-4b1f8c2a.json");
        JsonNode doc = json(file);
        int gemini = 0;
        int users = 0;
        int infos = 0;
        long in = 0;
        long out = 0;
        long cache = 0;
        List<JsonNode> calls = new ArrayList<>();
        for (JsonNode m : doc.get("messages")) {
            switch (m.get("type").asText()) {
                case "gemini" -> {
                    gemini++;
                    in += m.path("tokens").path("input").asLong();
                    out += m.path("tokens").path("output").asLong() + m.path("tokens").path("thoughts").asLong();
                    cache += m.path("tokens").path("cached").asLong();
                    m.path("toolCalls").forEach(calls::add);
                }
                case "user" -> users++;
                case "info" -> infos++;
                default -> { }
            }
        }
        List<JsonNode> edits = calls.stream().filter(c -> c.path("resultDisplay").has("newContent")).toList();
        JsonNode restore = json(project().resolve("checkpoints/2026-03-02T10-16-05_117Z-hello.py-write_file.json"));

        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);

        List<Event> modelCalls = TraceAssertions.ofType(trace, EventType.MODEL_CALL);
        assertThat(modelCalls).hasSize(gemini).hasSize(4);
        assertThat(TraceAssertions.sum(modelCalls, e -> e.data().path("usage").path("inputTokens").asLong())).isEqualTo(in);
        assertThat(TraceAssertions.sum(modelCalls, e -> e.data().path("usage").path("outputTokens").asLong())).isEqualTo(out);
        assertThat(TraceAssertions.sum(modelCalls, e -> e.data().path("usage").path("cacheReadTokens").asLong())).isEqualTo(cache);
        assertThat(modelCalls.getFirst().data().path("output").path("reasoning").asText())
                .isEqualTo(doc.at("/messages/1/thoughts/0/subject").asText() + ": " + doc.at("/messages/1/thoughts/0/description").asText());
        assertThat(modelCalls.getFirst().ts()).isEqualTo(java.time.Instant.parse(doc.at("/messages/1/timestamp").asText()));
        Event end = TraceAssertions.ofType(trace, EventType.SESSION_END).getFirst();
        assertThat(end.data().path("usage").path("inputTokens").asLong()).isEqualTo(in);

        List<Event> toolCalls = TraceAssertions.ofType(trace, EventType.TOOL_CALL);
        assertThat(toolCalls.stream().map(e -> e.text("callId")).toList()).isEqualTo(calls.stream().map(c -> c.get("id").asText()).toList());
        assertThat(toolCalls.stream().map(e -> e.text("tool")).toList()).isEqualTo(calls.stream().map(c -> c.get("name").asText()).toList());
        assertThat(toolCalls.stream().map(e -> e.text("effect")).toList()).containsExactly("read", "workspace", "workspace", "workspace", "external");
        List<Event> results = TraceAssertions.ofType(trace, EventType.TOOL_RESULT);
        assertThat(results).hasSize(calls.size());
        for (int i = 0; i < calls.size(); i++) {
            assertThat(results.get(i).data().path("isError").asBoolean()).as("result %d", i)
                    .isEqualTo(!calls.get(i).get("status").asText().equals("success"));
        }
        assertThat(results.get(4).text("stdout")).isEqualTo(calls.get(4).at("/result/0/functionResponse/response/error").asText());

        List<Event> mutations = TraceAssertions.ofType(trace, EventType.STATE_MUTATION);
        assertThat(mutations).hasSize(edits.size()).hasSize(2);
        assertThat(mutations.stream().map(e -> e.text("path") + " " + e.text("op")).toList()).containsExactly("hello.py modify", "NOTES.md create");
        assertThat(new String(trace.bundle().blobs().read(mutations.getFirst().text("after")).orElseThrow(), StandardCharsets.UTF_8))
                .isEqualTo(edits.getFirst().at("/resultDisplay/newContent").asText());
        assertThat(new String(trace.bundle().blobs().read(mutations.getFirst().text("before")).orElseThrow(), StandardCharsets.UTF_8))
                .isEqualTo(edits.getFirst().at("/resultDisplay/originalContent").asText());
        assertThat(mutations.get(1).data().path("before").isNull()).isTrue();

        List<Event> checkpoints = TraceAssertions.ofType(trace, EventType.CHECKPOINT);
        assertThat(checkpoints.stream().map(e -> e.text("checkpointId")).toList())
                .containsExactly("start", "shadow-" + restore.get("commitHash").asText());
        assertThat(checkpoints.getFirst().data().path("workspace").path("root").asText()).isEqualTo("/home/dev/hello");
        List<Event> events = trace.bundle().events();
        Event shadow = checkpoints.get(1);
        Event after = events.get(events.indexOf(shadow) + 1);
        assertThat(after.type()).isEqualTo("tool.call");
        assertThat(after.data().path("arguments")).isEqualTo(restore.at("/toolCall/args"));
        assertThat(shadow.data().path("workspace").path("commit").asText()).isEqualTo(restore.get("commitHash").asText());

        assertThat(TraceAssertions.ofType(trace, EventType.AGENT_MESSAGE)).hasSize(users);
        assertThat(TraceAssertions.ofType(trace, EventType.NOTE)).hasSize(infos);
        Event start = events.getFirst();
        assertThat(start.data().path("model").path("model").asText()).isEqualTo("gemini-2.5-pro");
        assertThat(start.data().path("imported").path("sessionId").asText()).isEqualTo(doc.get("sessionId").asText());
        assertThat(start.data().path("environment").path("cwd").asText()).isEqualTo("/home/dev/hello");
        assertThat(TraceAssertions.findingCodes(trace)).contains("starting-tree-needed", "records-folded", "no-cost", "no-outcome")
                .doesNotContain("unpaired-call", "effect-guessed", "usage-unknown");
    }

    @Test
    void aJsonLinesRecordingKeepsEachMessageOnceAsLastWrittenAndKeepsRewoundMessages() throws Exception {
        Path file = project().resolve("chats/session-2026-03-04T09-30-9c2d7e10.jsonl");
        Map<String, JsonNode> messages = new LinkedHashMap<>();
        int rewinds = 0;
        int rewrites = 0;
        for (String line : Files.readAllLines(file)) {
            JsonNode record = Json.MAPPER.readTree(line);
            if (record.has("$rewindTo")) {
                rewinds++;
            } else if (record.has("id")) {
                rewrites += messages.containsKey(record.get("id").asText()) ? 1 : 0;
                messages.put(record.get("id").asText(), record);
            }
        }
        List<JsonNode> gemini = messages.values().stream().filter(m -> m.get("type").asText().equals("gemini")).toList();
        long in = gemini.stream().mapToLong(m -> m.path("tokens").path("input").asLong()).sum();
        long toolCalls = gemini.stream().mapToLong(m -> m.path("toolCalls").size()).sum();

        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);

        List<Event> calls = TraceAssertions.ofType(trace, EventType.MODEL_CALL);
        assertThat(calls).hasSize(gemini.size()).hasSize(4);
        assertThat(TraceAssertions.sum(calls, e -> e.data().path("usage").path("inputTokens").asLong())).isEqualTo(in);
        assertThat(calls.stream().map(e -> e.text("messageId")).toList()).isEqualTo(gemini.stream().map(m -> m.get("id").asText()).toList());
        assertThat(TraceAssertions.ofType(trace, EventType.TOOL_CALL)).hasSize((int) toolCalls);
        List<Event> results = TraceAssertions.ofType(trace, EventType.TOOL_RESULT);
        assertThat(results).hasSize(2);
        assertThat(results.getFirst().data().path("isError").asBoolean()).as("the rewritten call's last status: error").isTrue();
        assertThat(TraceAssertions.ofType(trace, EventType.AGENT_MESSAGE)).hasSize(2);
        List<Event> notes = TraceAssertions.ofType(trace, EventType.NOTE);
        assertThat(notes.stream().filter(e -> e.text("kind").equals("gemini-rewind")).count()).isEqualTo(rewinds).isEqualTo(1);
        assertThat(notes.stream().filter(e -> e.text("kind").equals("gemini-warning")).count()).isEqualTo(1);
        Event start = trace.bundle().events().getFirst();
        assertThat(start.data().path("imported").path("summary").asText()).isEqualTo("Check what hello.py prints");
        assertThat(TraceAssertions.ofType(trace, EventType.SESSION_END).getFirst().ts()).isEqualTo(java.time.Instant.parse("2026-03-04T09:31:30.501Z"));
        assertThat(rewrites).isEqualTo(1);
        String rewritten = rewrites + " message record(s) rewrote";
        assertThat(trace.findings().stream().filter(f -> f.code().equals("records-folded")).map(f -> f.message()).toList())
                .anyMatch(m -> m.startsWith(rewritten))
                .anyMatch(m -> m.startsWith("2 /restore checkpoint(s)"));
        assertThat(TraceAssertions.findingCodes(trace)).doesNotContain("effect-guessed", "unpaired-call", "malformed-line");
    }

    @Test
    void aRestoreCheckpointAloneIsItsHistoryWithTheCheckpointBeforeThePendingCall() throws Exception {
        Path file = project().resolve("checkpoints/2026-03-02T10-16-05_117Z-hello.py-write_file.json");
        JsonNode doc = json(file);
        int functionCalls = 0;
        int responses = 0;
        int models = 0;
        for (JsonNode content : doc.get("clientHistory")) {
            models += content.get("role").asText().equals("model") ? 1 : 0;
            for (JsonNode part : content.get("parts")) {
                functionCalls += part.has("functionCall") ? 1 : 0;
                responses += part.has("functionResponse") ? 1 : 0;
            }
        }

        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);

        assertThat(TraceAssertions.ofType(trace, EventType.MODEL_CALL)).hasSize(models);
        List<Event> calls = TraceAssertions.ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).hasSize(functionCalls);
        assertThat(TraceAssertions.ofType(trace, EventType.TOOL_RESULT)).hasSize(responses);
        List<Event> checkpoints = TraceAssertions.ofType(trace, EventType.CHECKPOINT);
        assertThat(checkpoints).hasSize(2);
        List<Event> events = trace.bundle().events();
        Event next = events.get(events.indexOf(checkpoints.get(1)) + 1);
        assertThat(next.data().path("arguments")).isEqualTo(doc.at("/toolCall/args"));
        assertThat(checkpoints.get(1).data().path("geminiCheckpoint").path("name").asText())
                .isEqualTo("2026-03-02T10-16-05_117Z-hello.py-write_file");
        assertThat(TraceAssertions.findingCodes(trace)).contains("unpaired-call", "starting-tree-needed", "records-folded");
    }

    @Test
    void aRestoreCheckpointWhoseHistoryLacksTheCallStillNamesIt() throws Exception {
        Path file = project().resolve("checkpoints/2026-02-27T16-02-44_310Z-README.md-replace.json");
        JsonNode doc = json(file);
        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);
        List<Event> calls = TraceAssertions.ofType(trace, EventType.TOOL_CALL);
        assertThat(calls).hasSize(1);
        assertThat(calls.getFirst().text("tool")).isEqualTo(doc.at("/toolCall/name").asText());
        assertThat(TraceAssertions.ofType(trace, EventType.CHECKPOINT).stream().map(e -> e.text("checkpointId")).toList())
                .containsExactly("start", "shadow-" + doc.get("commitHash").asText());
        assertThat(TraceAssertions.findingCodes(trace)).contains("model-calls-unrecorded", "model-unknown");
    }

    @Test
    void aSavedChatPairsResponsesByNameAndKeepsThoughtsAsReasoning() throws Exception {
        Path file = project().resolve("checkpoint-release%20notes.json");
        JsonNode history = json(file).get("history");
        int models = 0;
        int userTexts = 0;
        for (JsonNode content : history) {
            if (content.get("role").asText().equals("model")) {
                models++;
            } else if (content.at("/parts/0").has("text")) {
                userTexts++;
            }
        }
        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);
        List<Event> calls = TraceAssertions.ofType(trace, EventType.MODEL_CALL);
        assertThat(calls).hasSize(models);
        assertThat(calls.get(1).data().path("output").path("reasoning").asText()).isEqualTo(history.at("/3/parts/0/text").asText());
        assertThat(TraceAssertions.ofType(trace, EventType.AGENT_MESSAGE)).hasSize(userTexts);
        List<Event> results = TraceAssertions.ofType(trace, EventType.TOOL_RESULT);
        assertThat(results).hasSize(1);
        assertThat(results.getFirst().text("stdout")).isEqualTo(history.at("/4/parts/0/functionResponse/response/output").asText());
        assertThat(trace.bundle().events().getFirst().data().path("imported").path("chatTag").asText()).isEqualTo("release notes");
        assertThat(TraceAssertions.findingCodes(trace)).contains("call-ids-synthesised", "timestamp-synthesised", "model-unknown", "usage-unknown");
    }

    @Test
    void thePromptLogIsOneRunPerSessionOfUserPromptsAndSaysTheRestIsElsewhere() throws Exception {
        Path file = project().resolve("logs.json");
        Map<String, Integer> perSession = new LinkedHashMap<>();
        json(file).forEach(entry -> perSession.merge(entry.get("sessionId").asText(), 1, Integer::sum));
        ImportedTrace trace = Importers.builtIn().read(file);
        TraceAssertions.assertWellFormed(trace);
        List<Event> starts = TraceAssertions.ofType(trace, EventType.SESSION_START);
        assertThat(starts.stream().map(e -> e.data().path("imported").path("sessionId").asText()).toList())
                .isEqualTo(new ArrayList<>(perSession.keySet()));
        assertThat(starts.stream().map(Event::run).toList()).containsExactly("session-1", "session-2");
        for (Event start : starts) {
            long prompts = trace.bundle().events().stream().filter(e -> e.run().equals(start.run()) && e.is(EventType.AGENT_MESSAGE)).count();
            assertThat(prompts).isEqualTo(perSession.get(start.data().path("imported").path("sessionId").asText()).longValue());
        }
        assertThat(TraceAssertions.ofType(trace, EventType.MODEL_CALL)).isEmpty();
        assertThat(TraceAssertions.findingCodes(trace)).contains("model-calls-unrecorded", "usage-unknown");
    }
}
