package dev.forkline.trace.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.sql.Blob;
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

/**
 * Blob content, stored once per hash and shared by all traces: blobs are written back to back into packs of about
 * {@value #PACK_BYTES} bytes ({@code blob_packs}, one BLOB each; a larger blob gets a pack of its own), and
 * {@code packed_blobs} says where each one is. A pack is written once and never changed.
 */
final class BlobPacks {

    static final int PACK_BYTES = 1 << 20;
    private static final int IN_CHUNK = 500;

    /** Where a blob is stored. */
    record Location(long packId, long offset, long size) {
    }

    private BlobPacks() {
    }

    /** Which of {@code hashes} are already stored. */
    static Set<String> stored(Connection connection, Collection<String> hashes) throws SQLException {
        Set<String> found = new HashSet<>();
        List<String> all = new ArrayList<>(hashes);
        for (int start = 0; start < all.size(); start += IN_CHUNK) {
            List<String> chunk = all.subList(start, Math.min(all.size(), start + IN_CHUNK));
            String sql = "SELECT hash FROM packed_blobs WHERE hash IN (?" + ", ?".repeat(chunk.size() - 1) + ")";
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

    static boolean contains(Connection connection, String hash) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM packed_blobs WHERE hash = ?")) {
            query.setString(1, hash);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }

    /**
     * The blob's bytes as stored (not checked against its name), or empty when it is not stored. Only the blob's own
     * part of its pack is read.
     *
     * @throws IOException when its location lies outside its pack, or its pack is missing
     */
    static Optional<byte[]> read(Connection connection, String hash) throws SQLException, IOException {
        try (PreparedStatement query = connection.prepareStatement("SELECT b.pack_id, b.pack_offset, b.size, p.content"
                + " FROM packed_blobs b LEFT JOIN blob_packs p ON p.pack_id = b.pack_id WHERE b.hash = ?")) {
            query.setString(1, hash);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                Location location = new Location(rows.getLong(1), rows.getLong(2), rows.getLong(3));
                Blob pack = rows.getBlob(4);
                if (pack == null) {
                    throw new IOException("blob " + hash + " is damaged in the trace store: its pack " + location.packId() + " is missing");
                }
                try {
                    checkWithin(hash, location, pack.length());
                    return Optional.of(location.size() == 0 ? new byte[0] : pack.getBytes(location.offset() + 1, (int) location.size()));
                } finally {
                    pack.free();
                }
            }
        }
    }

    /** @throws IOException when the location does not lie within a pack of {@code packLength} bytes */
    static void checkWithin(String hash, Location location, long packLength) throws IOException {
        if (location.offset() < 0 || location.size() < 0 || location.size() > Integer.MAX_VALUE
                || location.offset() > packLength - location.size()) {
            throw new IOException("blob " + hash + " is damaged in the trace store: it is said to be " + location.size()
                    + " bytes at " + location.offset() + " of pack " + location.packId() + ", which has " + packLength + " bytes");
        }
    }

    /** Packs blobs as they are added; the caller must only add hashes that are not stored yet, each once. */
    static final class Writer implements AutoCloseable {
        private final PreparedStatement insertPack;
        private final PreparedStatement insertLocation;
        private final ByteArrayOutputStream pack = new ByteArrayOutputStream(PACK_BYTES);
        private long packId;
        private int pendingLocations;
        private int written;

        Writer(Connection connection) throws SQLException {
            try (PreparedStatement query = connection.prepareStatement("SELECT COALESCE(MAX(pack_id), 0) FROM blob_packs");
                 ResultSet rows = query.executeQuery()) {
                rows.next();
                packId = rows.getLong(1) + 1;
            }
            insertPack = connection.prepareStatement("INSERT INTO blob_packs (pack_id, content) VALUES (?, ?)");
            insertLocation = connection.prepareStatement("INSERT INTO packed_blobs (hash, size, pack_id, pack_offset) VALUES (?, ?, ?, ?)");
        }

        void add(String hash, byte[] content) throws SQLException {
            if (pack.size() > 0 && pack.size() + content.length > PACK_BYTES) {
                flush();
            }
            insertLocation.setString(1, hash);
            insertLocation.setLong(2, content.length);
            insertLocation.setLong(3, packId);
            insertLocation.setLong(4, pack.size());
            insertLocation.addBatch();
            pendingLocations++;
            pack.writeBytes(content);
            written++;
        }

        /** Writes the pack being filled, if it holds anything. */
        void flush() throws SQLException {
            if (pendingLocations == 0) {
                return;
            }
            insertPack.setLong(1, packId);
            insertPack.setBytes(2, pack.toByteArray());
            insertPack.executeUpdate();
            insertLocation.executeBatch();
            pack.reset();
            pendingLocations = 0;
            packId++;
        }

        int written() {
            return written;
        }

        @Override
        public void close() throws SQLException {
            try (insertPack; insertLocation) {
                // closes both statements
            }
        }
    }
}
