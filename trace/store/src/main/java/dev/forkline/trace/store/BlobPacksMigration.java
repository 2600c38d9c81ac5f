package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 3: blobs are stored in packs ({@link BlobPacks}: {@code blob_packs}) instead of one BLOB row each, and a trace's blob references in a few rows of hashes ({@link TraceBlobRefs}:
 * {@code trace_blob_refs}) instead of a row per reference. Moves the blobs and references of a version 2 database
 * and drops {@code trace_blobs} and {@code blobs}. Same rules as V1's SQL: standard SQL only (binary columns as {@link Dialect#binaryType()}), no DEFAULT, CHECK,
 * generated columns, triggers or routines; {@link Schema} names the new tables.
 *
 * <p>H2 commits at every DDL statement, so this migration can be cut off part way and run again: while
 * {@code trace_blobs} exists, nothing was moved for good (the packs and references are committed together with its
 * drop), so the new tables are made afresh; once it is gone, the move is complete and only {@code blobs} may be left
 * to drop.
 */
final class BlobPacksMigration extends RerunnableMigration {

    static final String VERSION = "3";

    private static final List<String> CREATE_TABLES = List.of("""
            CREATE TABLE blob_packs (
                pack_id BIGINT NOT NULL,
                entries %1$s NOT NULL,
                content %1$s NOT NULL,
                CONSTRAINT blob_packs_pk PRIMARY KEY (pack_id)
            )""", """
            CREATE TABLE trace_blob_refs (
                trace_id VARCHAR(512) NOT NULL,
                ordinal  INTEGER      NOT NULL,
                hashes   %1$s NOT NULL,
                CONSTRAINT trace_blob_refs_pk PRIMARY KEY (trace_id, ordinal),
                CONSTRAINT trace_blob_refs_trace_fk FOREIGN KEY (trace_id) REFERENCES traces (trace_id)
            )""");

    BlobPacksMigration() {
        super(VERSION, "blob packs");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        try (Statement sql = connection.createStatement()) {
            if (!Tables.exist(connection, "TRACE_BLOBS")) {
                if (Tables.exist(connection, "BLOBS")) {
                    sql.execute("DROP TABLE blobs"); // moved by an earlier run that was cut off before this drop
                }
                return;
            }
            for (String table : List.of("TRACE_BLOB_REFS", "BLOB_PACKS")) {
                if (Tables.exist(connection, table)) {
                    sql.execute("DROP TABLE " + table);
                }
            }
            for (String create : CREATE_TABLES) {
                sql.execute(create.formatted(Dialect.of(connection).binaryType()));
            }
            moveBlobs(connection);
            moveReferences(connection);
            sql.execute("DROP TABLE trace_blobs");
            sql.execute("DROP TABLE blobs");
        }
    }

    private static void moveBlobs(Connection connection) throws SQLException {
        try (BlobPacks.Writer packs = new BlobPacks.Writer(connection);
             PreparedStatement query = connection.prepareStatement("SELECT hash, content FROM blobs ORDER BY hash");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                packs.add(rows.getString(1), rows.getBytes(2));
            }
            packs.flush();
        }
    }

    private static void moveReferences(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, hash FROM trace_blobs ORDER BY trace_id, hash");
             ResultSet rows = query.executeQuery()) {
            String traceId = null;
            List<String> hashes = new ArrayList<>();
            while (rows.next()) {
                if (!rows.getString(1).equals(traceId)) {
                    if (traceId != null) {
                        TraceBlobRefs.add(connection, traceId, hashes);
                    }
                    traceId = rows.getString(1);
                    hashes.clear();
                }
                hashes.add(rows.getString(2));
            }
            if (traceId != null) {
                TraceBlobRefs.add(connection, traceId, hashes);
            }
        }
    }
}
