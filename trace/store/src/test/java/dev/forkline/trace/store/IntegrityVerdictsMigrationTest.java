package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.integrity.IntegrityVerdict;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traces stored before schema 4 are marked unverified, and keep that verdict until they are verified again; a migration
 * cut off part way completes on the next open without touching the verdicts already stored. Starts from the schema-2
 * fixture of {@link BlobPacksMigrationTest} (t-one, t-two, t-salted), which the store migrates through schema 3.
 */
class IntegrityVerdictsMigrationTest {

    @TempDir
    Path dir;

    private Path base;

    @BeforeEach
    void copyOlderDatabase() throws Exception {
        base = dir.resolve("forkline");
        try (InputStream fixture = IntegrityVerdictsMigrationTest.class.getResourceAsStream("/store/schema-2.mv.db")) {
            Files.copy(fixture, dir.resolve("forkline.mv.db"));
        }
    }

    @Test
    void tracesStoredBeforeAreUnverifiedUntilVerifiedAgain() throws Exception {
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.list()).extracting(TraceSummary::integrity).containsOnly(IntegrityVerdict.unverified());
            assertThat(store.integrity("t-one")).hasValueSatisfying(integrity -> assertThat(integrity.problems()).isEmpty());
            assertThat(store.integrityCheck().problems()).isEmpty();

            assertThat(store.reverify("t-one", TrustedKeys.none()).verdict()).isEqualTo(IntegrityVerdict.intact());
            assertThat(store.find("t-one").orElseThrow().integrity()).isEqualTo(IntegrityVerdict.intact());
            assertThat(store.find("t-two").orElseThrow().integrity()).isEqualTo(IntegrityVerdict.unverified());
        }
    }

    @Test
    void aMigrationCutOffPartWayCompletesOnTheNextOpen() throws Exception {
        TraceStore.open(base).close();
        try (Connection connection = connect(); Statement sql = connection.createStatement()) {
            // as if cut off after adding the first two columns: the rest is missing and no row is marked yet
            // (IF EXISTS: once, in a full run, the first open's schema 4 was not found here; the state built is the same)
            sql.execute("DROP TABLE IF EXISTS integrity_problems");
            for (String column : new String[] {"integrity_line", "integrity_problems", "integrity_code", "integrity_detail"}) {
                sql.execute("ALTER TABLE traces DROP COLUMN IF EXISTS " + column);
            }
            sql.execute("ALTER TABLE traces ADD COLUMN IF NOT EXISTS integrity VARCHAR(40)");
            sql.execute("ALTER TABLE traces ADD COLUMN IF NOT EXISTS integrity_event VARCHAR(512)");
            sql.execute("ALTER TABLE traces ALTER COLUMN integrity SET NULL");
            sql.executeUpdate("UPDATE traces SET integrity = NULL");
            sql.executeUpdate("DELETE FROM \"" + Schema.HISTORY_TABLE + "\" WHERE \"version\" = '4'");
            undoVersionFive(sql);
        }
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.list()).extracting(TraceSummary::integrity).containsOnly(IntegrityVerdict.unverified());
            assertThat(store.integrity("t-salted")).isPresent();
            assertThat(store.integrityCheck().problems()).isEmpty();
        }
    }

    @Test
    void aMigrationThatFailedOnAnEarlierOpenIsRunAgainAndKeepsTheVerdictsStoredSince() throws Exception {
        try (TraceStore store = TraceStore.open(base)) {
            store.reverify("t-one", TrustedKeys.none());
        }
        try (Connection connection = connect(); Statement sql = connection.createStatement()) {
            sql.execute("DROP TABLE integrity_problems");
            String history = "\"" + Schema.HISTORY_TABLE + "\"";
            sql.executeUpdate("UPDATE " + history + " SET \"success\" = FALSE WHERE \"version\" = '4'");
            undoVersionFive(sql);
        }
        try (TraceStore store = TraceStore.open(base)) {
            assertThat(store.describe()).endsWith("(schema " + Migrations.VERSIONS.getLast() + ")");
            assertThat(store.find("t-one").orElseThrow().integrity().status()).isEqualTo(IntegrityStatus.INTACT);
            assertThat(store.integrity("t-two")).hasValueSatisfying(integrity -> assertThat(integrity.verdict()).isEqualTo(IntegrityVerdict.unverified()));
        }
    }

    /** Back to the state before versions 5 to 10 (which run after version 4), so that version 4 is the one cut off. */
    private static void undoVersionFive(Statement sql) throws Exception {
        sql.execute("ALTER TABLE runs DROP COLUMN IF EXISTS imported");
        sql.executeUpdate("DELETE FROM \"" + Schema.HISTORY_TABLE + "\" WHERE \"version\" = '10'");
        sql.execute("DROP TABLE IF EXISTS search_terms");
        sql.execute("DROP TABLE IF EXISTS search_indexed");
        sql.executeUpdate("DELETE FROM \"" + Schema.HISTORY_TABLE + "\" WHERE \"version\" IN ('8', '9')");
        sql.execute("ALTER TABLE traces DROP COLUMN IF EXISTS queue_events");
        sql.executeUpdate("DELETE FROM \"" + Schema.HISTORY_TABLE + "\" WHERE \"version\" = '7'");
        sql.execute("DROP TABLE IF EXISTS trusted_owner_keys");
        sql.execute("DROP TABLE IF EXISTS decision_records");
        sql.executeUpdate("DELETE FROM \"" + Schema.HISTORY_TABLE + "\" WHERE \"version\" = '6'");
        sql.execute("DROP TABLE IF EXISTS trace_deletions");
        sql.execute("DROP TABLE IF EXISTS legal_holds");
        sql.executeUpdate("DELETE FROM \"" + Schema.HISTORY_TABLE + "\" WHERE \"version\" = '5'");
    }

    private Connection connect() throws Exception {
        H2Hardening.apply();
        return DriverManager.getConnection("jdbc:h2:file:" + base, TraceStore.USER, "");
    }
}
