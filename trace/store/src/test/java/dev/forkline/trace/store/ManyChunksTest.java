package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traces are stored in chunks of one run, cut at {@value PreparedChunks#MAX_EVENTS} events or about
 * {@value PreparedChunks#MAX_LINE_BYTES} bytes of lines and prepared ahead in parallel: across many chunks, order and
 * error reporting must be as if each event were handled one by one.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class ManyChunksTest {

    @Parameter
    StoreBackend backend;

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final int CHUNK = PreparedChunks.MAX_EVENTS;

    @TempDir
    Path dir;

    @org.junit.jupiter.api.BeforeEach
    void assumeBackendAvailable() {
        backend.assumeAvailable();
    }

    @Test
    void eventsOfManyChunksLoadBackInSeqOrderRunByRunWhateverTheirFileOrder() throws Exception {
        List<Event> trace = trace(3 * CHUNK + 17, CHUNK + 5);
        List<Event> interleaved = interleaveFork(trace, 3 * CHUNK + 17);
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            store.importTrace(bundle(interleaved), List.of(), null);

            try (Bundle loaded = store.load("t-chunks")) {
                assertThat(loaded.events()).isInstanceOf(LazyEventList.class).containsExactlyElementsOf(trace);
            }
            assertThat(chunkSizes("r1")).containsExactly(CHUNK, CHUNK, CHUNK, 17);
            assertThat(chunkSizes("r2")).containsExactly(CHUNK, 5);
            assertThat(store.runs("t-chunks")).extracting(RunSummary::runId).containsExactly("r1", "r2");
            assertThat(store.integrityCheck().problems()).isEmpty();
        }
    }

    @Test
    void chunksAreCutAtAboutAMegabyteOfLines() throws Exception {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            events.add(chain.append(NewEvent.of("r1", "sandbox", EventType.NOTE).at(T0.plusSeconds(i))
                    .data(Json.object().put("text", ("output " + i + " ").repeat(30_000)))));
        }
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            store.importTrace(bundle(events), List.of(), null);

            assertThat(chunkSizes("r1")).containsExactly(3, 3, 3, 1);
            try (Bundle loaded = store.load("t-chunks")) {
                assertThat(loaded.events()).containsExactlyElementsOf(events);
            }
        }
    }

    @Test
    void aDamagedChunkIsReportedForItsEventsOnlyNamingWhere() throws Exception {
        List<Event> events = trace(3 * CHUNK, 10);
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            store.importTrace(bundle(events), List.of(), null);
            try (Connection connection = connect(); Statement sql = connection.createStatement()) {
                // the second chunk of r1 (seq 1025..2048) gets other bytes of the same length
                sql.executeUpdate("UPDATE event_chunks SET lines = " + backend.binary("REPEAT('x', OCTET_LENGTH(lines))")
                        + " WHERE run_id = 'r1' AND first_seq = 1025");
            }

            try (Bundle loaded = store.load("t-chunks")) {
                List<Event> lazy = loaded.events();
                assertThat(lazy.get(1023)).isEqualTo(events.get(1023));
                assertThat(lazy.get(2048)).isEqualTo(events.get(2048));
                assertThatThrownBy(() -> lazy.get(1999))
                        .isInstanceOf(LazyEventList.DamagedEventException.class)
                        .hasMessageContaining("store:t-chunks:2000")
                        .hasMessageContaining("the chunk of run 'r1' from seq 1025 is damaged: its lines do not match their checksum");
            }
            assertThat(store.integrityCheck().problems())
                    .containsExactly("chunk lines are damaged: trace t-chunks run r1 seq 1025: its lines do not match their checksum");
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {-1, 1})
    void aChunkOfAnotherLengthThanItsHeaderSaysIsReportedWithBothLengths(int change) throws Exception {
        List<Event> events = trace(3 * CHUNK, 10);
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            store.importTrace(bundle(events), List.of(), null);
            long length;
            try (Connection connection = connect(); Statement sql = connection.createStatement()) {
                try (var rows = sql.executeQuery("SELECT OCTET_LENGTH(lines) FROM event_chunks WHERE run_id = 'r1' AND first_seq = 1025")) {
                    rows.next();
                    length = rows.getLong(1);
                }
                sql.executeUpdate("UPDATE event_chunks SET lines = " + backend.binary("REPEAT('x', " + (length + change) + ")")
                        + " WHERE run_id = 'r1' AND first_seq = 1025");
            }
            String lengths = "holds " + (length + change) + " bytes where its header says " + length;

            try (Bundle loaded = store.load("t-chunks")) {
                List<Event> lazy = loaded.events();
                assertThat(lazy.get(2048)).isEqualTo(events.get(2048));
                assertThatThrownBy(() -> lazy.get(1999))
                        .isInstanceOf(LazyEventList.DamagedEventException.class)
                        .hasMessageContaining("the chunk of run 'r1' from seq 1025 is damaged: " + lengths);
            }
            assertThat(store.integrityCheck().problems())
                    .containsExactly("chunk lines are damaged: trace t-chunks run r1 seq 1025: " + lengths);
            assertThatThrownBy(() -> store.search("t-chunks", "note", null, null, false))
                    .isInstanceOf(StoreException.class)
                    .hasMessageContaining("the chunk of run 'r1' from seq 1025 " + lengths);
        }
    }

    @Test
    void aDamagedChunkHeaderFailsTheLoadNamingTheChunk() throws Exception {
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            store.importTrace(bundle(trace(3 * CHUNK, 10)), List.of(), null);
            try (Connection connection = connect(); Statement sql = connection.createStatement()) {
                sql.executeUpdate("UPDATE event_chunks SET header = " + backend.binaryFromHex("01") + " || header"
                        + " WHERE run_id = 'r1' AND first_seq = 2049");
            }

            assertThatThrownBy(() -> store.load("t-chunks"))
                    .isInstanceOf(StoreException.class)
                    .hasMessageContaining("the stored trace 't-chunks' is damaged: the chunk of run 'r1' from seq 2049");
            assertThat(store.integrityCheck().problems()).anyMatch(p -> p.startsWith("chunk header is damaged:")
                    && p.contains("run 'r1' from seq 2049"));
        }
    }

    @Test
    void linesAreStoredAsWrittenForALazyBundleAndCanonicalForEventsInMemory() throws Exception {
        List<Event> events = trace(5, 0);
        List<byte[]> written = new ArrayList<>();
        for (Event event : events) {
            // members in the order EventCodec puts them, not sorted: a line as another writer could have written it
            byte[] line = Json.MAPPER.writeValueAsBytes(EventCodec.toJson(event));
            assertThat(new String(line, StandardCharsets.UTF_8)).isNotEqualTo(EventCodec.toLine(event));
            written.add(line);
        }
        LazyEventList lazy = TestEventLines.lazy(events, written);
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            store.importTrace(new Bundle("lazy", Manifest.of("t-chunks", "chunks", T0, "test"), lazy, new int[5],
                    new MemoryBlobStore()), List.of(), null);

            try (Bundle loaded = store.load("t-chunks")) {
                LazyEventList stored = (LazyEventList) loaded.events();
                for (int i = 0; i < events.size(); i++) {
                    assertThat(stored.lines().line(i)).isEqualTo(written.get(i));
                    assertThat(EventCodec.toLine(stored.get(i))).isEqualTo(EventCodec.toLine(events.get(i)));
                }
            }
        }
    }

    @Test
    void aLineThatCannotBeReadFailsTheImportAndLeavesNothingStored() throws Exception {
        List<Event> events = trace(5 * CHUNK, 0);
        List<byte[]> lines = events.stream().map(e -> EventCodec.toLine(e).getBytes(StandardCharsets.UTF_8)).toList();
        EventLines failing = new TestEventLines(lines) {
            @Override
            public byte[] line(int i) throws IOException {
                if (i == 4 * CHUNK + 7) {
                    throw new IOException("disk gone under line " + (i + 1));
                }
                return super.line(i);
            }
        };
        LazyEventList lazy = new LazyEventList(EventColumns.of(events), failing);
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            assertThatThrownBy(() -> store.importTrace(new Bundle("lazy", Manifest.of("t-chunks", "chunks", T0, "test"), lazy,
                    new int[lazy.size()], new MemoryBlobStore()), List.of(), null))
                    .isInstanceOf(StoreException.class)
                    .hasMessageContaining("disk gone under line " + (4 * CHUNK + 8));

            assertThat(store.list()).isEmpty();
            assertThat(chunkSizes("r1")).isEmpty();
        }
    }

    private List<Integer> chunkSizes(String runId) throws SQLException {
        try (Connection connection = connect();
             PreparedStatement query = connection.prepareStatement("SELECT event_count FROM event_chunks WHERE run_id = ?"
                     + " ORDER BY first_seq")) {
            query.setString(1, runId);
            try (ResultSet rows = query.executeQuery()) {
                List<Integer> sizes = new ArrayList<>();
                while (rows.next()) {
                    sizes.add(rows.getInt(1));
                }
                return sizes;
            }
        }
    }

    private Connection connect() throws SQLException {
        return backend.connect(dir, "db/forkline");
    }

    /** A root run of {@code rootEvents} notes and a fork of {@code forkEvents} from the root's 100th event. */
    static List<Event> trace(int rootEvents, int forkEvents) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        Instant ts = T0;
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(ts).data(Json.object().put("title", "chunks"))));
        for (int i = 1; i < rootEvents; i++) {
            ts = ts.plusMillis(7);
            events.add(chain.append(NewEvent.of("r1", "agent:a" + (i % 3), EventType.NOTE).at(ts).data(Json.object().put("text", "note " + i))));
        }
        if (forkEvents == 0) {
            return events;
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

    /** The root run's events from 100 on alternate with the fork's, as a writer recording both at once would write them. */
    private static List<Event> interleaveFork(List<Event> events, int rootEvents) {
        List<Event> root = events.subList(0, rootEvents);
        List<Event> fork = events.subList(rootEvents, events.size());
        List<Event> mixed = new ArrayList<>(root.subList(0, 100));
        int r = 100;
        int f = 0;
        while (r < root.size() || f < fork.size()) {
            if (f < fork.size()) {
                mixed.add(fork.get(f++));
            }
            if (r < root.size()) {
                mixed.add(root.get(r++));
            }
        }
        return mixed;
    }

    private static Bundle bundle(List<Event> events) {
        return new Bundle("chunks", Manifest.of("t-chunks", "chunks", T0, "test"), events, new int[events.size()], new MemoryBlobStore());
    }
}
