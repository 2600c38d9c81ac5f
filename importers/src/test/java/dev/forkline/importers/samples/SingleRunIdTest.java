package dev.forkline.importers.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.support.Samples;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A source that holds one run becomes run {@code r1}, whichever importer reads it: every shared trace sample (see
 * {@link Samples#isTrace}) except those whose runs are named by what they hold: the Inspect log (one run per sample and
 * epoch) and the OpenHands evaluation output (one run per instance).
 */
class SingleRunIdTest {

    private static final Set<String> NAMED_RUNS = Set.of("inspect-ai/2025-05-12T20-27-36-04-00_browser.json",
            "openhands/multi_swe_bench_examples_output.jsonl");

    @Test
    void everySingleRunSampleIsRunR1() throws Exception {
        Path samples = SampleFiles.require("SOURCES.tsv").getParent();
        List<Path> files = Samples.traceFiles().stream()
                .filter(file -> !NAMED_RUNS.contains(samples.relativize(file).toString().replace('\\', '/')))
                .toList();
        assertThat(files).hasSizeGreaterThanOrEqualTo(8);
        for (Path file : files) {
            ImportedTrace imported = Importers.builtIn().read(file);
            assertThat(imported.bundle().events()).as(file.toString()).extracting(Event::run).containsOnly("r1");
        }
    }

    @Test
    void samplesOfNamedRunsStartEachRunOnceUnderItsOwnName() throws Exception {
        Path samples = SampleFiles.require("SOURCES.tsv").getParent();
        for (String relative : NAMED_RUNS) {
            Path file = samples.resolve(relative);
            if (!Files.exists(file)) {
                continue;
            }
            ImportedTrace imported = Importers.builtIn().read(file);
            List<String> startedRuns = imported.bundle().events().stream()
                    .filter(event -> event.type().equals(EventType.SESSION_START.wireName())).map(Event::run).toList();
            assertThat(startedRuns).as(relative).isNotEmpty().doesNotHaveDuplicates().doesNotContain("r1");
        }
    }
}
