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
