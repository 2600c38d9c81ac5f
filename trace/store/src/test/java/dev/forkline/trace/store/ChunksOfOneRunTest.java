package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading one run's chunks visits that run's rows only, however many runs the trace has: H2 planned the query by the
 * trace id alone, so a trace of thousands of runs (an Inspect eval log's samples) read every chunk of the trace for
 * each run and took minutes to open.
 */
class ChunksOfOneRunTest {

    private static final int RUNS = 300;
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path dir;

    @Test
    void oneRunsChunksAreReadWithoutVisitingTheOtherRuns() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline"))) {
            store.importTrace(manyRuns(), List.of(), null);
            try (Bundle loaded = store.load("t-runs")) {
                assertThat(loaded.events()).hasSize(RUNS * 2);
            }
        }
        try (Connection connection = DriverManager.getConnection(DatabaseLocation.of(dir.resolve("db/forkline")).jdbcUrl(), TraceStore.USER, "");
             PreparedStatement explain = connection.prepareStatement("EXPLAIN ANALYZE " + ChunkTable.RunReader.sql(connection))) {
            explain.setString(1, "t-runs");
            explain.setString(2, "sample-150");
            String plan;
            try (ResultSet rows = explain.executeQuery()) {
                assertThat(rows.next()).isTrue();
                plan = rows.getString(1);
            }
            Matcher scanned = Pattern.compile("scanCount: (\\d+)").matcher(plan);
            assertThat(scanned.find()).as(plan).isTrue();
            assertThat(Integer.parseInt(scanned.group(1))).as("rows visited for one run's one chunk, of %d runs:%n%s", RUNS, plan)
                    .isLessThanOrEqualTo(2);
            assertThat(plan).as("read in the key's order, not sorted afterwards").contains("index sorted");
        }
    }

    private static Bundle manyRuns() {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        for (int r = 0; r < RUNS; r++) {
            for (int e = 0; e < 2; e++) {
                events.add(chain.append(NewEvent.of("sample-" + r, "agent", EventType.NOTE).data(Json.object().put("text", "step " + e))
                        .at(T0.plusSeconds(events.size()))));
            }
        }
        return new Bundle("runs", Manifest.of("t-runs", "many runs", T0, "test"), events, new int[events.size()], new MemoryBlobStore());
    }
}
