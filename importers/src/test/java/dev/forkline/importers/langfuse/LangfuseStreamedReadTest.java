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

    /**
     * An export whose failed tool observations come before the agent observation they belong to, which the framework
     * wrote last: the parts read while the import goes on lack that parent, and must not call the run failed where the
     * whole export does not (the window's preview said "Task: failed", the stored trace "outcome unknown").
     */
    @Test
    void aPartWithoutTheParentOfAFailedObservationDoesNotCallTheRunFailed() throws Exception {
        Path export = dir.resolve("children-first.json");
        com.fasterxml.jackson.databind.node.ObjectNode root = dev.forkline.trace.Json.object();
        root.putObject("trace").put("id", "t-1").put("name", "bench-agent").put("timestamp", "2026-01-01T00:00:00Z");
        com.fasterxml.jackson.databind.node.ArrayNode observations = root.putArray("observations");
        String padding = "x".repeat(2_000);
        java.time.Instant t0 = java.time.Instant.parse("2026-01-01T00:00:00Z");
        int tools = 2_000;
        for (int i = 0; i < tools; i++) {
            observations.addObject().put("id", "tool-" + i).put("traceId", "t-1").put("type", "TOOL").put("name", "shell")
                    .put("parentObservationId", "agent-1").put("level", i % 12 == 0 ? "ERROR" : "DEFAULT")
                    .put("startTime", t0.plusSeconds(2L * i).toString()).put("endTime", t0.plusSeconds(2L * i + 1).toString())
                    .put("output", padding);
        }
        observations.addObject().put("id", "agent-1").put("traceId", "t-1").put("type", "AGENT").put("name", "bench_agent")
                .put("level", "DEFAULT").put("startTime", t0.toString()).put("endTime", t0.plusSeconds(2L * tools).toString());
        dev.forkline.trace.Json.MAPPER.writeValue(export.toFile(), root);

        WatchedRead read = WatchedRead.of(importer, export);
        assertThat(outcome(read.trace())).isEqualTo("unknown");
        assertThat(read.parts()).as("the test needs parts read before the agent observation").hasSizeGreaterThan(1);
        ImportedTrace part = read.parts().get(read.parts().size() / 2).read(() -> false);
        assertThat(part.bundle().events()).filteredOn(e -> e.kind() == EventType.TOOL_RESULT).hasSizeBetween(1, tools - 1);
        assertThat(outcome(part)).isEqualTo("unknown");
    }

    private static String outcome(ImportedTrace trace) {
        return trace.bundle().events().stream().filter(e -> e.kind() == EventType.SESSION_END).findFirst().orElseThrow().text("outcome");
    }

    private static Map<String, JsonNode> modelCallsByObservation(ImportedTrace trace) {
        List<Event> calls = trace.bundle().events().stream().filter(e -> e.kind() == EventType.MODEL_CALL).toList();
        return calls.stream().collect(Collectors.toMap(e -> e.text("observationId"), Event::data, (a, b) -> a, java.util.LinkedHashMap::new));
    }
}
