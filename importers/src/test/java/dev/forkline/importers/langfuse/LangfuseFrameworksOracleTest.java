package dev.forkline.importers.langfuse;

import static dev.forkline.importers.samples.TraceAssertions.assertWellFormed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.Samples;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Langfuse exports of many agent frameworks ({@code shared/samples/langfuse-frameworks/*.trace.json}) checked against
 * Langfuse's own ChatML rendering beside each ({@code *.chatml.json}, keyed by observation id): for every generation the
 * oracle renders, the model.call's output text and tool calls (id, name, arguments) and its input (how many messages,
 * and the role, text and answered call of those since the model last answered) must be what the oracle says.
 *
 * <p>Where Forkline deliberately reads more than Langfuse's renderer, the difference is listed in {@link #DEVIATIONS}
 * with the reason; the test fails when a difference appears that is not listed, and when a listed one disappears.
 */
class LangfuseFrameworksOracleTest {

    /** Observation and side → why Forkline's rendering differs from the oracle's. */
    private static final Map<String, String> DEVIATIONS = Map.of(
            "agno-2025-06-11#b38a82eaa62b551e/input", "the messages are Python reprs (role='system' content='...'): read back into roles and"
                    + " text, where the oracle has messages without a role",
            "agno-2025-06-11#ca136de468e156c9/input", "as above: Python reprs read back",
            "koog-2025-08-26#042f9350c3729147/output", "the assistant's content is a JSON list of OpenAI tool calls: read as the two calls"
                    + " (HelloTool, ByeTool) the model made, where the oracle keeps it as text",
            "pydantic-ai-2025-06-06#5cb389a3bdd21a6e/output", "a bare Chat Completions choice {index, message}: its message is read, where"
                    + " the oracle keeps the object without a role",
            "pydantic-ai-tools-2025-06-06#5cb389a3bdd21a6e/output", "as above: a bare choice");

    @Test
    void everyGenerationMatchesLangfusesOwnRendering() throws Exception {
        Path folder = SampleFiles.require("langfuse-frameworks/README.langfuse.md").getParent();
        List<Path> traces;
        try (Stream<Path> files = Files.list(folder)) {
            traces = files.filter(Samples::isTrace).sorted().toList();
        }
        assertThat(traces).hasSizeGreaterThanOrEqualTo(15);
        Map<String, String> differences = new TreeMap<>();
        int checked = 0;
        for (Path trace : traces) {
            String stem = trace.getFileName().toString().replace(".trace.json", "");
            Path oracleFile = folder.resolve(stem + Samples.ORACLE_SUFFIX);
            assertThat(oracleFile).as("oracle of %s", trace).exists();
            ImportedTrace imported = new LangfuseImporter().read(trace);
            assertWellFormed(imported);
            Map<String, Event> models = new HashMap<>();
            imported.bundle().events().stream().filter(e -> e.is(EventType.MODEL_CALL)).forEach(e -> models.put(e.text("observationId"), e));
            Map<String, String> types = observationTypes(trace);
            JsonNode oracle = Json.MAPPER.readTree(oracleFile.toFile());
            for (var entry : oracle.properties()) {
                if (!"GENERATION".equals(types.get(entry.getKey()))) {
                    continue;
                }
                Event model = models.get(entry.getKey());
                assertThat(model).as("model.call of generation %s in %s", entry.getKey(), stem).isNotNull();
                String key = stem + "#" + entry.getKey();
                JsonNode output = entry.getValue().path("output");
                if (output.path("success").asBoolean(false)) {
                    String difference = compareOutput(output.get("data"), model.data().get("output"));
                    if (difference != null) {
                        differences.put(key + "/output", difference);
                    }
                    checked++;
                }
                JsonNode input = entry.getValue().path("input");
                if (input.path("success").asBoolean(false)) {
                    String difference = compareInput(input.get("data"), model.data().get("input"));
                    if (difference != null) {
                        differences.put(key + "/input", difference);
                    }
                    checked++;
                }
            }
        }
        assertThat(checked).as("rendered generation sides checked").isGreaterThanOrEqualTo(40);
        assertThat(differences.keySet()).as("differences from the ChatML oracle (unlisted ones fail):\n%s", describe(differences))
                .containsExactlyInAnyOrderElementsOf(DEVIATIONS.keySet());
    }

    private static String describe(Map<String, String> differences) {
        StringBuilder text = new StringBuilder();
        differences.forEach((key, difference) -> text.append(key).append(": ").append(difference).append('\n'));
        return text.toString();
    }

    /** The oracle's output messages against model.call output {text, toolCalls}; null when they agree. */
    private static String compareOutput(JsonNode oracle, JsonNode ours) {
        List<String> texts = new ArrayList<>();
        List<String> calls = new ArrayList<>();
        for (JsonNode message : oracle) {
            String text = contentText(message.get("content"));
            if (!text.isEmpty()) {
                texts.add(text);
            }
            for (JsonNode call : message.path("tool_calls")) {
                calls.add(call(call.path("id").asText(null), call.path("name").asText(null), GenAiMessages.arguments(call.get("arguments"))));
            }
        }
        String expectedText = String.join("\n", texts);
        if (!expectedText.equals(ours.path("text").asText())) {
            return "output text: oracle «" + shorten(expectedText) + "», ours «" + shorten(ours.path("text").asText()) + "»";
        }
        List<String> ourCalls = new ArrayList<>();
        ours.path("toolCalls").forEach(call -> ourCalls.add(call(call.path("callId").asText(null), call.path("name").asText(null),
                call.get("arguments"))));
        return calls.equals(ourCalls) ? null : "tool calls: oracle " + calls + ", ours " + ourCalls;
    }

    /** The oracle's input messages against model.call input {messageCount, messages (those since the model last answered)}. */
    private static String compareInput(JsonNode oracle, JsonNode ours) {
        if (oracle.size() != ours.path("messageCount").asInt(-1)) {
            return "message count: oracle " + oracle.size() + ", ours " + ours.path("messageCount");
        }
        int fresh = 0;
        for (int i = oracle.size() - 1; i >= 0; i--) {
            String role = oracle.get(i).path("role").asText("");
            if (role.equals("assistant") || role.equals("model")) {
                fresh = i + 1;
                break;
            }
        }
        JsonNode messages = ours.path("messages");
        if (messages.size() != oracle.size() - fresh) {
            return "new messages: oracle " + (oracle.size() - fresh) + ", ours " + messages.size();
        }
        for (int i = fresh; i < oracle.size(); i++) {
            JsonNode expected = oracle.get(i);
            JsonNode actual = messages.get(i - fresh);
            String expectedRole = expected.path("role").asText("(none)");
            if (!expectedRole.equals(actual.path("role").asText())) {
                return "message " + i + " role: oracle " + expectedRole + ", ours " + actual.path("role").asText();
            }
            String expectedText = contentText(expected.get("content"));
            if (!expectedText.equals(actual.path("content").asText())) {
                return "message " + i + " text: oracle «" + shorten(expectedText) + "», ours «" + shorten(actual.path("content").asText()) + "»";
            }
            String expectedAnswer = expected.path("tool_call_id").asText(null);
            String actualAnswer = actual.path("toolCallId").asText(null);
            if (expectedAnswer != null && !expectedAnswer.equals(actualAnswer)) {
                return "message " + i + " answers: oracle " + expectedAnswer + ", ours " + actualAnswer;
            }
        }
        return null;
    }

    private static String call(String id, String name, JsonNode arguments) {
        return id + " " + name + " " + arguments;
    }

    /** ChatML content: a string, or a list of text parts joined by newlines. */
    private static String contentText(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        List<String> parts = new ArrayList<>();
        content.forEach(part -> parts.add(part.isTextual() ? part.asText() : part.path("text").asText("")));
        return String.join("\n", parts);
    }

    private static String shorten(String text) {
        String flat = text.replace("\n", "⏎");
        return flat.length() > 120 ? flat.substring(0, 120) + "…" : flat;
    }

    private static Map<String, String> observationTypes(Path trace) throws IOException {
        Map<String, String> types = new HashMap<>();
        for (JsonNode observation : Json.MAPPER.readTree(trace.toFile()).path("observations")) {
            types.put(observation.path("id").asText(), observation.path("type").asText());
        }
        return types;
    }
}
