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

    /**
     * Parsed ahead, a stream hands out what it hands out read line by line, and its findings in the same order: those of
     * lines the reader passes over (invalid UTF-8, too long) held until the records reach them, those of lines that do
     * not parse made where the line is handed out, over many blocks of lines.
     */
    @Test
    void aStreamParsedAheadHandsOutTheSameRecordsAndFindingsInTheSameOrder() throws Exception {
        List<String> damaged = List.of("{\"日本\": oops}", "{\"a\":1} {\"b\":2}", "[1,2]", "{\"é\":\"x\",\"é\":1}", "\u0000{}",
                "{\"n\":1e400}", "{\"t\":\"é\", \"n\":", "\uFEFF{\"bom\":1}", "   ");
        java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
        java.util.Random random = new java.util.Random(7);
        for (int i = 1; i <= 12_000; i++) {
            int kind = random.nextInt(40);
            if (kind == 0) {
                content.write(new byte[] {'{', '"', 'u', '"', ':', '"', (byte) 0xC3, 0x28, '"', '}'});
            } else if (kind == 1) {
                content.writeBytes(damaged.get(random.nextInt(damaged.size())).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } else {
                content.writeBytes(("{\"n\":" + i + ",\"text\":\"" + "x".repeat(random.nextInt(400)) + "\"}")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            content.write('\n');
            if (i == 6_000) {
                String tooLong = "{\"long\":\"" + "y".repeat(JsonlRecords.MAX_LINE_BYTES) + "\"}\n";
                content.writeBytes(tooLong.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        Path file = Files.write(dir.resolve("t.jsonl"), content.toByteArray());

        for (long bytes : new long[] {Long.MAX_VALUE, Files.size(file) / 3}) {
            ImportSession lineByLine = new ImportSession("test", file.toString());
            ImportSession ahead = new ImportSession("test", file.toString());
            List<String> read;
            List<String> readAhead;
            try (RecordStream stream = RecordStream.firstBytes(file, lineByLine, bytes)) {
                read = records(stream);
            }
            try (RecordStream stream = RecordStream.parsedAhead(file, ahead, bytes)) {
                readAhead = records(stream);
            }
            assertThat(read).hasSizeGreaterThan(bytes == Long.MAX_VALUE ? 11_000 : 3_000);
            assertThat(readAhead).isEqualTo(read);
            List<dev.forkline.trace.Finding> found = findings(lineByLine);
            assertThat(found).hasSizeGreaterThan(bytes == Long.MAX_VALUE ? 400 : 100);
            assertThat(findings(ahead)).isEqualTo(found);
        }
    }

    /**
     * A stream parsed ahead peeks as one read line by line does, and closed half way (blocks still in flight) it leaves
     * the file to be read again whole.
     */
    @Test
    void aStreamParsedAheadClosedHalfWayCanBeReadAgain() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            lines.add("{'n':" + i + "}");
        }
        Path file = TestFiles.lines(dir.resolve("t.jsonl"), lines);
        ImportSession session = new ImportSession("test", file.toString());
        try (RecordStream stream = RecordStream.parsedAhead(file, session, Long.MAX_VALUE)) {
            assertThat(stream.peek().record().get("n").asInt()).isZero();
            assertThat(stream.next().record().get("n").asInt()).isZero();
            assertThat(stream.next().record().get("n").asInt()).isEqualTo(1);
        }
        try (RecordStream stream = RecordStream.parsedAhead(file, session, Long.MAX_VALUE)) {
            assertThat(records(stream)).hasSize(20_000);
        }
        assertThat(session.hasFindings()).isFalse();
    }

    private static List<String> records(RecordStream stream) throws Exception {
        List<String> read = new ArrayList<>();
        for (RecordStream.Line line = stream.next(); line != null; line = stream.next()) {
            read.add(line.number() + " " + line.record());
        }
        return read;
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
