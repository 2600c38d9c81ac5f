package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * What differs between the two databases the store runs on: the embedded H2 file and a team's PostgreSQL server. The
 * schema and every query are the same standard SQL; only these few things are not.
 */
enum Dialect {

    /** The embedded default: one process writes, through one connection; commits are forced to disk explicitly. */
    H2("BLOB", "PUBLIC"),
    /** A team store: many processes write, so every write transaction first takes one advisory lock. */
    POSTGRESQL("BYTEA", "public");

    /** The advisory lock every write transaction of a PostgreSQL store holds until it ends ("FORKLINE" in ASCII). */
    static final long WRITE_LOCK = 0x464f524b4c494e45L;

    private final String binaryType;
    private final String schema;

    Dialect(String binaryType, String schema) {
        this.binaryType = binaryType;
        this.schema = schema;
    }

    /** The dialect of an open connection, from the driver's product name. */
    static Dialect of(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName();
        return product != null && product.toLowerCase(Locale.ROOT).contains("postgres") ? POSTGRESQL : H2;
    }

    /** The column type of a byte string of any length (standard SQL's BLOB). */
    String binaryType() {
        return binaryType;
    }

    /** The schema Forkline's tables live in, spelled as the database's metadata reports it. */
    String schema() {
        return schema;
    }

    /** A table or column name as the database's metadata reports it (H2 upper case, PostgreSQL lower case). */
    String metadataName(String name) {
        return this == H2 ? name.toUpperCase(Locale.ROOT) : name.toLowerCase(Locale.ROOT);
    }

    /**
     * At the start of every write transaction: in PostgreSQL, waits for the store-wide advisory lock, which the
     * transaction holds until it commits or rolls back. So writers of all processes take turns, exactly as the single
     * writer thread of an embedded store does, and each sees everything committed before it (a trace imported by
     * someone else, the blob packs they wrote, a decision just taken).
     */
    void lockForWrite(Connection connection) throws SQLException {
        if (this == POSTGRESQL) {
            try (PreparedStatement lock = connection.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                lock.setLong(1, WRITE_LOCK);
                lock.execute();
            }
        }
    }

    /**
     * After a commit: H2 keeps commits in memory and writes them out in the background, so they are forced to the
     * device here; PostgreSQL's commit is durable when it returns (its WAL is flushed).
     */
    void makeDurable(Connection connection) throws SQLException {
        if (this == H2) {
            try (Statement sync = connection.createStatement()) {
                sync.execute("CHECKPOINT SYNC");
            }
        }
    }

    /**
     * H2's lazy query execution hands rows out as they are read instead of copying a whole result first; PostgreSQL
     * streams within a transaction when a fetch size is set, which the store's readers do not need.
     */
    void lazyQueries(Connection connection, boolean lazy) throws SQLException {
        if (this == H2) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET LAZY_QUERY_EXECUTION " + (lazy ? "TRUE" : "FALSE"));
            }
        }
    }

    /**
     * What follows a table's name in a query that must read it by its whole primary key: in H2, {@code USE INDEX} with
     * the key's index. H2 2.3 answers {@code WHERE trace_id = ? AND run_id = ? ORDER BY trace_id, run_id, first_seq}
     * with the key's index bounded by its first column alone, so reading one run's chunks visited every chunk of the
     * trace: a trace of 38,000 runs (an Inspect eval log's samples) took minutes to open. PostgreSQL plans it as asked.
     */
    String primaryKeyHint(Connection connection, String table) throws SQLException {
        if (this != H2) {
            return "";
        }
        try (PreparedStatement query = connection.prepareStatement("SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES"
                + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_TYPE_NAME = 'PRIMARY KEY'")) {
            query.setString(1, schema);
            query.setString(2, metadataName(table));
            try (var rows = query.executeQuery()) {
                return rows.next() ? " USE INDEX (\"" + rows.getString(1).replace("\"", "\"\"") + "\")" : "";
            }
        }
    }
}
