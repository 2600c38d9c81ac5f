package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.ImportSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ParallelLineParse} hands the taker what a line-by-line pass would, in the same order, over many blocks. */
class ParallelLineParseTest {

    @TempDir
    Path dir;

    /** A line's parse: its text, and the thread that made it. */
    private record Parsed(String text, String thread) {
    }

    @Test
    void takesEveryLinesParseInFileOrderFromSeveralBlocksAndThreads() throws IOException {
        StringBuilder content = new StringBuilder();
        List<String> expected = new ArrayList<>();
        List<Long> expectedNumbers = new ArrayList<>();
        long number = 0;
        for (int i = 0; i < 20_000; i++) {
            number++;
            if (i % 7 == 3) {
                content.append("   \n"); // blank: not a line to parse
                continue;
            }
            String line = "{\"n\":" + i + ",\"pad\":\"" + "x".repeat(i % 97) + "\"}";
            content.append(line).append('\n');
            if (i % 5 != 0) {
                expected.add(line);
                expectedNumbers.add(number);
            }
        }
        content.append("{\"huge\":\"").append("y".repeat(3 * ParallelLineParse.BLOCK_BYTES)).append("\"}\n");
        expected.add("{\"huge\":\"" + "y".repeat(3 * ParallelLineParse.BLOCK_BYTES) + "\"}");
        expectedNumbers.add(number + 1);
        Path file = write(content.toString());

        List<String> taken = new ArrayList<>();
        List<Long> numbers = new ArrayList<>();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        List<Long> reports = new ArrayList<>();
        try (RecordStream stream = new RecordStream(file, new ImportSession("test", file.toString()))) {
            ParallelLineParse.read(stream, () -> (bytes, offset, length, line) -> {
                String text = new String(bytes, offset, length, StandardCharsets.UTF_8);
                // every fifth of the numbered lines has nothing to take
                return text.startsWith("{\"n\":") && Integer.parseInt(text.substring(5, text.indexOf(','))) % 5 == 0
                        ? null : new Parsed(text, Thread.currentThread().getName());
            }, (Parsed parsed, long line) -> {
                taken.add(parsed.text());
                numbers.add(line);
                threads.add(parsed.thread());
            }, reports::add);
        }

        assertThat(taken).isEqualTo(expected);
        assertThat(numbers).isEqualTo(expectedNumbers);
        assertThat(threads).allMatch(name -> name.startsWith("forkline-import-parse-"));
        assertThat(reports).isSortedAccordingTo(Long::compare).doesNotHaveDuplicates().hasSizeGreaterThan(10);
        assertThat(reports.getLast()).isEqualTo(Files.size(file));
    }

    @Test
    void readingUntilEnoughTakesNoLineAfterIt() throws IOException {
        Path file = write("{\"a\":1}\n".repeat(50_000));
        List<Long> taken = new ArrayList<>();
        List<Long> reports = new ArrayList<>();
        try (RecordStream stream = new RecordStream(file, new ImportSession("test", file.toString()))) {
            ParallelLineParse.readUntil(stream, () -> (bytes, offset, length, line) -> line,
                    (Long parsed, long line) -> taken.add(parsed), () -> taken.size() == 3_000, reports::add);
        }
        assertThat(taken).hasSize(3_000).last().isEqualTo(3_000L);
        assertThat(reports.getLast()).as("how far the lines taken were read").isLessThan(Files.size(file));
    }

    @Test
    void aParsersFailureIsThrownOnTheReadingThread() throws IOException {
        Path file = write("{\"a\":1}\n".repeat(5_000) + "{\"bad\":1}\n" + "{\"a\":1}\n".repeat(5_000));
        List<String> taken = new ArrayList<>();
        try (RecordStream stream = new RecordStream(file, new ImportSession("test", file.toString()))) {
            assertThatThrownBy(() -> ParallelLineParse.read(stream, () -> (bytes, offset, length, line) -> {
                if (line == 5_001) {
                    throw new IllegalStateException("cannot parse line " + line);
                }
                return "line " + line;
            }, (String parsed, long line) -> taken.add(parsed), BytesRead.NONE))
                    .isInstanceOf(IllegalStateException.class).hasMessage("cannot parse line 5001");
        }
        assertThat(taken).hasSizeLessThanOrEqualTo(5_000);
    }

    @Test
    void aTakersFailureEndsTheReading() throws IOException {
        Path file = write("{\"a\":1}\n".repeat(50_000));
        List<Long> taken = new ArrayList<>();
        try (RecordStream stream = new RecordStream(file, new ImportSession("test", file.toString()))) {
            assertThatThrownBy(() -> ParallelLineParse.read(stream, () -> (bytes, offset, length, line) -> line, (Long line, long number) -> {
                if (number == 2_000) {
                    throw new IOException("the disk is full");
                }
                taken.add(line);
            }, BytesRead.NONE)).isInstanceOf(IOException.class).hasMessage("the disk is full");
        }
        assertThat(taken).hasSize(1_999);
    }

    private Path write(String content) throws IOException {
        return Files.writeString(dir.resolve("lines.jsonl"), content);
    }
}
