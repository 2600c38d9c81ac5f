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
    void takesFromAnAssistantsMessageWhatTheTreeHolds() {
        String task = "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Task\",\"input\":{\"prompt\":\" List \\u0041 \",\"subagent_type\":\"Explore\","
                + "\"description\":\"d\",\"n\":[1.5e3]}}";
        List<String> lines = List.of(
                "{\"type\":\"assistant\",\"message\":{\"id\":\"m\",\"model\":\"claude\",\"content\":[" + task + ",{\"type\":\"text\",\"text\":\"x\"},"
                        + "{\"type\":\"tool_use\",\"id\":\"t2\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\",\"description\":\"list\"}}]}}",
                // the input before the name, an input that is not an object, an Agent call without an id, blocks that are not objects
                "{\"message\":{\"content\":[{\"input\":{\"prompt\":\"p\"},\"name\":\"Agent\",\"type\":\"tool_use\"},"
                        + "{\"type\":\"tool_use\",\"name\":\"Task\",\"input\":\"text\",\"id\":7},{\"type\":\"tool_use\",\"name\":\"Task\",\"input\":[1]},"
                        + "\"block\",[{\"type\":\"tool_use\"}],null,{\"type\":[\"tool_use\"]}],\"model\":5,\"id\":null}}",
                "{\"message\":{\"content\":\"plain\",\"model\":\"<synthetic>\"}}",
                "{\"message\":{\"content\":{\"type\":\"tool_use\"}}}",
                "{\"message\":{}}",
                "{\"message\":[{\"id\":\"m\"}]}",
                "{\"message\":\"text\"}",
                "{\"type\":\"assistant\"}");
        for (String line : lines) {
            assertSameAssistantMessage(line);
            if (line.startsWith("{\"message\"")) {
                // the type first, as Claude Code writes it: the message is read as the line's reading passes over it
                assertSameAssistantMessage("{\"type\":\"assistant\"," + line.substring(1));
            }
        }
        assertThat(read(lines.getFirst()).assistantMessage()).isEqualTo(new AssistantMessage("m", "claude", 2,
                List.of(new ClaudeSessionScan.SubagentCall("t1", "Explore", "d", " List A "))));
    }

    @Test
    void takesFromEveryMessageOfTheRealTranscriptsWhatTheTreeHolds() throws Exception {
        List<java.nio.file.Path> files = dev.forkline.importers.support.Samples.traceFiles().stream()
                .filter(file -> file.getFileName().toString().endsWith(".jsonl")).toList();
        org.junit.jupiter.api.Assumptions.assumeTrue(!files.isEmpty(), "no JSON-lines sample found: real-sample test skipped");
        long messages = 0;
        for (java.nio.file.Path file : files) {
            for (String line : java.nio.file.Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (read(line) != null && read(line).assistantMessage() != null) {
                    messages++;
                    assertSameAssistantMessage(line);
                }
            }
        }
        assertThat(messages).isGreaterThan(100);
    }

    private static void assertSameAssistantMessage(String line) {
        ObjectNode tree = JsonlRecords.parse(line, "t.jsonl", 1, session());
        assertThat(read(line).assistantMessage()).as(line).isEqualTo(AssistantMessage.of(tree.get("message")));
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
                "{\"type\":\"assistant\",\"message\":{\"id\":\"m\",\"id\":\"n\"}}",
                "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"id\":\"a\",\"id\":\"b\"}]}}",
                "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"input\":{\"x\":1,\"x\":2}}]}}",
                "{\"type\":\"assistant\",\"message\":{\"content\":[1e400]}}",
                "{\"type\":\"assistant\",\"message\":{\"usage\":{\"n\":1",
                "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\"}",
                "{\"type\":\"assistant\",\"message\":{\"model\":\"m\"},\"message\":{}}",
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
