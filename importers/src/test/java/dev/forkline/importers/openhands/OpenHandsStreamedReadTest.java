package dev.forkline.importers.openhands;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.RecordStream;
import dev.forkline.importers.support.WatchedRead;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An evaluation output read as the window and {@code forkline import} read it (the real one's three instances repeated
 * under new instance ids, a line each): how far it was read is told as it goes, and the part read so far is the
 * instances on the lines it holds, each the run the whole import makes of it (stored while read:
 * {@code StoredWhileReadTest}).
 */
class OpenHandsStreamedReadTest {

    private static final String SAMPLE = "openhands/multi_swe_bench_examples_output.jsonl";
    private static final int COPIES = 40;

    private final OpenHandsImporter importer = new OpenHandsImporter();

    @TempDir
    Path dir;

    @Test
    void anEvaluationOutputIsToldAsItIsReadAndEachPartIsTheInstancesOnItsLines() throws Exception {
        Path output = repeated(SampleFiles.require(SAMPLE));
        ImportedTrace whole = importer.read(output);
        WatchedRead read = WatchedRead.of(importer, output);
        List<String> hashes = whole.bundle().events().stream().map(Event::hash).toList();
        List<String> runs = whole.bundle().events().stream().map(Event::run).distinct().toList();
        List<Long> lineEnds = lineEnds(output);

        assertThat(read.trace().bundle().events()).extracting(Event::hash).isEqualTo(hashes);
        assertThat(runs).hasSize(lineEnds.size());
        assertThat(read.reports()).as("told as it goes").hasSizeGreaterThan(2).isSorted().doesNotHaveDuplicates();
        assertThat(read.reports().getLast()).isEqualTo(Files.size(output));
        for (int p : new int[] {0, read.reports().size() / 2}) {
            long end = RecordStream.lastLineEnd(output, read.reports().get(p));
            int lines = (int) lineEnds.stream().filter(lineEnd -> lineEnd <= end).count();
            List<Event> part = read.parts().get(p).read(() -> false).bundle().events();
            assertThat(part.stream().map(Event::run).distinct()).as("part %d", p).containsExactlyElementsOf(runs.subList(0, lines));
            assertThat(part).extracting(Event::hash).as("part %d: the whole trace's first events", p).isEqualTo(hashes.subList(0, part.size()));
        }
        assertThat(WatchedRead.assertStopsWhenTold(read.parts().get(1))).as("asked while reading and while making events").isGreaterThan(2);
    }

    private Path repeated(Path sample) throws Exception {
        List<String> lines = Files.readAllLines(sample);
        Path written = dir.resolve("output.jsonl");
        try (BufferedWriter out = Files.newBufferedWriter(written)) {
            for (int copy = 0; copy < COPIES; copy++) {
                for (String line : lines) {
                    ObjectNode instance = (ObjectNode) Json.MAPPER.readTree(line);
                    JsonNode id = instance.get("instance_id");
                    instance.put("instance_id", id.asText() + "-" + copy);
                    out.write(Json.MAPPER.writeValueAsString(instance));
                    out.write('\n');
                }
            }
        }
        return written;
    }

    /** Where each line ends in the file, after its line break. */
    private static List<Long> lineEnds(Path file) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        java.util.ArrayList<Long> ends = new java.util.ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                ends.add(i + 1L);
            }
        }
        return ends;
    }
}
