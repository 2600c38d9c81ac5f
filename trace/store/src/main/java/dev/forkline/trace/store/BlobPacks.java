package dev.forkline.trace.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.sql.Blob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Blob content, stored once per hash and shared by all traces: blobs are written back to back into packs of about
 * {@value #PACK_BYTES} bytes ({@code blob_packs}; a larger blob gets a pack of its own). Each pack row lists the blobs
 * it holds ({@code entries}: each one's hash, 32 bytes, and size, 8 bytes, in the order they lie in {@code content}).
 * A pack is written once and never changed. There is no row per blob: that cost more than the blobs' bytes on large
 * imports; {@link BlobIndex} keeps where each blob is in memory.
 */
final class BlobPacks {

    static final int PACK_BYTES = 1 << 20;
    static final int ENTRY_BYTES = HashBytes.LENGTH + Long.BYTES;

    /** Where a blob is stored. */
    record Location(long packId, long offset, long size) {
    }

    private BlobPacks() {
    }

    /**
     * Where every blob of the packs numbered above {@code afterPack} is, from the packs' entries (their content is not read).
     *
     * @throws StoreException when a pack's entries are damaged (they do not add up to its content)
     */
    static Map<String, Location> locations(Connection connection, long afterPack) throws SQLException, StoreException {
        Map<String, Location> locations = new HashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT pack_id, entries, OCTET_LENGTH(content) FROM blob_packs"
                + " WHERE pack_id > ?")) {
            query.setLong(1, afterPack);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    locations.putAll(entries(rows.getLong(1), rows.getBytes(2), rows.getLong(3)));
                }
            }
        }
        return locations;
    }

    /**
     * The blobs a pack holds, by hash, in the order they lie in it.
     *
     * @throws StoreException when the entries do not add up to the pack's length
     */
    static Map<String, Location> entries(long packId, byte[] entries, long packLength) throws StoreException {
        if (entries.length % ENTRY_BYTES != 0) {
            throw damaged(packId, entries.length + " bytes of entries is not a whole number of entries");
        }
        Map<String, Location> located = new LinkedHashMap<>();
        ByteBuffer sizes = ByteBuffer.wrap(entries);
        long offset = 0;
        for (int at = 0; at < entries.length; at += ENTRY_BYTES) {
            long size = sizes.getLong(at + HashBytes.LENGTH);
            if (size < 0 || size > Integer.MAX_VALUE || size > packLength - offset) {
                throw damaged(packId, "its entries say " + size + " bytes at " + offset + ", but it has " + packLength);
            }
            located.put(HashBytes.name(entries, at), new Location(packId, offset, size));
            offset += size;
        }
        if (offset != packLength) {
            throw damaged(packId, "its entries add up to " + offset + " bytes, but it has " + packLength);
        }
        return located;
    }

    private static StoreException damaged(long packId, String why) {
        return new StoreException("blob pack " + packId + " is damaged: " + why);
    }

    /**
     * The blob's bytes as stored (not checked against its name); only its own part of its pack is read.
     *
     * @throws IOException when its pack is missing or shorter than its location says
     */
    static byte[] read(Connection connection, String hash, Location location) throws SQLException, IOException {
        if (Dialect.of(connection) == Dialect.POSTGRESQL) {
            return readPart(connection, hash, location);
        }
        try (PreparedStatement query = connection.prepareStatement("SELECT content FROM blob_packs WHERE pack_id = ?")) {
            query.setLong(1, location.packId());
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    throw new IOException("blob " + hash + " is damaged in the trace store: its pack " + location.packId() + " is missing");
                }
                Blob pack = rows.getBlob(1);
                try {
                    if (location.offset() + location.size() > pack.length()) {
                        throw new IOException("blob " + hash + " is damaged in the trace store: pack " + location.packId()
                                + " has " + pack.length() + " bytes, not the " + (location.offset() + location.size()) + " its entries say");
                    }
                    return location.size() == 0 ? new byte[0] : pack.getBytes(location.offset() + 1, (int) location.size());
                } finally {
                    pack.free();
                }
            }
        }
    }

    /** PostgreSQL has no BLOB locators for BYTEA: the blob's part is cut out on the server. */
    private static byte[] readPart(Connection connection, String hash, Location location) throws SQLException, IOException {
        try (PreparedStatement query = connection.prepareStatement("SELECT OCTET_LENGTH(content), SUBSTRING(content FROM ? FOR ?)"
                + " FROM blob_packs WHERE pack_id = ?")) {
            query.setInt(1, Math.toIntExact(location.offset() + 1));
            query.setInt(2, Math.toIntExact(location.size()));
            query.setLong(3, location.packId());
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    throw new IOException("blob " + hash + " is damaged in the trace store: its pack " + location.packId() + " is missing");
                }
                long length = rows.getLong(1);
                if (location.offset() + location.size() > length) {
                    throw new IOException("blob " + hash + " is damaged in the trace store: pack " + location.packId()
                            + " has " + length + " bytes, not the " + (location.offset() + location.size()) + " its entries say");
                }
                return rows.getBytes(2);
            }
        }
    }

    /** Packs blobs as they are added; the caller must only add hashes that are not stored yet, each once. */
    static final class Writer implements AutoCloseable {
        private final PreparedStatement insert;
        private final PackBuffer content = new PackBuffer(PACK_BYTES);
        private final PackBuffer entries = new PackBuffer(32 * 1024);
        private final Map<String, Location> written = new LinkedHashMap<>();
        private long packId;

        Writer(Connection connection) throws SQLException {
            // Numbers of deleted packs are never used again: other clients' blob indexes may still know them.
            // (trace_deletions is missing while migration V3 packs the blobs of an older database.)
            try (PreparedStatement query = connection.prepareStatement(Tables.exist(connection, "TRACE_DELETIONS")
                    ? "SELECT GREATEST(COALESCE((SELECT MAX(pack_id) FROM blob_packs), 0),"
                    + " COALESCE((SELECT MAX(last_pack_id) FROM trace_deletions), 0))"
                    : "SELECT COALESCE(MAX(pack_id), 0) FROM blob_packs");
                 ResultSet rows = query.executeQuery()) {
                rows.next();
                packId = rows.getLong(1) + 1;
            }
            insert = connection.prepareStatement("INSERT INTO blob_packs (pack_id, entries, content) VALUES (?, ?, ?)");
        }

        void add(String hash, byte[] blob) throws SQLException {
            if (content.size() > 0 && content.size() + blob.length > PACK_BYTES) {
                flush();
            }
            written.put(hash, new Location(packId, content.size(), blob.length));
            entries.writeBytes(HashBytes.of(hash));
            entries.writeBytes(ByteBuffer.allocate(Long.BYTES).putLong(blob.length).array());
            content.writeBytes(blob);
        }

        /** Writes the pack being filled, if it holds anything. */
        void flush() throws SQLException {
            if (entries.size() == 0) {
                return;
            }
            insert.setLong(1, packId);
            ByteParameters.set(insert, 2, entries.bytes(), entries.size());
            ByteParameters.set(insert, 3, content.bytes(), content.size());
            insert.executeUpdate();
            entries.reset();
            content.reset();
            packId++;
        }

        /** Where the blobs added so far are (once flushed). */
        Map<String, Location> written() {
            return written;
        }

        @Override
        public void close() throws SQLException {
            insert.close();
        }
    }

    /** A growing buffer whose bytes are bound to the insert as they are, without the copy {@code toByteArray} makes. */
    private static final class PackBuffer extends ByteArrayOutputStream {
        PackBuffer(int size) {
            super(size);
        }

        /** The buffer itself, valid up to {@link #size()} until the next write or reset. */
        byte[] bytes() {
            return buf;
        }
    }
}
