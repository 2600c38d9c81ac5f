package dev.forkline.importers.openhands;

import static dev.forkline.importers.samples.TraceAssertions.assertWellFormed;
import static dev.forkline.importers.samples.TraceAssertions.findingCodes;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.StartCheckpoints;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenHands evaluation output ({@code output.jsonl}, one instance per line) imported as one run per instance, each
 * checked against an oracle read from the same line with plain Jackson, independently of the importer: the model
 * responses and their token usages in the metrics, the tool calls the model proposed, the observations, the edits that
 * took effect, the repository and base commit, and the final patch.
 */
class OpenHandsEvalOutputTest {

    private static final String SAMPLE = "openhands/multi_swe_bench_examples_output.jsonl";

    @TempDir
    Path dir;

    /** What one output line says, read without the importer. */
    private record Oracle(String instanceId, String repository, String commit, String uploadedDir, List<String> responseIds,
            long promptTokens, long completionTokens, List<String> proposedCallIds, String finishCallId, int observations,
            int effectiveEdits, String patch, String error) {

        static Oracle of(JsonNode line) {
            Set<String> responses = new LinkedHashSet<>();
            List<String> proposed = new ArrayList<>();
            String finish = null;
            Set<Long> toolActionIds = new LinkedHashSet<>();
            int observations = 0;
            int edits = 0;
            for (JsonNode record : line.get("history")) {
                JsonNode metadata = record.path("tool_call_metadata");
                if (record.has("action") && metadata.has("model_response")) {
                    responses.add(metadata.at("/model_response/id").asText());
                    if (record.get("action").asText().equals("finish")) {
                        finish = metadata.get("tool_call_id").asText();
                    } else {
                        proposed.add(metadata.get("tool_call_id").asText());
                        toolActionIds.add(record.get("id").asLong());
                    }
                }
                if (record.has("observation") && record.has("cause") && toolActionIds.contains(record.get("cause").asLong())) {
                    observations++;
                    if (record.get("observation").asText().equals("edit") && !record.get("content").asText().startsWith("ERROR:")) {
                        edits++;
                    }
                }
            }
            long prompt = 0;
            long completion = 0;
            for (JsonNode usage : line.at("/metrics/token_usages")) {
                prompt += usage.get("prompt_tokens").asLong();
                completion += usage.get("completion_tokens").asLong();
            }
            String instruction = line.get("instruction").asText();
            String uploaded = instruction.substring(instruction.indexOf("<uploaded_files>") + 16, instruction.indexOf("</uploaded_files>")).strip();
            return new Oracle(line.get("instance_id").asText(), line.at("/instance/repo").asText(), line.at("/instance/base_commit").asText(),
                    uploaded, List.copyOf(responses), prompt, completion, proposed, finish, observations, edits,
                    line.at("/test_result/git_patch").asText(), line.get("error").isNull() ? null : line.get("error").asText());
        }
    }

    @Test
    void eachInstanceIsARunWithItsModelCallsToolCallsUsageAndFinalPatch() throws Exception {
        Path file = SampleFiles.require(SAMPLE);
        assertThat(new OpenHandsImporter().accepts(file, FileHead.firstBytes(file))).isTrue();
        assertThat(Importers.builtIn().detect(file)).isInstanceOf(OpenHandsImporter.class);
        List<Oracle> oracles = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            oracles.add(Oracle.of(Json.MAPPER.readTree(line)));
        }
        assertThat(oracles).hasSize(3);

        ImportedTrace trace = new OpenHandsImporter().read(file);
        assertWellFormed(trace);
        List<String> runs = trace.bundle().events().stream().filter(e -> e.is(EventType.SESSION_START)).map(Event::run).toList();
        assertThat(runs).containsExactlyElementsOf(oracles.stream().map(Oracle::instanceId).toList());

        for (Oracle oracle : oracles) {
            String run = oracle.instanceId();
            List<Event> events = trace.bundle().events().stream().filter(e -> e.run().equals(run)).toList();
            List<Event> models = ofType(events, EventType.MODEL_CALL);
            assertThat(models).as(run).extracting(e -> e.text("responseId")).containsExactlyElementsOf(oracle.responseIds());
            assertThat(models.stream().mapToLong(e -> e.data().at("/usage/inputTokens").asLong()).sum()).as(run).isEqualTo(oracle.promptTokens());
            assertThat(models.stream().mapToLong(e -> e.data().at("/usage/outputTokens").asLong()).sum()).as(run).isEqualTo(oracle.completionTokens());
            assertThat(models).allSatisfy(e -> assertThat(e.data().has("latencyMs")).isTrue());

            List<Event> calls = ofType(events, EventType.TOOL_CALL);
            assertThat(calls).as(run).extracting(e -> e.text("callId")).containsExactlyElementsOf(oracle.proposedCallIds());
            Set<String> answerable = new LinkedHashSet<>(oracle.proposedCallIds());
            if (oracle.finishCallId() != null) {
                answerable.add(oracle.finishCallId());
                assertThat(ofType(events, EventType.NOTE)).as(run).anySatisfy(e -> assertThat(e.text("callId")).isEqualTo(oracle.finishCallId()));
            }
            // every call the model proposed is a tool.call (or the finish note), caused by the model call that proposed it
            for (Event model : models) {
                for (JsonNode proposed : model.data().at("/output/toolCalls")) {
                    assertThat(answerable).as("%s proposed by %s", proposed, model.id()).contains(proposed.get("callId").asText());
                }
            }
            assertThat(calls).allSatisfy(call -> assertThat(call.causes()).singleElement().satisfies(cause ->
                    assertThat(models).extracting(Event::id).contains(cause)));
            assertThat(ofType(events, EventType.TOOL_RESULT)).as(run).hasSize(oracle.observations());
            assertThat(ofType(events, EventType.STATE_MUTATION)).as(run).hasSize(oracle.effectiveEdits())
                    .allSatisfy(e -> assertThat(e.text("path")).doesNotStartWith("/"));

            JsonNode checkpoint = StartCheckpoints.of(trace, run, "openhands", oracle.uploadedDir());
            assertThat(checkpoint.at("/startingTree/repository").asText()).isEqualTo(oracle.repository());
            assertThat(checkpoint.at("/startingTree/commit").asText()).isEqualTo(oracle.commit());
            Event start = events.getFirst();
            assertThat(start.data().at("/environment/git/commit").asText()).isEqualTo(oracle.commit());
            assertThat(start.data().at("/imported/instanceId").asText()).isEqualTo(run);

            Event patch = ofType(events, EventType.NOTE).stream().filter(e -> e.data().has("patch")).findFirst().orElseThrow();
            assertThat(patch.text("patch")).isEqualTo(oracle.patch());
            Event end = events.getLast();
            assertThat(end.is(EventType.SESSION_END)).isTrue();
            assertThat(end.data().at("/usage/inputTokens").asLong()).isEqualTo(oracle.promptTokens());
            assertThat(end.data().has("costUsd")).as("unpriced model: cost unknown, not 0").isFalse();
            if (oracle.error() != null) {
                assertThat(end.text("outcome")).isEqualTo("failure");
                assertThat(end.text("summary")).contains(oracle.error());
            }
        }
        assertThat(findingCodes(trace)).contains("no-cost", "starting-tree-needed", "model-calls-unrecorded", "environment-incomplete")
                .doesNotContain("usage-mismatch", "effect-guessed", "unpaired-result", "unknown-record");
        // one finding per kind for the whole file, not one per instance
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("no-cost")).hasSize(1);
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("environment-incomplete")).hasSize(1);
    }

    @Test
    void aResolverOutputLineIsRecognisedAndAnOutputLineWithoutHistoryIsSkippedWithAFinding() throws Exception {
        Path file = dir.resolve("output.jsonl");
        String resolver = """
                {"issue":{"owner":"acme","repo":"widgets","number":7,"title":"t","body":"b"},"issue_type":"issue","instruction":"fix it",\
                "base_commit":"abc123","git_patch":"diff --git a/x.py b/x.py\\n","history":[\
                {"id":0,"timestamp":"2025-01-01T00:00:00","source":"user","action":"message","args":{"content":"fix it"}},\
                {"id":1,"timestamp":"2025-01-01T00:00:01","source":"agent","action":"run","args":{"command":"ls"},\
                "tool_call_metadata":{"function_name":"execute_bash","tool_call_id":"c1","model_response":{"id":"m1","model":"gpt-4o",\
                "choices":[{"message":{"content":"look","tool_calls":[{"id":"c1","function":{"name":"execute_bash","arguments":"{\\"command\\": \\"ls\\"}"}}]}}],\
                "usage":{"prompt_tokens":10,"completion_tokens":2}}}},\
                {"id":2,"timestamp":"2025-01-01T00:00:02","source":"agent","cause":1,"observation":"run","content":"x.py",\
                "extras":{"metadata":{"exit_code":0,"working_dir":"/workspace/widgets"}}}],\
                "metrics":{"accumulated_cost":0.01,"costs":[{"model":"gpt-4o","cost":0.01,"response_id":"m1"}],\
                "accumulated_token_usage":{"prompt_tokens":10,"completion_tokens":2}},"success":true,"error":null}
                {"issue":{"owner":"acme","repo":"widgets","number":8},"issue_type":"issue","instruction":"x","metrics":{}}
                """;
        Files.writeString(file, resolver, StandardCharsets.UTF_8);
        assertThat(new OpenHandsImporter().accepts(file, FileHead.firstBytes(file))).isTrue();

        ImportedTrace trace = Importers.builtIn().read(file);

        assertWellFormed(trace);
        Event start = trace.bundle().events().getFirst();
        assertThat(start.run()).isEqualTo("issue-7");
        assertThat(start.data().at("/environment/git/repository").asText()).isEqualTo("acme/widgets");
        assertThat(start.data().at("/environment/git/commit").asText()).isEqualTo("abc123");
        Event model = ofType(trace.bundle().events(), EventType.MODEL_CALL).getFirst();
        assertThat(model.data().at("/usage/inputTokens").asLong()).isEqualTo(10);
        assertThat(model.data().get("costUsd").decimalValue()).isEqualByComparingTo("0.01");
        Event end = trace.bundle().events().getLast();
        assertThat(end.data().get("costUsd").decimalValue()).isEqualByComparingTo("0.01");
        assertThat(end.data().at("/evaluation/success").asBoolean()).isTrue();
        assertThat(trace.findings()).filteredOn(f -> f.code().equals("malformed-record")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains(":2").contains("no history"));
        assertThat(findingCodes(trace)).doesNotContain("no-cost");
    }

    @Test
    void aSweBenchPredictionsFileIsNotAnOpenHandsOutput() throws Exception {
        Path file = dir.resolve("preds.jsonl");
        Files.writeString(file, "{\"instance_id\":\"a__b-1\",\"model_patch\":\"diff\",\"model_name_or_path\":\"m\"}\n");
        assertThat(new OpenHandsImporter().accepts(file, FileHead.firstBytes(file))).isFalse();
    }

    private static List<Event> ofType(List<Event> events, EventType type) {
        return events.stream().filter(e -> e.is(type)).toList();
    }
}
