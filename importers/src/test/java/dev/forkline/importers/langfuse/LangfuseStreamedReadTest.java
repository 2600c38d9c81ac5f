package dev.forkline.importers.langfuse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.WatchedRead;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.testing.RepeatedLangfuseExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Langfuse export (the real one's observations repeated under new ids) read as the window and {@code forkline import}
 * read it: how far the first pass read is told as it goes, and the part read so far is made of the observations wholly
 * within it, each with the events the whole import makes of it (stored while written: {@code StoredWhileReadTest}).
 */
class LangfuseStreamedReadTest {

    private static final String SAMPLE = "langfuse/pydantic-ai-tools-2025-12-04.trace.json";
    private static final int COPIES = 30;

    private final LangfuseImporter importer = new LangfuseImporter();

    @TempDir
    Path dir;

    @Test
    void anExportIsToldAsItIsReadAndEachPartIsTheObservationsWhollyReadSoFar() throws Exception {
        Path export = RepeatedLangfuseExport.write(SampleFiles.require(SAMPLE), COPIES, dir.resolve("export.json"));
        ImportedTrace whole = importer.read(export);
        WatchedRead read = WatchedRead.of(importer, export);
        Map<String, JsonNode> wholeModelCalls = modelCallsByObservation(whole);

        assertThat(read.trace().bundle().events()).extracting(Event::hash).isEqualTo(whole.bundle().events().stream().map(Event::hash).toList());
        assertThat(wholeModelCalls).hasSize(4 * COPIES);
        assertThat(read.reports()).as("told as it goes").hasSizeGreaterThan(2).isSorted().doesNotHaveDuplicates();
        assertThat(read.reports().getLast()).isLessThanOrEqualTo(Files.size(export));
        int seen = 0;
        for (int p = 0; p < read.parts().size(); p += Math.max(1, read.parts().size() / 4)) {
            Map<String, JsonNode> part = modelCallsByObservation(read.parts().get(p).read(() -> false));
            assertThat(part.size()).as("part %d holds more than the one before", p).isGreaterThan(seen);
            assertThat(part).as("part %d: the whole trace's model calls of the observations read", p)
                    .containsAllEntriesOf(wholeModelCalls.entrySet().stream().filter(e -> part.containsKey(e.getKey()))
                            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
            assertThat(Set.copyOf(wholeModelCalls.keySet())).containsAll(part.keySet());
            seen = part.size();
        }
        assertThat(WatchedRead.assertStopsWhenTold(read.parts().get(1))).as("asked while reading and while making events").isGreaterThan(2);
    }

    private static Map<String, JsonNode> modelCallsByObservation(ImportedTrace trace) {
        List<Event> calls = trace.bundle().events().stream().filter(e -> e.kind() == EventType.MODEL_CALL).toList();
        return calls.stream().collect(Collectors.toMap(e -> e.text("observationId"), Event::data, (a, b) -> a, java.util.LinkedHashMap::new));
    }
}
