package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The part of a JSON-lines file read so far: its first bytes, cut after the last whole line among them. */
class RecordStreamTest {

    @TempDir
    Path dir;

    @Test
    void firstBytesEndAfterTheLastWholeLineEvenBehindALineLongerThanTheReadWindow() throws Exception {
        String longText = "x".repeat(200_000);
        Path file = TestFiles.lines(dir.resolve("t.jsonl"), List.of("{'n':1}", "{'n':2,'text':'" + longText + "'}", "{'n':3}"));
        long firstEnd = "{\"n\":1}\n".length();
        long secondEnd = Files.size(file) - "{\"n\":3}\n".length();

        assertThat(numbers(file, 3)).isEmpty();
        assertThat(numbers(file, firstEnd)).containsExactly(1);
        assertThat(numbers(file, secondEnd - 1)).as("the long line, read in part, is left out").containsExactly(1);
        assertThat(numbers(file, secondEnd + 3)).containsExactly(1, 2);
        assertThat(numbers(file, Files.size(file))).containsExactly(1, 2, 3);
        assertThat(numbers(file, Long.MAX_VALUE)).containsExactly(1, 2, 3);
    }

    @Test
    void countsTheBytesReadInTheLineReadersBlocks() throws Exception {
        Path file = TestFiles.lines(dir.resolve("t.jsonl"), List.of("{'n':1}", "{'n':2}"));
        ImportSession session = new ImportSession("test", file.toString());
        try (RecordStream stream = RecordStream.firstBytes(file, session, Long.MAX_VALUE)) {
            assertThat(stream.bytesRead()).isZero();
            stream.next();
            assertThat(stream.bytesRead()).isEqualTo(Files.size(file));
        }
        assertThat(session.hasFindings()).isFalse();
    }

    /** Lines are parsed from their bytes; what is wrong with a line is told as reading its text tells it (columns in characters). */
    @Test
    void damagedLinesAreToldAsTheirTextIsRead() throws Exception {
        List<String> lines = List.of("{\"日本\": oops}", "{\"a\":1} {\"b\":2}", "[1,2]", "{\"é\":\"x\",\"é\":1}", "\u0000{}", "{\"n\":1e400}",
                "{\"t\":\"é\", \"n\":", "{\"m\":{\"c\":[{\"type\":\"text\",\"text\":\"hi\",\"type\":\"x\"}]}}", "{\"ok\":\"日本\"}");
        Path file = dir.resolve("t.jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");
        ImportSession fromBytes = new ImportSession("test", file.toString());
        List<String> read = new ArrayList<>();
        try (RecordStream stream = new RecordStream(file, fromBytes)) {
            for (RecordStream.Line line = stream.next(); line != null; line = stream.next()) {
                read.add(line.record().toString());
            }
        }
        ImportSession fromText = new ImportSession("test", file.toString());
        for (int i = 0; i < lines.size(); i++) {
            JsonlRecords.parse(lines.get(i), file.toString(), i + 1, fromText);
        }
        assertThat(read).containsExactly("{\"ok\":\"日本\"}");
        assertThat(findings(fromBytes)).hasSize(8).isEqualTo(findings(fromText));
    }

    private static List<dev.forkline.trace.Finding> findings(ImportSession session) throws Exception {
        session.append(dev.forkline.trace.NewEvent.of(ImportSession.RUN, "harness", dev.forkline.trace.EventType.NOTE)
                .at(java.time.Instant.EPOCH).data(dev.forkline.trace.payload.NoteData.of("end").toPayload()), 0);
        return session.finish("t", "t").findings();
    }

    private static List<Integer> numbers(Path file, long bytes) throws Exception {
        ImportSession session = new ImportSession("test", file.toString());
        List<Integer> numbers = new ArrayList<>();
        try (RecordStream stream = RecordStream.firstBytes(file, session, bytes)) {
            for (RecordStream.Line line = stream.next(); line != null; line = stream.next()) {
                numbers.add(line.record().get("n").asInt());
            }
        }
        assertThat(session.hasFindings()).as("no line is cut").isFalse();
        return numbers;
    }
}
