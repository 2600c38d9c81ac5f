package dev.forkline.trace.payload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.CanonicalJson;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.testing.RepositoryFiles;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every typed payload view against docs/trace-event.schema.json (each member the schema names has its key constant and
 * is read by the view) and against the traces of sample-traces/ (reading a payload and writing it back changes nothing).
 */
class PayloadViewsTest {

    static final List<Class<?>> VIEWS = List.of(SessionStartData.class, SessionEndData.class, ModelCallData.class,
            ToolCallData.class, ToolResultData.class, StateMutationData.class, CheckpointData.class,
            ProcessStartData.class, ProcessExitData.class, AgentMessageData.class, AgentHandoffData.class,
            EscapeAttemptData.class, ApprovalRequestData.class, ApprovalDecisionData.class, SandboxLostData.class,
            HarnessRestartData.class, RunForkData.class, RevertData.class, ErrorData.class, NoteData.class);

    @Test
    void everyEventTypeOfTheSchemaHasOneViewNamingEachOfItsMembers() throws Exception {
        Map<String, Set<String>> schemaMembers = schemaMembersByType();
        Map<String, Class<?>> viewsByType = new LinkedHashMap<>();
        for (Class<?> view : VIEWS) {
            viewsByType.put(constant(view, "TYPE"), view);
        }
        assertThat(viewsByType.keySet()).containsExactlyInAnyOrderElementsOf(schemaMembers.keySet());
        for (var entry : schemaMembers.entrySet()) {
            Class<?> view = viewsByType.get(entry.getKey());
            Set<String> keys = keyConstants(view);
            assertThat(keys).as("key constants of %s", view.getSimpleName()).containsAll(entry.getValue());
            Set<String> components = Arrays.stream(view.getRecordComponents()).map(c -> c.getName())
                    .collect(Collectors.toSet());
            assertThat(components).as("members read by %s", view.getSimpleName()).containsAll(entry.getValue());
        }
    }

    @Test
    void readingAndWritingBackLeavesEveryPayloadOfTheSampleTracesAsItWas() throws Exception {
        Map<String, Class<?>> viewsByType = new LinkedHashMap<>();
        for (Class<?> view : VIEWS) {
            viewsByType.put(constant(view, "TYPE"), view);
        }
        Set<String> typesSeen = new HashSet<>();
        int payloads = 0;
        for (var contract : dev.forkline.trace.EventCodecTestPayloads.all().entrySet()) {
            ObjectNode original = dev.forkline.trace.TraceBuilder.json(contract.getValue());
            assertWritesBack(viewsByType.get(contract.getKey().wireName()), original, "contract payload " + contract.getKey());
            typesSeen.add(contract.getKey().wireName());
        }
        for (Path trace : sampleTraces()) {
            List<String> lines = Files.readAllLines(trace);
            for (int number = 1; number <= lines.size(); number++) {
                String line = lines.get(number - 1);
                if (line.isBlank()) {
                    continue;
                }
                Event event = EventCodec.parseLine(line, trace.toString(), number);
                Class<?> view = viewsByType.get(event.type());
                if (view == null) {
                    continue;
                }
                assertWritesBack(view, event.data(), event.id() + " in " + trace);
                typesSeen.add(event.type());
                payloads++;
            }
        }
        assertThat(payloads).isGreaterThan(100);
        assertThat(typesSeen).contains("session.start", "session.end", "model.call", "tool.call", "tool.result",
                "state.mutation", "checkpoint", "approval.request", "approval.decision");
    }

    @Test
    void membersOfAnotherTypeReadAsNullAndUnknownMembersSurvive() {
        ObjectNode data = Json.object();
        data.put("callId", 42);
        data.put("effect", "teleport");
        data.put("vendorField", "kept");
        ToolCallData call = ToolCallData.from(data);
        assertThat(call.callId()).isNull();
        assertThat(call.effect()).isNull();
        ToolCallData.of("c1", "Bash", null, dev.forkline.trace.EffectClass.PROCESS).into(data);
        assertThat(data.get("vendorField").asText()).isEqualTo("kept");
        assertThat(data.get("callId").asText()).isEqualTo("c1");
        assertThat(data.get("effect").asText()).isEqualTo("process");
    }

    @Test
    void aMutationWritesBothSidesAndMarksOnlyTheUnknownOne() {
        ObjectNode created = StateMutationData.of("a.txt", MutationOp.CREATE, null, "sha256:ab").toPayload();
        assertThat(created.has("before")).isTrue();
        assertThat(created.get("before").isNull()).isTrue();
        assertThat(created.has("beforeKnown")).isFalse();
        ObjectNode partial = new StateMutationData("a.txt", MutationOp.MODIFY, null, false, "sha256:ab", true, null, null, null, null).toPayload();
        assertThat(partial.get("beforeKnown").asBoolean()).isFalse();
        assertThat(StateMutationData.from(partial).beforeKnown()).isFalse();
    }

    @Test
    void aReplayedStepCarriesItsMarksAndItsComparison() {
        ObjectNode diff = Json.object();
        diff.put("field", "exitCode");
        ReplayStepData step = ReplayStepData.of("diverged", List.of(diff), "behaviour", null, List.of("timestamps"));
        ObjectNode data = ReplayMarks.of("r1.4").decidedBy("r1.9").asStubbed().withReplay(step).toPayload();
        assertThat(CanonicalJson.write(data)).isEqualTo("{\"decision\":\"r1.9\",\"replay\":{\"diffs\":[{\"field\":\"exitCode\"}],"
                + "\"divergence\":\"behaviour\",\"normalizations\":[\"timestamps\"],\"status\":\"diverged\"},\"replayOf\":\"r1.4\","
                + "\"stubbed\":true}");
        assertThat(ReplayStepData.from(ReplayMarks.from(data).replay())).isEqualTo(step);
        ObjectNode matched = ReplayStepData.of("matched", List.of(), null, null, List.of()).toPayload();
        assertThat(CanonicalJson.write(matched)).isEqualTo("{\"diffs\":[],\"status\":\"matched\"}");
    }

    @Test
    void aResultIsBuiltFromItsCallIdUpAndNamesTheStandInItReached() {
        ObjectNode data = ToolResultData.of("c7").withExitCode(0).withStdout("delivered\n").withError(false)
                .withExternal(ToolResultData.external("outbox", 3L, true)).toPayload();
        assertThat(CanonicalJson.write(data)).isEqualTo("{\"callId\":\"c7\",\"exitCode\":0,\"external\":{\"entry\":3,"
                + "\"newDelivery\":true,\"standIn\":\"outbox\"},\"isError\":false,\"stdout\":\"delivered\\n\"}");
        ObjectNode failed = ToolResultData.of("c8").withError(true).withErrorMessage("404").withOutcome(ToolResultData.UNKNOWN_OUTCOME)
                .toPayload();
        assertThat(ToolResultData.from(failed).outcomeUnknown()).isTrue();
        assertThat(failed.get("error").asText()).isEqualTo("404");
    }

    @Test
    void aCheckpointListsItsFilesWithTheirBlobsLinksAndModes() {
        Map<String, CheckpointData.FileEntry> files = new LinkedHashMap<>();
        files.put("a.txt", CheckpointData.FileEntry.regular("sha256:ab", "0644"));
        files.put("link", CheckpointData.FileEntry.link("a.txt", "0777"));
        ObjectNode data = new CheckpointData("c1", null, CheckpointData.workspace("/workspace", files), null, null).toPayload();
        assertThat(CanonicalJson.write(data)).isEqualTo("{\"checkpointId\":\"c1\",\"workspace\":{\"files\":{\"a.txt\":"
                + "{\"blob\":\"sha256:ab\",\"mode\":\"0644\"},\"link\":{\"mode\":\"0777\",\"symlink\":\"a.txt\"}},\"root\":\"/workspace\"}}");
        CheckpointData read = CheckpointData.from(data);
        assertThat(read.files()).isEqualTo(files);
        assertThat(read.workspaceRoot()).isEqualTo("/workspace");
        assertThat(CheckpointData.from(Json.object()).files()).isEmpty();
    }

    private static void assertWritesBack(Class<?> view, ObjectNode original, String where) throws Exception {
        Object read = view.getMethod("from", ObjectNode.class).invoke(null, original.deepCopy());
        ObjectNode writtenBack = (ObjectNode) view.getMethod("into", ObjectNode.class).invoke(read, original.deepCopy());
        assertThat(CanonicalJson.write(writtenBack)).as(where).isEqualTo(CanonicalJson.write(original));
        Method toPayload = view.getMethod("toPayload");
        Object again = view.getMethod("from", ObjectNode.class).invoke(null, toPayload.invoke(read));
        assertThat(again).as(where + ", read back").isEqualTo(read);
    }

    private static String constant(Class<?> view, String name) {
        try {
            return (String) view.getField(name).get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(view.getSimpleName() + " has no constant " + name, e);
        }
    }

    private static Set<String> keyConstants(Class<?> view) throws IllegalAccessException {
        Set<String> keys = new HashSet<>();
        for (Field field : view.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class && !field.getName().equals("TYPE")) {
                keys.add((String) field.get(null));
            }
        }
        return keys;
    }

    private static Map<String, Set<String>> schemaMembersByType() throws IOException {
        JsonNode schema = Json.MAPPER.readTree(RepositoryFiles.resolve("docs", "trace-event.schema.json").toFile());
        Map<String, Set<String>> members = new LinkedHashMap<>();
        for (JsonNode clause : schema.get("allOf")) {
            JsonNode type = clause.path("if").path("properties").path("type").path("const");
            JsonNode data = clause.path("then").path("properties").path("data").path("properties");
            if (type.isTextual()) {
                Set<String> names = new HashSet<>();
                data.fieldNames().forEachRemaining(names::add);
                members.put(type.asText(), names);
            }
        }
        return members;
    }

    private static List<Path> sampleTraces() throws IOException {
        List<Path> traces = new ArrayList<>();
        try (Stream<Path> files = Files.walk(RepositoryFiles.resolve("sample-traces"))) {
            files.filter(file -> file.getFileName().toString().equals("trace.jsonl")).sorted().forEach(traces::add);
        }
        return traces;
    }
}
