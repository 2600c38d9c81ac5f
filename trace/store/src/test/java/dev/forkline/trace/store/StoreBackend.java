package dev.forkline.trace.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.testing.ThrowawayPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The two databases the store runs on, for test classes that run against both ({@code @ParameterizedClass} with
 * {@code @MethodSource("dev.forkline.trace.store.StoreBackend#both")}). A store is named by a test's temporary folder
 * and a name: an H2 file there, or a PostgreSQL database of the JVM's one shared throwaway cluster
 * ({@link SharedPostgres}), made on first use; the same folder and name open the same store again.
 */
abstract class StoreBackend {

    static final StoreBackend H2 = new StoreBackend() {
        @Override
        TraceStore open(Path dir, String name, Clock clock) throws StoreException {
            return TraceStore.open(dir.resolve(name), clock);
        }

        @Override
        Connection connect(Path dir, String name) throws SQLException {
            return DriverManager.getConnection(DatabaseLocation.of(dir.resolve(name)).jdbcUrl(), TraceStore.USER, "");
        }

        @Override
        String replaceBytes(String column, String from, String to) {
            return "REGEXP_REPLACE(" + column + ", '" + from + "', '" + to + "')";
        }

        @Override
        String binary(String text) {
            return "CAST(" + text + " AS BINARY VARYING)";
        }

        @Override
        String binaryFromHex(String hex) {
            return "CAST(X'" + hex + "' AS BINARY VARYING)";
        }

        @Override
        boolean embedded() {
            return true;
        }

        @Override
        public String toString() {
            return "H2";
        }
    };

    static final StoreBackend POSTGRESQL = new Postgres();

    private static final class Postgres extends StoreBackend {
        private final Map<String, String> databases = new ConcurrentHashMap<>();
        private final AtomicInteger made = new AtomicInteger();

        @Override
        TraceStore open(Path dir, String name, Clock clock) throws StoreException {
            return TraceStore.open(team(dir, name), null, clock);
        }

        @Override
        Connection connect(Path dir, String name) throws SQLException {
            return DriverManager.getConnection(team(dir, name).jdbcUrl(), ThrowawayPostgres.SUPERUSER, null);
        }

        /** The team store of this folder and name, its database created on first use. */
        TeamDatabase team(Path dir, String name) {
            String key = DatabaseLocation.of(dir.resolve(name)).base().toString();
            String database = databases.computeIfAbsent(key, k -> {
                String fresh = "forkline_test_" + made.incrementAndGet();
                SharedPostgres.createDatabase(fresh);
                return fresh;
            });
            return new TeamDatabase(ThrowawayPostgres.SUPERUSER, "127.0.0.1", SharedPostgres.cluster().port(), database);
        }

        @Override
        String replaceBytes(String column, String from, String to) {
            return "DECODE(REPLACE(ENCODE(" + column + ", 'hex'), ENCODE('" + from + "'::bytea, 'hex'), ENCODE('" + to
                    + "'::bytea, 'hex')), 'hex')";
        }

        @Override
        void assumeAvailable() {
            assumeTrue(ThrowawayPostgres.find().isPresent(), ThrowawayPostgres.unavailableReason());
        }

        @Override
        String binary(String text) {
            return "CONVERT_TO(" + text + ", 'UTF8')";
        }

        @Override
        String binaryFromHex(String hex) {
            return "DECODE('" + hex + "', 'hex')";
        }

        @Override
        boolean embedded() {
            return false;
        }

        @Override
        public String toString() {
            return "PostgreSQL";
        }
    }

    static List<StoreBackend> both() {
        return List.of(H2, POSTGRESQL);
    }

    abstract TraceStore open(Path dir, String name, Clock clock) throws StoreException;

    TraceStore open(Path dir, String name) throws StoreException {
        return open(dir, name, Clock.systemUTC());
    }

    /** A plain JDBC connection to the store (as its owner), e.g. to damage it on purpose. */
    abstract Connection connect(Path dir, String name) throws SQLException;

    /** An SQL expression: the binary {@code column} with the ASCII text {@code from} replaced by {@code to}. */
    abstract String replaceBytes(String column, String from, String to);

    /** An SQL expression: the text's bytes as a binary string. */
    abstract String binary(String text);

    /** An SQL expression: the bytes written in hex, as a binary string. */
    abstract String binaryFromHex(String hex);

    /** Skips the test (with the reason) where this database is not at hand. */
    void assumeAvailable() {
    }

    /** Whether the store is an embedded file (H2) rather than a server's database. */
    abstract boolean embedded();

    /** The team store of a PostgreSQL backend's folder and name (for tests of what only a team store does). */
    static TeamDatabase team(StoreBackend backend, Path dir, String name) {
        if (backend != POSTGRESQL) {
            throw new IllegalArgumentException(backend + " has no team store");
        }
        return ((Postgres) POSTGRESQL).team(dir, name);
    }

    /** Runs {@code sql} on the store through a plain connection. */
    void execute(Path dir, String name, String... sql) throws SQLException {
        try (Connection connection = connect(dir, name); Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        }
    }
}
