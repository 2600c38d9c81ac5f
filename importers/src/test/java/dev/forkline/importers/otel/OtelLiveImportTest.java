package dev.forkline.importers.otel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OtelLiveImport}: a span log read again after each append gives, every time, what the OpenTelemetry importer
 * gives for the same bytes (events with their ids and hashes, findings, manifest), whether only the new spans' events
 * were derived or the log was read whole again because a new span belongs earlier.
 */
class OtelLiveImportTest {

    private static final String TRACE = "7bf92f3577b34da6a3ce929d0e0e4736";
    private static final long T0 = 1_750_000_000_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void spansAfterTheTailAreDerivedAloneAndGiveTheWholeImport() throws Exception {
        Path log = dir.resolve("spans.jsonl");
        OtelLiveImport live = new OtelLiveImport(log);
        List<String> lines = new ArrayList<>();
        lines.add(document(agent("00000000000000a0", 0, 900_000_000L) + "," + chats(0, 30)));
        lines.add(document(chats(1_000, 20) + "," + tool("00000000000000b1", 1_100_000_000L, "00000000000000a0")));
        lines.add(document(chats(1_300, 25)));
        lines.add(document(erroring("00000000000000c1", 1_400_000_000L)));
        for (String line : lines) {
            append(log, line);
            assertSameAsWholeImport(live, log);
        }
        assertThat(live.wholeReads()).isEqualTo(1);
        assertThat(live.extendedReads()).isEqualTo(lines.size() - 1);
    }

    @Test
    void aLateSpanThatBelongsBeforeTheTailIsImportedWholeAndLaterSpansExtendAgain() throws Exception {
        Path log = dir.resolve("spans.jsonl");
        OtelLiveImport live = new OtelLiveImport(log);
        append(log, document(chats(0, 40)));
        assertSameAsWholeImport(live, log);
        // starts among the first request's spans
        append(log, document(chat("0000000000009999", 5_500_000L, 7) + "," + chats(40, 10)));
        assertSameAsWholeImport(live, log);
        assertThat(live.wholeReads()).isEqualTo(2);
        append(log, document(chats(50, 10)));
        assertSameAsWholeImport(live, log);
        assertThat(live.extendedReads()).isEqualTo(1);
    }

    @Test
    void spansThatChangeWhatWasWrittenAreImportedWhole() throws Exception {
        Path log = dir.resolve("spans.jsonl");
        OtelLiveImport live = new OtelLiveImport(log);
        // a child whose agent parent is exported after it (exporters send a span when it ends)
        append(log, document(chats(0, 1) + "," + tool("00000000000000b2", 10_000_000L, "00000000000000a2")));
        assertSameAsWholeImport(live, log);
        append(log, document(agent("00000000000000a2", 50_000_000L, 900_000_000L)));
        assertSameAsWholeImport(live, log);
        // a model span nested in a model span already written is merged into its model.call
        append(log, document(nestedChat("00000000000000d1", 2_000_000_000L, null)));
        assertSameAsWholeImport(live, log);
        append(log, document(nestedChat("00000000000000d2", 2_100_000_000L, "00000000000000d1")));
        assertSameAsWholeImport(live, log);
        // a damaged line is a finding of the whole import
        append(log, "{\"resourceSpans\":[{\"scopeSpans\":[");
        assertSameAsWholeImport(live, log);
        append(log, document(chats(3_000, 5)));
        assertSameAsWholeImport(live, log);
        assertThat(live.wholeReads()).isEqualTo(4);
        assertThat(live.extendedReads()).isEqualTo(2);
    }

    @Test
    void linesHandedOverAsDocumentsGiveWhatReadingThemGives() throws Exception {
        Path log = dir.resolve("spans.jsonl");
        OtelLiveImport live = new OtelLiveImport(log);
        handOver(live, log, document(agent("00000000000000a0", 0, 900_000_000L) + "," + chats(0, 30)));
        assertSameAsWholeImport(live, log);
        handOver(live, log, document(chats(1_000, 20) + "," + tool("00000000000000b1", 1_100_000_000L, "00000000000000a0")));
        handOver(live, log, document(chats(1_300, 25)));
        assertSameAsWholeImport(live, log);
        assertThat(live.linesHandedOver()).isEqualTo(2);
        // a line nobody handed over: its bytes are not covered, so the new lines are read
        append(log, document(chats(1_400, 5)));
        handOver(live, log, document(erroring("00000000000000c1", 1_500_000_000L)));
        assertSameAsWholeImport(live, log);
        assertThat(live.linesHandedOver()).isEqualTo(2);
        // a late span: read whole, and the next line is handed over again
        handOver(live, log, document(chat("0000000000009999", 5_500_000L, 7)));
        assertSameAsWholeImport(live, log);
        handOver(live, log, document(chats(2_000, 10)));
        assertSameAsWholeImport(live, log);
        assertThat(live.linesHandedOver()).isEqualTo(3);
        assertThat(live.wholeReads()).isEqualTo(2);
    }

    /** Appends a line as serve does and hands its document over. */
    private static void handOver(OtelLiveImport live, Path log, String line) throws Exception {
        long start = Files.exists(log) ? Files.size(log) : 0;
        append(log, line);
        live.appended(new OtelLiveImport.AppendedLine(start, Files.size(log), (ObjectNode) Json.MAPPER.readTree(line)));
    }

    private static void assertSameAsWholeImport(OtelLiveImport live, Path log) throws Exception {
        long length = Files.size(log);
        ImportedTrace incremental = live.read(length);
        ImportedTrace whole = new OtelImporter().read(log, length);
        try (Bundle a = incremental.bundle(); Bundle b = whole.bundle()) {
            assertThat(a.events()).isEqualTo(b.events());
            assertThat(a.lines()).isEqualTo(b.lines());
            assertThat(a.manifest()).isEqualTo(b.manifest());
            assertThat(rows(a.columns())).isEqualTo(rows(b.columns()));
            assertThat(((dev.forkline.trace.bundle.MemoryBlobStore) a.blobs()).all().keySet())
                    .isEqualTo(((dev.forkline.trace.bundle.MemoryBlobStore) b.blobs()).all().keySet());
        }
        assertThat(incremental.findings()).isEqualTo(whole.findings());
    }

    /** What the columns say of each event (a snapshot builds them from the rows of earlier snapshots). */
    private static List<String> rows(EventColumns columns) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            rows.add(String.join(" ", columns.id(i), columns.run(i), String.valueOf(columns.seq(i)), String.valueOf(columns.ts(i)),
                    columns.actor(i), columns.type(i), String.valueOf(columns.flags(i)), String.valueOf(columns.latencyMs(i)),
                    String.valueOf(columns.callId(i)), String.valueOf(columns.tool(i)), String.valueOf(columns.checkpointId(i)),
                    String.valueOf(columns.label(i)), String.valueOf(columns.causes(i)), columns.hash(i),
                    String.valueOf(columns.blobNames(i))));
        }
        return rows;
    }

    private static void append(Path log, String line) throws Exception {
        Files.writeString(log, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static String document(String spans) {
        return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"crew\"}}]},"
                + "\"scopeSpans\":[{\"scope\":{\"name\":\"test\"},\"spans\":[" + spans + "]}]}]}";
    }

    private static String chats(int from, int count) {
        StringBuilder spans = new StringBuilder();
        for (int n = from; n < from + count; n++) {
            spans.append(n > from ? "," : "").append(chat(String.format("%016x", 0x1000L + n), n * 1_000_000L, n));
        }
        return spans.toString();
    }

    private static String span(String spanId, String parent, String name, int kind, long start, long end, String attributes,
                               String extra) {
        return "{\"traceId\":\"" + TRACE + "\",\"spanId\":\"" + spanId + "\"" + (parent == null ? "" : ",\"parentSpanId\":\"" + parent + "\"")
                + ",\"name\":\"" + name + "\",\"kind\":" + kind + ",\"startTimeUnixNano\":\"" + (T0 + start) + "\",\"endTimeUnixNano\":\""
                + (T0 + end) + "\",\"attributes\":[" + attributes + "]" + extra + "}";
    }

    private static String attribute(String key, String value) {
        return "{\"key\":\"" + key + "\",\"value\":{\"stringValue\":\"" + value + "\"}}";
    }

    private static String chat(String spanId, long start, int n) {
        return span(spanId, null, "chat", 3, start, start + 400_000, attribute("gen_ai.operation.name", "chat") + ","
                + attribute("gen_ai.request.model", "m") + ",{\"key\":\"gen_ai.usage.input_tokens\",\"value\":{\"intValue\":\"" + (100 + n)
                + "\"}}", "");
    }

    private static String nestedChat(String spanId, long start, String parent) {
        return span(spanId, parent, "chat", 3, start, start + 50_000_000L, attribute("gen_ai.operation.name", "chat") + ","
                + attribute("gen_ai.request.model", "m"), "");
    }

    private static String agent(String spanId, long start, long end) {
        return span(spanId, null, "invoke_agent planner", 1, start, end, attribute("gen_ai.operation.name", "invoke_agent") + ","
                + attribute("gen_ai.agent.name", "planner") + "," + attribute("gen_ai.output.messages", "done"), "");
    }

    private static String tool(String spanId, long start, String parent) {
        return span(spanId, parent, "execute_tool search", 1, start, start + 5_000_000L, attribute("gen_ai.operation.name", "execute_tool")
                + "," + attribute("gen_ai.tool.name", "search") + "," + attribute("gen_ai.tool.call.id", "call-" + spanId) + ","
                + attribute("gen_ai.tool.call.result", "found it"), "");
    }

    private static String erroring(String spanId, long start) {
        return span(spanId, null, "step", 1, start, start + 1_000_000L, attribute("custom", "x"),
                ",\"status\":{\"code\":2,\"message\":\"boom\"},\"events\":[{\"name\":\"exception\",\"timeUnixNano\":\"" + (T0 + start + 10)
                        + "\",\"attributes\":[" + attribute("exception.type", "ValueError") + "]}]");
    }
}
