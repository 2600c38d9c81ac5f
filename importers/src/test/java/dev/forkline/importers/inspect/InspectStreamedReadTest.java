package dev.forkline.importers.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.WatchedRead;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import dev.forkline.trace.testing.RepeatedInspectLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An eval log of several samples (the real sample's, repeated under new ids) read as the window and
 * {@code forkline import} read it: how far it was read is told sample by sample, and the part read so far is the samples
 * it holds (stored while read: {@code StoredWhileReadTest}).
 */
class InspectStreamedReadTest {

    private static final String SAMPLE = "inspect-ai/2025-05-12T20-27-36-04-00_browser.json";
    private static final int SAMPLES = 5;

    private final InspectImporter importer = new InspectImporter();

    @TempDir
    Path dir;

    @Test
    void aJsonLogIsToldSampleBySampleAndEachPartIsTheSamplesReadSoFar() throws Exception {
        Path log = jsonLog(SampleFiles.require(SAMPLE));

        assertReadPartBySample(log);
    }

    @Test
    void anArchiveIsToldSampleBySampleAndEachPartIsTheSamplesReadSoFar() throws Exception {
        Path archive = archive(SampleFiles.require(SAMPLE));

        assertReadPartBySample(archive);
    }

    private void assertReadPartBySample(Path log) throws Exception {
        ImportedTrace whole = importer.read(log);
        WatchedRead read = WatchedRead.of(importer, log);
        List<String> hashes = whole.bundle().events().stream().map(Event::hash).toList();
        List<String> runs = whole.bundle().events().stream().map(Event::run).distinct().toList();

        assertThat(read.trace().bundle().events()).extracting(Event::hash).isEqualTo(hashes);
        assertThat(runs).hasSize(SAMPLES);
        assertThat(read.reports()).as("one report per sample").hasSize(SAMPLES).isSorted().doesNotHaveDuplicates();
        assertThat(read.reports().getLast()).isLessThanOrEqualTo(Files.size(log));
        for (int p = 0; p < SAMPLES; p++) {
            List<Event> part = read.parts().get(p).read(() -> false).bundle().events();
            assertThat(part.stream().map(Event::run).distinct()).as("part %d", p).containsExactlyElementsOf(runs.subList(0, p + 1));
            assertThat(part).extracting(Event::hash).as("part %d: the whole trace's first events", p).isEqualTo(hashes.subList(0, part.size()));
        }
        assertThat(WatchedRead.assertStopsWhenTold(read.parts().get(1))).as("asked while reading and while making events").isGreaterThan(2);
    }

    private Path jsonLog(Path sample) throws Exception {
        return RepeatedInspectLog.write(sample, SAMPLES, dir.resolve("eval.json"));
    }

    /** The same as an {@code .eval} archive: the header, then one entry per sample. */
    private Path archive(Path sample) throws Exception {
        ObjectNode log = (ObjectNode) Json.MAPPER.readTree(sample.toFile());
        JsonNode first = log.remove("samples").get(0);
        Path written = dir.resolve("log.eval");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(written))) {
            zip.putNextEntry(new ZipEntry("header.json"));
            zip.write(Json.MAPPER.writeValueAsBytes(log));
            for (int i = 0; i < SAMPLES; i++) {
                ObjectNode copy = RepeatedInspectLog.copy(first, i);
                zip.putNextEntry(new ZipEntry("samples/" + copy.get("id").asText() + "_epoch_1.json"));
                zip.write(Json.MAPPER.writeValueAsBytes(copy));
            }
        }
        return written;
    }
}
