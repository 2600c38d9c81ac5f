package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.bundle.Bundle;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database written by the store of schema 2 (a BLOB row per blob, a {@code trace_blobs} row per reference) opens as
 * schema 3 with every blob in a pack and every reference kept. {@code store/schema-2.mv.db} was written by
 * {@link TraceStore} at commit 1632400 (schema 2): t-one and t-two imported from {@code SampleTraces.standard} (the
 * same 4 blobs), t-salted from {@code SampleTraces.standard("t-salted", " salted")} (4 blobs of its own) with a
 * decision appended with the blob {@code "signed by ana salted"} that no event names.
 */
class BlobPacksMigrationTest {

    @TempDir
    Path dir;

    private Path base;
    private SampleTraces shared;
    private SampleTraces salted;
    private String signature;

    @BeforeEach
    void copyVersionTwoDatabase() throws Exception {
        base = dir.resolve("forkline");
        try (InputStream fixture = BlobPacksMigrationTest.class.getResourceAsStream("/store/schema-2.mv.db")) {
            Files.copy(fixture, dir.resolve("forkline.mv.db"));
        }
        shared = SampleTraces.standard("t-one");
        salted = SampleTraces.standard("t-salted", " salted");
        signature = salted.blob("signed by ana");
    }

    @Test
    void everyBlobAndReferenceIsKeptInPacks() throws Exception {
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.integrityCheck().problems()).isEmpty();
            assertThat(store.integrityCheck().blobs()).isEqualTo(9);
            for (String traceId : List.of("t-one", "t-two")) {
                try (Bundle loaded = store.load(traceId)) {
                    for (Map.Entry<String, byte[]> blob : shared.blobs.all().entrySet()) {
                        assertThat(loaded.blobs().read(blob.getKey())).hasValue(blob.getValue());
                    }
                }
            }
            try (Bundle loaded = store.load("t-salted")) {
                for (Map.Entry<String, byte[]> blob : salted.blobs.all().entrySet()) {
                    assertThat(loaded.blobs().read(blob.getKey())).hasValue(blob.getValue());
                }
            }
            assertThat(store.find("t-salted").orElseThrow().eventCount()).isEqualTo(13);
            assertThat(store.importTrace(shared.bundle(), List.of(), null).status()).isEqualTo(StoreResult.Status.UNCHANGED);
        }
        try (Connection connection = connect(); Statement sql = connection.createStatement()) {
            assertThat(TraceBlobRefs.of(connection, "t-one")).isEqualTo(shared.blobs.all().keySet());
            assertThat(TraceBlobRefs.of(connection, "t-two")).isEqualTo(shared.blobs.all().keySet());
            assertThat(TraceBlobRefs.of(connection, "t-salted")).isEqualTo(salted.blobs.all().keySet()).contains(signature);
            assertThat(tables(sql)).contains("BLOB_PACKS", "TRACE_BLOB_REFS").doesNotContain("BLOBS", "TRACE_BLOBS");
            assertThat(appliedVersions(sql)).containsExactlyElementsOf(Migrations.VERSIONS.stream().map(version -> version + ":true").toList());
        }
    }

    @Test
    void aMigrationCutOffBetweenItsTwoDropsOnlyDropsWhatIsLeft() throws Exception {
        try (Connection connection = connect(); Statement sql = connection.createStatement()) {
            connection.setAutoCommit(false);
            new BlobPacksMigration().migrate(MigrationContexts.of(connection)); // moved and dropped; the history still says 2
            connection.commit();
            sql.execute("CREATE TABLE blobs (hash VARCHAR(71) NOT NULL, size BIGINT NOT NULL, content BLOB NOT NULL,"
                    + " CONSTRAINT blobs_pk PRIMARY KEY (hash))"); // as if cut off before the last drop
        }
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.integrityCheck().problems()).isEmpty();
            assertThat(store.integrityCheck().blobs()).isEqualTo(9);
        }
    }

    @Test
    void aMigrationCutOffBeforeItsMoveWasCommittedStartsAfresh() throws Exception {
        try (Connection connection = connect(); Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE blob_packs (pack_id BIGINT NOT NULL, entries BLOB NOT NULL, content BLOB NOT NULL,"
                    + " CONSTRAINT blob_packs_pk PRIMARY KEY (pack_id))");
            sql.execute("INSERT INTO blob_packs VALUES (1, X'00', X'00')");
        }
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.integrityCheck().problems()).isEmpty();
            try (Bundle loaded = store.load("t-salted")) {
                assertThat(loaded.blobs().read(signature)).isPresent();
            }
        }
    }

    @Test
    void aMigratedDatabaseThatStillHoldsTheBlobTablesIsRefused() throws Exception {
        TraceStore.open(base).close();
        try (Connection connection = connect(); Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE trace_blobs (trace_id VARCHAR(512) NOT NULL, hash VARCHAR(71) NOT NULL)");
        }

        assertThatThrownBy(() -> TraceStore.open(base))
                .isInstanceOf(UntrustedDatabaseException.class)
                .hasMessageContaining("still holds TRACE_BLOBS");
    }

    @Test
    void aMigrationThatFailedOnAnEarlierOpenIsRunAgain() throws Exception {
        try (Connection connection = connect(); Statement sql = connection.createStatement()) {
            // what Flyway records when the migration throws (H2 commits DDL at once, so the failure is kept)
            String history = "\"" + Schema.HISTORY_TABLE + "\"";
            sql.execute("INSERT INTO " + history + " (\"installed_rank\", \"version\", \"description\", \"type\", \"script\","
                    + " \"checksum\", \"installed_by\", \"installed_on\", \"execution_time\", \"success\")"
                    + " SELECT MAX(\"installed_rank\") + 1, '3', 'blob packs', 'JDBC', 'dev.forkline.trace.store.BlobPacksMigration',"
                    + " NULL, 'forkline', CURRENT_TIMESTAMP, 5, FALSE FROM " + history);
        }
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.integrityCheck().problems()).isEmpty();
            assertThat(store.integrityCheck().blobs()).isEqualTo(9);
        }
    }

    private Connection connect() throws Exception {
        H2Hardening.apply();
        return DriverManager.getConnection("jdbc:h2:file:" + base, TraceStore.USER, "");
    }

    private static Set<String> tables(Statement sql) throws Exception {
        Set<String> tables = new java.util.HashSet<>();
        try (ResultSet rows = sql.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = 'PUBLIC'")) {
            while (rows.next()) {
                tables.add(rows.getString(1));
            }
        }
        return tables;
    }

    private static List<String> appliedVersions(Statement sql) throws Exception {
        List<String> applied = new ArrayList<>();
        try (ResultSet versions = sql.executeQuery("SELECT \"version\", \"success\" FROM \"flyway_schema_history\""
                + " WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\"")) {
            while (versions.next()) {
                applied.add(versions.getString(1) + ":" + versions.getBoolean(2));
            }
        }
        return applied;
    }
}
