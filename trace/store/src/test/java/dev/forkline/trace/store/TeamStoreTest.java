package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.testing.ChildJvm;
import dev.forkline.trace.testing.ThrowawayPostgres;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** What only a team store (PostgreSQL) has: a server to reach, a login, other clients writing at the same time. */
@ExtendWith(SharedPostgres.class)
class TeamStoreTest {

    private static final StoreBackend POSTGRESQL = StoreBackend.POSTGRESQL;

    @TempDir
    Path dir;

    @BeforeEach
    void assumePostgres() {
        assumeTrue(ThrowawayPostgres.find().isPresent(), ThrowawayPostgres.unavailableReason());
    }

    @Test
    void aServerThatDoesNotAnswerIsTheEnvironmentsFault() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        assertThatThrownBy(() -> TraceStore.open("postgresql://ann@127.0.0.1:" + closedPort + "/team"))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("cannot reach the team store postgresql://ann@127.0.0.1:" + closedPort + "/team")
                .hasMessageContaining("Is the server running");
    }

    @Test
    void aLoginTheServerRefusesSaysWhereThePasswordGoes() throws Exception {
        TeamDatabase known = StoreBackend.team(POSTGRESQL, dir, "db");
        TeamDatabase stranger = new TeamDatabase("nobody_here", known.host(), known.port(), known.database());

        assertThatThrownBy(() -> TraceStore.open(stranger, "wrong", Clock.systemUTC()))
                .isInstanceOf(StoreException.class).isNotInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("refused the login of 'nobody_here'")
                .hasMessageContaining("FORKLINE_DB_PASSWORD, PGPASSWORD or ~/.pgpass");
    }

    @Test
    void aDatabaseThatDoesNotExistIsNamed() {
        TeamDatabase missing = new TeamDatabase(ThrowawayPostgres.SUPERUSER, "127.0.0.1", SharedPostgres.cluster().port(), "no_such_db");

        assertThatThrownBy(() -> TraceStore.open(missing, null, Clock.systemUTC()))
                .isInstanceOf(StoreException.class).hasMessageContaining("has no database 'no_such_db'");
    }

    @Test
    void aSchemaNewerThanThisForklineKnowsIsRefusedAndLeftAsItWas() throws Exception {
        POSTGRESQL.open(dir, "db").close();
        POSTGRESQL.execute(dir, "db", "INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                + " installed_by, execution_time, success) VALUES (99, '99', 'from the future', 'JDBC', 'V99', 'later', 1, TRUE)");
        long rowsBefore = historyRows();

        assertThatThrownBy(() -> POSTGRESQL.open(dir, "db"))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("has schema version 99, newer than this Forkline knows (" + Migrations.VERSIONS.getLast() + ")")
                .hasMessageContaining("Upgrade Forkline");
        assertThat(historyRows()).isEqualTo(rowsBefore);
    }

    @Test
    void largeByteColumnsAreCompressedWithLz4WhereTheServerHasIt() throws Exception {
        POSTGRESQL.open(dir, "db").close();
        try (Connection connection = POSTGRESQL.connect(dir, "db"); Statement sql = connection.createStatement()) {
            boolean lz4;
            try (ResultSet rows = sql.executeQuery("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")) {
                rows.next();
                lz4 = rows.getBoolean(1);
            }
            List<String> compressed = new ArrayList<>();
            try (ResultSet rows = sql.executeQuery("SELECT attrelid::regclass::text || '.' || attname || '=' || attcompression::text FROM pg_attribute"
                    + " WHERE attrelid IN ('event_chunks'::regclass, 'blob_packs'::regclass) AND attname IN ('lines', 'header', 'content')"
                    + " ORDER BY 1")) {
                while (rows.next()) {
                    compressed.add(rows.getString(1));
                }
            }
            String method = lz4 ? "l" : ""; // without lz4 the migration leaves the server's default (pglz)
            assertThat(compressed).containsExactly("blob_packs.content=" + method, "event_chunks.header=" + method,
                    "event_chunks.lines=" + method);
        }
    }

    @Test
    void concurrentImportsOfTheSameTraceFromSeveralProcessesStoreItOnce() throws Exception {
        String address = StoreBackend.team(POSTGRESQL, dir, "db").toString();
        POSTGRESQL.open(dir, "db").close(); // migrated once, so the children race on the import, not the migration
        List<ChildJvm> children = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            children.add(ChildJvm.start(ImportChild.class, address, "t-shared"));
        }
        List<String> results = new ArrayList<>();
        for (ChildJvm child : children) {
            results.add(child.awaitLineStartingWith("RESULT ", Duration.ofSeconds(120)).substring("RESULT ".length()));
            child.kill();
        }

        assertThat(results).containsExactlyInAnyOrder("IMPORTED", "UNCHANGED", "UNCHANGED");
        try (TraceStore store = POSTGRESQL.open(dir, "db")) {
            assertThat(store.list()).singleElement().satisfies(summary -> assertThat(summary.eventCount()).isEqualTo(12));
            assertThat(store.integrityCheck().ok()).isTrue();
            try (Bundle loaded = store.load("t-shared")) {
                assertThat(loaded.events()).containsExactlyElementsOf(SampleTraces.standard("t-shared").events);
            }
        }
    }

    @Test
    void twoOwnersDecidingTheSameEscapeAtOnceRecordOneDecisionAndTheOtherIsToldWhoDecided() throws Exception {
        try (TraceStore ann = POSTGRESQL.open(dir, "db"); TraceStore bob = POSTGRESQL.open(dir, "db")) {
            ann.importTrace(SampleTraces.standard("t-race").bundle(), List.of(), null);
            Event annDecides = SampleTraces.standard("t-race").decision("r2.2", "ann", "approve", "2026-12-01T10:00:00Z");
            Event bobDecides = SampleTraces.standard("t-race").decision("r2.2", "bob", "deny", "2026-12-01T10:00:00.200Z");
            CyclicBarrier together = new CyclicBarrier(2);
            List<Object> outcomes;
            try (ExecutorService owners = Executors.newFixedThreadPool(2)) {
                Future<Object> annResult = owners.submit(() -> decide(ann, annDecides, together));
                Future<Object> bobResult = owners.submit(() -> decide(bob, bobDecides, together));
                outcomes = List.of(annResult.get(60, TimeUnit.SECONDS), bobResult.get(60, TimeUnit.SECONDS));
            }

            assertThat(outcomes).filteredOn(StoreResult.class::isInstance).hasSize(1);
            DecisionTakenException refused = (DecisionTakenException) outcomes.stream()
                    .filter(DecisionTakenException.class::isInstance).findFirst().orElseThrow();
            boolean annWon = outcomes.get(0) instanceof StoreResult;
            assertThat(refused.owner()).isEqualTo(annWon ? "ann" : "bob");
            assertThat(refused.decidedAt()).isEqualTo(annWon ? "2026-12-01T10:00:00Z" : "2026-12-01T10:00:00.200Z");
            assertThat(refused.getMessage()).contains("was decided meanwhile by " + refused.owner());
            List<Event> decisions = bob.events("t-race", "r2").stream().filter(e -> e.is(dev.forkline.trace.EventType.APPROVAL_DECISION)).toList();
            assertThat(decisions).singleElement().satisfies(d -> assertThat(d.text("owner")).isEqualTo(refused.owner()));
        }
    }

    @Test
    void aDecisionTakenAfterSeeingTheEarlierOneIsRecordedToo() throws Exception {
        try (TraceStore store = POSTGRESQL.open(dir, "db")) {
            SampleTraces trace = SampleTraces.standard("t-redecide");
            store.importTrace(trace.bundle(), List.of(), null);
            store.recordDecision("t-redecide", trace.decision("r2.2", "ann", "approve", "2026-12-01T10:00:00Z"), Map.of());

            StoreResult second = store.recordDecision("t-redecide", trace.decision("r2.2", "bob", "deny", "2026-12-01T11:00:00Z"), Map.of());

            assertThat(second.newEvents()).isEqualTo(1);
        }
    }

    @Test
    void aWriteByAnotherClientIsSeenWithItsBlobs() throws Exception {
        try (TraceStore first = POSTGRESQL.open(dir, "db"); TraceStore second = POSTGRESQL.open(dir, "db")) {
            first.importTrace(SampleTraces.standard("t-one").bundle(), List.of(), null);
            assertThat(second.list()).hasSize(1);
            SampleTraces other = SampleTraces.standard("t-two", "other blobs");
            second.importTrace(other.bundle(), List.of(), null);
            try (Bundle loaded = first.load("t-two")) {
                for (var blob : other.blobs.all().entrySet()) {
                    assertThat(loaded.blobs().read(blob.getKey())).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(blob.getValue()));
                }
            }
            first.importTrace(SampleTraces.standard("t-three", "other blobs").bundle(), List.of(), null);
            assertThat(first.integrityCheck().ok()).isTrue();
            assertThat(first.integrityCheck().problems()).isEmpty();
        }
    }

    private static Object decide(TraceStore store, Event decision, CyclicBarrier together) {
        try {
            together.await(30, TimeUnit.SECONDS);
            return store.recordDecision("t-race", decision, Map.of());
        } catch (DecisionTakenException e) {
            return e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private long historyRows() throws Exception {
        try (Connection connection = POSTGRESQL.connect(dir, "db"); Statement sql = connection.createStatement();
             ResultSet rows = sql.executeQuery("SELECT COUNT(*) FROM flyway_schema_history")) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
