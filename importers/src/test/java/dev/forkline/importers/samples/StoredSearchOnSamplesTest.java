package dev.forkline.importers.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.Importers;
import dev.forkline.importers.support.Samples;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event search of every real sample once stored: the same events found once the search index holds the trace
 * (each chunk's trigram filter ruling chunks out) as before it did (every chunk read), for texts taken from the
 * samples' own strings and for texts none holds.
 */
class StoredSearchOnSamplesTest {

    @TempDir
    Path dir;

    @Test
    void theSearchIndexChangesNoAnswerOnTheRealSamples() throws Exception {
        List<Path> samples = Samples.traceFiles();
        assumeTrue(!samples.isEmpty(), "shared/samples not found beside the repository: real-sample test skipped");
        Random random = new Random(1206);
        int traces = 0;
        int found = 0;
        for (Path sample : samples) {
            // a store each: two samples may be the same trace (a Langfuse export and its variants)
            try (TraceStore store = TraceStore.open(dir.resolve("db-" + traces + "/forkline"))) {
                String traceId;
                List<String> queries;
                try (Bundle bundle = Importers.builtIn().read(sample).bundle()) {
                    StoreResult stored = store.importTrace(bundle, List.of(), sample.toString());
                    traceId = stored.traceId();
                    queries = queries(bundle.events(), random);
                }
                Map<String, List<String>> unindexed = new LinkedHashMap<>();
                for (String query : queries) {
                    unindexed.put(query, store.search(traceId, query, null, null, false));
                }
                store.updateSearchIndex(traceId);
                for (String query : queries) {
                    assertThat(store.search(traceId, query, null, null, false)).as("%s in %s", query, sample).isEqualTo(unindexed.get(query));
                }
                traces++;
                found += (int) unindexed.values().stream().filter(ids -> !ids.isEmpty()).count();
            }
        }
        assertThat(traces).isEqualTo(samples.size());
        assertThat(found).as("queries that found something").isGreaterThan(traces * 10);
    }

    /** Pieces of the events' strings (as typed, and upper-cased), and texts no event holds. */
    private static List<String> queries(List<Event> events, Random random) {
        List<String> strings = new ArrayList<>();
        for (Event event : events) {
            collect(event.data(), strings);
        }
        List<String> queries = new ArrayList<>(List.of("zzqxjv", "no such text anywhere"));
        for (int q = 0; q < 30 && !strings.isEmpty(); q++) {
            String text = strings.get(random.nextInt(strings.size())).strip();
            if (text.length() < 3) {
                continue;
            }
            int from = random.nextInt(text.length() - 2);
            String piece = text.substring(from, Math.min(text.length(), from + 3 + random.nextInt(12)));
            queries.add(q % 3 == 0 ? piece.toUpperCase(Locale.ROOT) : piece);
        }
        return queries;
    }

    private static void collect(JsonNode node, List<String> strings) {
        if (node.isTextual()) {
            strings.add(node.textValue());
        } else {
            node.forEach(child -> collect(child, strings));
        }
    }
}
