package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The {@code blobs} table (content stored once per hash, shared by all traces) and {@code trace_blobs} links. */
final class BlobTable {

    private static final int IN_CHUNK = 500;
    private static final int LINK_BATCH = 2000;
    /** Flush a batch of blob inserts once it holds this many bytes, to bound memory. */
    private static final long BATCH_BYTES = 16L * 1024 * 1024;

    private BlobTable() {
    }

    /** Which of {@code hashes} are already stored. */
    static Set<String> stored(Connection connection, Collection<String> hashes) throws SQLException {
        return inChunks(connection, "SELECT hash FROM blobs WHERE hash IN (", hashes);
    }

    /** Which of {@code hashes} the trace is already linked to. */
    static Set<String> linked(Connection connection, String traceId) throws SQLException {
        Set<String> found = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT hash FROM trace_blobs WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    found.add(rows.getString(1));
                }
            }
        }
        return found;
    }

    /** Batches blob inserts; the caller must only add hashes that are not stored yet. */
    static final class Inserter implements AutoCloseable {
        private final PreparedStatement insert;
        private long pendingBytes;
        private int pending;
        private int inserted;

        Inserter(Connection connection) throws SQLException {
            insert = connection.prepareStatement("INSERT INTO blobs (hash, size, content) VALUES (?, ?, ?)");
        }

        void add(String hash, byte[] content) throws SQLException {
            insert.setString(1, hash);
            insert.setLong(2, content.length);
            insert.setBytes(3, content);
            insert.addBatch();
            pending++;
            pendingBytes += content.length;
            if (pendingBytes >= BATCH_BYTES) {
                flush();
            }
        }

        void flush() throws SQLException {
            if (pending > 0) {
                insert.executeBatch();
                inserted += pending;
                pending = 0;
                pendingBytes = 0;
            }
        }

        int inserted() {
            return inserted;
        }

        @Override
        public void close() throws SQLException {
            insert.close();
        }
    }

    static void link(Connection connection, String traceId, Collection<String> hashes) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO trace_blobs (trace_id, hash) VALUES (?, ?)")) {
            int pending = 0;
            for (String hash : hashes) {
                insert.setString(1, traceId);
                insert.setString(2, hash);
                insert.addBatch();
                if (++pending == LINK_BATCH) {
                    insert.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                insert.executeBatch();
            }
        }
    }

    static Optional<byte[]> read(Connection connection, String hash) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT content FROM blobs WHERE hash = ?")) {
            query.setString(1, hash);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(rows.getBytes(1)) : Optional.empty();
            }
        }
    }

    static boolean contains(Connection connection, String hash) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM blobs WHERE hash = ?")) {
            query.setString(1, hash);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    private static Set<String> inChunks(Connection connection, String head, Collection<String> values) throws SQLException {
        Set<String> found = new HashSet<>();
        List<String> all = new ArrayList<>(values);
        for (int start = 0; start < all.size(); start += IN_CHUNK) {
            List<String> chunk = all.subList(start, Math.min(all.size(), start + IN_CHUNK));
            String sql = head + "?" + ", ?".repeat(chunk.size() - 1) + ")";
            try (PreparedStatement query = connection.prepareStatement(sql)) {
                int index = 1;
                for (String value : chunk) {
                    query.setString(index++, value);
                }
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        found.add(rows.getString(1));
                    }
                }
            }
        }
        return found;
    }
}
