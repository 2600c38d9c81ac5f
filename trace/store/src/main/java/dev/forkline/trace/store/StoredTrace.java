package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/**
 * A stored trace's events as {@link EventColumns} in load order (runs in the order they first appeared, by seq within a
 * run), with where each event's line is stored, and on request the hash each event is stored under. Read from the
 * chunk headers alone: no event is parsed.
 */
final class StoredTrace {

    private final EventColumns columns;
    private final ChunkDirectory chunks;
    private final byte[] identityHashes;

    private StoredTrace(EventColumns columns, ChunkDirectory chunks, byte[] identityHashes) {
        this.columns = columns;
        this.chunks = chunks;
        this.identityHashes = identityHashes;
    }

    /**
     * @param runIds             the runs to read, in order
     * @param expectedEvents     how many events they hold (sizes the columns once)
     * @param withIdentityHashes whether to keep {@link #identityHash} (32 bytes per event)
     */
    static StoredTrace read(Connection connection, String traceId, List<String> runIds, long expectedEvents,
                            boolean withIdentityHashes) throws SQLException, StoreException {
        return read(connection, traceId, runIds, ChunkTable.RunReader.RowFilter.ALL, expectedEvents, withIdentityHashes);
    }

    /**
     * The events of the chunks {@code wanted} keeps (see {@link ChunkHeaderReader}): numbered from 0 in load order as
     * if the trace held no others.
     */
    static StoredTrace read(Connection connection, String traceId, List<String> runIds, ChunkTable.RunReader.RowFilter wanted,
                            long expectedEvents, boolean withIdentityHashes) throws SQLException, StoreException {
        int expected = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(0, expectedEvents));
        EventColumns.Builder columns = new EventColumns.Builder(expected);
        ChunkDirectory.Builder chunks = new ChunkDirectory.Builder(expected);
        byte[][] hashes = {withIdentityHashes ? new byte[Math.min(expected, 1 << 24) * ChunkHeader.HASH_BYTES] : null};
        ChunkHeaderReader.read(connection, traceId, runIds, wanted, true, chunk -> {
            ChunkHeader header = chunk.header();
            columns.append(chunk.columns());
            chunks.add(chunk);
            if (hashes[0] != null) {
                int end = (chunk.firstIndex() + header.size()) * ChunkHeader.HASH_BYTES;
                if (end > hashes[0].length) {
                    hashes[0] = Arrays.copyOf(hashes[0], Math.max(end, hashes[0].length * 2));
                }
                System.arraycopy(header.identityHashes, 0, hashes[0], chunk.firstIndex() * ChunkHeader.HASH_BYTES,
                        header.size() * ChunkHeader.HASH_BYTES);
            }
        });
        EventColumns built = columns.build();
        byte[] identity = hashes[0] == null ? null : Arrays.copyOf(hashes[0], built.size() * ChunkHeader.HASH_BYTES);
        return new StoredTrace(built, chunks.build(), identity);
    }

    EventColumns columns() {
        return columns;
    }

    ChunkDirectory chunks() {
        return chunks;
    }

    int size() {
        return columns.size();
    }

    /** The hash event {@code i} is stored under (only when read with identity hashes). */
    String identityHash(int i) {
        if (identityHashes == null) {
            throw new IllegalStateException("read without identity hashes");
        }
        return HashBytes.name(identityHashes, i * ChunkHeader.HASH_BYTES);
    }
}
