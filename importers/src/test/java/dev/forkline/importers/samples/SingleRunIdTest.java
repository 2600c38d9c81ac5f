package dev.forkline.importers.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A source that holds one run becomes run {@code r1}, whichever importer reads it: every shared sample except the Inspect
 * log (one run per sample and epoch).
 */
class SingleRunIdTest {

    @Test
    void everySingleRunSampleIsRunR1() throws Exception {
        Path samples = SampleFiles.require("");
        List<Path> files;
        try (Stream<Path> all = Files.walk(samples)) {
            files = all.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().equals("SOURCES.tsv"))
                    .filter(file -> !samples.relativize(file).startsWith("inspect-ai"))
                    .sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(8);
        for (Path file : files) {
            ImportedTrace imported = Importers.builtIn().read(file);
            assertThat(imported.bundle().events()).as(file.toString()).extracting(Event::run).containsOnly("r1");
        }
    }
}
