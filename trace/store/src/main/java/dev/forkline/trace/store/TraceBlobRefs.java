package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Which stored blobs a trace refers to ({@code trace_blob_refs}): one row per write that added references, holding
 * their hashes as 32 bytes each, back to back. A row per reference (with its foreign keys) cost more than the blobs.
 */
final class TraceBlobRefs {

    private TraceBlobRefs() {
    }

    /** The blobs the trace refers to. */
    static Set<String> of(Connection connection, String traceId) throws SQLException, StoreException {
        Set<String> found = new LinkedHashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT ordinal, hashes FROM trace_blob_refs WHERE trace_id = ?"
                + " ORDER BY trace_id, ordinal")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    found.addAll(decode(traceId, rows.getInt(1), rows.getBytes(2)));
                }
            }
        }
        return found;
    }

    /** Records that the trace refers to {@code hashes} too (none of them referred to yet). */
    static void add(Connection connection, String traceId, Collection<String> hashes) throws SQLException {
        if (hashes.isEmpty()) {
            return;
        }
        int ordinal;
        try (PreparedStatement query = connection.prepareStatement("SELECT COALESCE(MAX(ordinal), 0) FROM trace_blob_refs WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                ordinal = rows.getInt(1) + 1;
            }
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO trace_blob_refs (trace_id, ordinal, hashes) VALUES (?, ?, ?)")) {
            insert.setString(1, traceId);
            insert.setInt(2, ordinal);
            insert.setBytes(3, encode(hashes));
            insert.executeUpdate();
        }
    }

    static byte[] encode(Collection<String> hashes) {
        byte[] bytes = new byte[hashes.size() * HashBytes.LENGTH];
        int offset = 0;
        for (String hash : hashes) {
            System.arraycopy(HashBytes.of(hash), 0, bytes, offset, HashBytes.LENGTH);
            offset += HashBytes.LENGTH;
        }
        return bytes;
    }

    static Set<String> decode(String traceId, int ordinal, byte[] bytes) throws StoreException {
        if (bytes.length % HashBytes.LENGTH != 0) {
            throw new StoreException("the blob references of trace '" + traceId + "' (row " + ordinal + ") are damaged: "
                    + bytes.length + " bytes is not a whole number of hashes");
        }
        Set<String> hashes = new LinkedHashSet<>();
        for (int offset = 0; offset < bytes.length; offset += HashBytes.LENGTH) {
            hashes.add(HashBytes.name(bytes, offset));
        }
        return hashes;
    }
}
