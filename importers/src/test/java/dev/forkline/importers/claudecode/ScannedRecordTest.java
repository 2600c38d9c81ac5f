package dev.forkline.importers.claudecode;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonlRecords;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The first pass's token reading of a line takes what a tree reading of it takes, and passes over the lines it rejects. */
class ScannedRecordTest {

    @Test
    void readsWhatTheTreeReads() {
        List<String> lines = List.of(
                "{\"type\":\"assistant\",\"uuid\":\"a\",\"timestamp\":\"2025-01-01T10:00:00Z\",\"cwd\":\"/r\",\"costUSD\":0.10,"
                        + "\"message\":{\"id\":\"m\",\"content\":[{\"type\":\"text\",\"text\":\"é日本\"}]},\"requestId\":\"q\"}",
                "{\"message\":\"plain\",\"type\":\"user\",\"isMeta\":\"true\",\"isSidechain\":1,\"toolUseResult\":{\"x\":[1],\"agentId\":\"ag\"}}",
                "{\"type\":5,\"cwd\":null,\"sessionId\":[\"s\"],\"payload\":{},\"leafUuid\":null,\"message\":[1,2],\"toolUseResult\":\"Error\"}",
                "{}");
        for (String line : lines) {
            ObjectNode tree = JsonlRecords.parse(line, "t.jsonl", 1, session());
            ScannedRecord fromTree = tree == null ? null : ScannedRecord.of(tree);
            ScannedRecord scanned = read(line);
            assertThat(scanned).as(line).isNotNull();
            assertThat(describe(scanned)).as(line).isEqualTo(describe(fromTree));
        }
    }

    @Test
    void passesOverTheLinesATreeReadingRejects() {
        List<String> lines = List.of(
                "{\"type\":\"user\",\"toolUseResult\":{\"n\":1e400}}",
                "{\"type\":\"user\",\"other\":[1" + "0".repeat(330) + "]}",
                "{\"type\":\"user\",\"other\":{\"a\":1,\"a\":2}}",
                "{\"type\":\"user\",\"type\":\"assistant\"}",
                "{\"type\":\"user\"} {\"type\":\"user\"}",
                "[{\"type\":\"user\"}]",
                "{\"type\":\"user\",\"other\":" + "[".repeat(300) + "]".repeat(300) + "}",
                "{\"type\":\"user\",\"message\":{\"content\":\"cut",
                "\u0000{\"type\":\"user\"}",
                "\uFEFF{\"type\":\"summary\",\"summary\":\"s\",\"leafUuid\":\"l\"}",
                "");
        for (String line : lines) {
            assertThat(JsonlRecords.parse(line, "t.jsonl", 1, session())).as(line).isNull();
            assertThat(read(line)).as(line).isNull();
        }
    }

    private static ScannedRecord read(String line) {
        byte[] bytes = ("xx" + line).getBytes(StandardCharsets.UTF_8);
        return ScannedRecord.read(bytes, 2, bytes.length - 2, "t.jsonl", 1, session());
    }

    private static String describe(ScannedRecord record) {
        return String.join("|", record.type, record.timestamp, record.sessionId, record.cwd, record.version, record.gitBranch,
                record.summary, record.requestId, record.resultAgentId, String.valueOf(record.isMeta), String.valueOf(record.isSidechain),
                String.valueOf(record.cost), String.valueOf(record.message()), String.valueOf(record.meta()), String.valueOf(record.sidechain()),
                String.valueOf(record.isTranscriptRecord()));
    }

    private static ImportSession session() {
        return new ImportSession(ClaudeCodeImporter.FORMAT, "t.jsonl");
    }
}
