package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A database written by the row-per-event store (schema 1) opens as the current schema with every trace whole. */
class StoreMigrationTest {

    private static final Instant IMPORTED = Instant.parse("2026-04-02T08:30:00Z");

    @TempDir
    Path dir;

    private Path base;
    private VersionOneDatabase v1;
    private SampleTraces sample;
    private List<Event> large;

    @BeforeEach
    void writeVersionOneDatabase() throws Exception {
        base = dir.resolve("forkline");
        v1 = VersionOneDatabase.create(base);
        sample = SampleTraces.standard("t-sample");
        List<Event> varied = ChunkHeaderCodecTest.variedEvents();
        sample.events.add(varied.getLast()); // unhashed, with escapes and non-ASCII
        v1.store(sample.bundle(), List.of(Finding.warning("import.no-usage", "token usage unknown", "r1.2", 7)), "/traces/sample", IMPORTED);
        large = ManyChunksTest.trace(2 * PreparedChunks.MAX_EVENTS + 300, 40);
        v1.store(new Bundle("large", Manifest.of("t-large", "large", large.getFirst().ts(), "test"), large,
                new int[large.size()], new MemoryBlobStore()), List.of(), null, IMPORTED);
    }

    @Test
    void everyTraceIsWholeAfterTheMigration() throws Exception {
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.list()).extracting(TraceSummary::traceId, TraceSummary::eventCount, TraceSummary::runCount,
                    TraceSummary::outcome, TraceSummary::sourcePath).containsExactlyInAnyOrder(
                    org.assertj.core.groups.Tuple.tuple("t-sample", 13L, 2, "failure", "/traces/sample"),
                    org.assertj.core.groups.Tuple.tuple("t-large", (long) large.size(), 2, "unknown", null));
            assertLoadsAs(store, "t-sample", inLoadOrder(sample.events));
            assertLoadsAs(store, "t-large", large);
            assertThat(store.runs("t-sample")).containsExactly(
                    new RunSummary("r1", null, null, null, null, 10, "failure", false),
                    new RunSummary("r2", "r1", "cp1", "r1.6", "replay", 3, "unknown", false));
            assertThat(store.findings("t-sample")).extracting(Finding::code).containsExactly("import.no-usage");
            try (Bundle loaded = store.load("t-sample")) {
                for (var blob : sample.blobs.all().entrySet()) {
                    assertThat(loaded.blobs().read(blob.getKey())).hasValue(blob.getValue());
                }
            }
            assertThat(store.search("t-sample", "bash", null, null, false)).containsExactly("r1.3", "r1.4");
            assertThat(store.search("t-sample", "\"QUOTED\"", null, null, false)).containsExactly(sample.events.getLast().id());
            assertThat(store.search("t-large", null, null, "agent:a1", false))
                    .isEqualTo(large.stream().filter(e -> e.actor().equals("agent:a1")).map(Event::id).toList());
            assertThat(store.integrityCheck().problems()).isEmpty();

            assertThat(store.importTrace(sample.bundle(), List.of(), null).status()).isEqualTo(StoreResult.Status.UNCHANGED);
            Event decision = sample.decision("r2.2");
            assertThat(store.appendEvents("t-sample", List.of(decision), Map.of()).newEvents()).isEqualTo(1);
            assertThat(store.events("t-sample", "r2")).last().isEqualTo(decision);
        }
        try (Connection connection = v1.connect(); Statement sql = connection.createStatement()) {
            assertThat(tables(sql)).contains("EVENT_CHUNKS").doesNotContain("EVENTS");
            try (ResultSet versions = sql.executeQuery("SELECT \"version\", \"success\" FROM \"flyway_schema_history\" WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\"")) {
                List<String> applied = new ArrayList<>();
                while (versions.next()) {
                    applied.add(versions.getString(1) + ":" + versions.getBoolean(2));
                }
                assertThat(applied).containsExactlyElementsOf(Migrations.VERSIONS.stream().map(version -> version + ":true").toList());
            }
        }
    }

    @Test
    void aDamagedRowKeepsItsLineAndIsReportedWhenItsEventIsRead() throws Exception {
        try (Connection connection = v1.connect(); Statement sql = connection.createStatement()) {
            sql.executeUpdate("UPDATE events SET json = '{broken' WHERE event_id = 'r1.5'");
        }
        try (TraceStore store = TraceStore.open(base); Bundle loaded = store.load("t-sample")) {
            assertThat(loaded.columns().id(4)).isEqualTo("r1.5");
            assertThat(loaded.columns().type(4)).isEqualTo("state.mutation");
            assertThat(loaded.events().get(3)).isEqualTo(sample.events.get(3));
            assertThatThrownBy(() -> loaded.events().get(4))
                    .isInstanceOf(LazyEventList.DamagedEventException.class)
                    .hasMessageStartingWith("store:t-sample:5: invalid JSON");
        }
    }

    @Test
    void aMigrationCutOffAfterItsChunksWereCommittedIsNotRunAgain() throws Exception {
        try (Connection connection = v1.connect()) {
            connection.setAutoCommit(false);
            new EventChunksMigration().migrate(MigrationContexts.of(connection)); // converted, events dropped; the history still says 1
            connection.commit();
        }
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertLoadsAs(store, "t-large", large);
            assertThat(store.integrityCheck().problems()).isEmpty();
        }
    }

    @Test
    void aMigrationCutOffBeforeItsChunksWereCommittedStartsAfresh() throws Exception {
        try (Connection connection = v1.connect(); Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE event_chunks (trace_id VARCHAR(512) NOT NULL, run_id VARCHAR(512) NOT NULL,"
                    + " first_seq BIGINT NOT NULL, last_seq BIGINT NOT NULL, event_count INTEGER NOT NULL, header BLOB NOT NULL,"
                    + " lines BLOB NOT NULL, CONSTRAINT event_chunks_pk PRIMARY KEY (trace_id, run_id, first_seq))");
            sql.execute("INSERT INTO event_chunks VALUES ('t-large', 'r1', 1, 1, 1, X'00', X'00')");
        }
        try (TraceStore store = TraceStore.open(base)) {
            assertLoadsAs(store, "t-large", large);
            assertThat(store.integrityCheck().problems()).isEmpty();
        }
    }

    @Test
    void aMigratedDatabaseThatStillHoldsTheEventsTableIsRefused() throws Exception {
        TraceStore.open(base).close();
        try (Connection connection = v1.connect(); Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE events (trace_id VARCHAR(512) NOT NULL)");
        }

        assertThatThrownBy(() -> TraceStore.open(base))
                .isInstanceOf(UntrustedDatabaseException.class)
                .hasMessageContaining("still holds EVENTS");
    }

    private static void assertLoadsAs(TraceStore store, String traceId, List<Event> expected) throws Exception {
        try (Bundle loaded = store.load(traceId)) {
            assertThat(loaded.events()).isInstanceOf(LazyEventList.class).hasSameSizeAs(expected);
            for (int i = 0; i < expected.size(); i++) {
                assertThat(EventCodec.toLine(loaded.events().get(i))).isEqualTo(EventCodec.toLine(expected.get(i)));
            }
            // version 1 kept canonical lines: their payload members are sorted, and so are the blob names found in them
            List<Event> asStored = new ArrayList<>();
            for (Event event : expected) {
                asStored.add(EventCodec.parseLine(EventCodec.toLine(event), "v1", 1));
            }
            ChunkHeaderCodecTest.assertSameColumns(loaded.columns(), EventColumns.of(asStored));
        }
    }

    /** Runs as they first appear, by seq within a run: the order a stored trace loads in. */
    private static List<Event> inLoadOrder(List<Event> events) {
        List<String> runs = events.stream().map(Event::run).distinct().toList();
        return events.stream().sorted(java.util.Comparator.comparing((Event e) -> runs.indexOf(e.run())).thenComparing(Event::seq)).toList();
    }

    private static List<String> tables(Statement sql) throws Exception {
        List<String> tables = new ArrayList<>();
        try (ResultSet rows = sql.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = 'PUBLIC'")) {
            while (rows.next()) {
                tables.add(rows.getString(1));
            }
        }
        return tables;
    }
}
