package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imports prepare rows ahead and loads parse rows in parallel chunks: across many chunks, order and error reporting
 * must be as if each event were handled one by one.
 */
class ChunkedLoadTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path dir;

    @Test
    void eventsOfManyChunksLoadBackInSeqOrderRunByRun() throws Exception {
        List<Event> events = trace(3 * EventQueries.PARSE_CHUNK + 17, EventQueries.PARSE_CHUNK + 5);
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline"))) {
            store.importTrace(bundle(events), List.of(), null);
            try (Bundle loaded = store.load("t-chunks")) {
                assertThat(loaded.events()).containsExactlyElementsOf(events);
            }
        }
    }

    @Test
    void theFirstDamagedRowInSeqOrderIsReported() throws Exception {
        List<Event> events = trace(3 * EventQueries.PARSE_CHUNK, 10);
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline"))) {
            store.importTrace(bundle(events), List.of(), null);
            try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + dir.resolve("db/forkline"), TraceStore.USER, "");
                 Statement sql = connection.createStatement()) {
                sql.executeUpdate("UPDATE events SET json = '{broken' WHERE event_id IN ('r1.9000', 'r1.10000', 'r1.5000')");
            }
            assertThatThrownBy(() -> store.load("t-chunks"))
                    .isInstanceOf(StoreException.class)
                    .hasMessageContaining("is damaged")
                    .hasMessageContaining("5000")
                    .hasMessageNotContaining("9000");
        }
    }

    /** A root run of {@code rootEvents} notes and a fork of {@code forkEvents} from the root's 100th event. */
    private static List<Event> trace(int rootEvents, int forkEvents) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        Instant ts = T0;
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(ts).data(Json.object().put("title", "chunks"))));
        for (int i = 1; i < rootEvents; i++) {
            ts = ts.plusMillis(7);
            events.add(chain.append(NewEvent.of("r1", "agent:a" + (i % 3), EventType.NOTE).at(ts).data(Json.object().put("text", "note " + i))));
        }
        chain.startFork("r2", events.get(99));
        events.add(chain.append(NewEvent.of("r2", "human:ana", EventType.RUN_FORK).at(ts).data(Json.object()
                .put("parentRun", "r1").put("checkpoint", "none").put("checkpointEvent", events.get(99).id()).put("reason", "fork"))));
        for (int i = 1; i < forkEvents; i++) {
            ts = ts.plusMillis(3);
            events.add(chain.append(NewEvent.of("r2", "agent:a0", EventType.NOTE).at(ts).data(Json.object().put("text", "fork note " + i))));
        }
        return events;
    }

    private static Bundle bundle(List<Event> events) {
        return new Bundle("chunks", Manifest.of("t-chunks", "chunks", T0, "test"), events, new int[events.size()], new MemoryBlobStore());
    }
}
