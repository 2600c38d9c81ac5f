package dev.forkline.trace.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Reads a stored trace's chunk headers in load order (runs in the order they first appeared, each run's chunks by
 * seq) and decodes them on the common pool while later rows are read, on request into parts of the trace's
 * {@link dev.forkline.trace.columns.EventColumns} too. A header that does not decode, or disagrees with its row, means
 * the database was changed underneath: a {@link StoreException} names the chunk.
 */
final class ChunkHeaderReader {

    @FunctionalInterface
    interface ChunkConsumer {
        void accept(StoredChunk chunk) throws StoreException;
    }

    private ChunkHeaderReader() {
    }

    /**
     * @param runIds      the runs to read, in the order to read them
     * @param withColumns whether to build each chunk's {@link StoredChunk#columns()}
     */
    static void read(Connection connection, String traceId, List<String> runIds, boolean withColumns, ChunkConsumer consumer)
            throws SQLException, StoreException {
        read(connection, traceId, runIds, ChunkTable.RunReader.RowFilter.ALL, withColumns, consumer);
    }

    /**
     * As {@link #read(Connection, String, List, boolean, ChunkConsumer)}, for the chunks {@code wanted} keeps only:
     * the others' headers are not read, and the kept chunks' events are numbered from 0 in load order as if the trace
     * held no others.
     */
    static void read(Connection connection, String traceId, List<String> runIds, ChunkTable.RunReader.RowFilter wanted,
                     boolean withColumns, ChunkConsumer consumer) throws SQLException, StoreException {
        UnaryOperator<String> sharedBlobNames = sharing();
        int[] nextIndex = {0};
        try (ChunkTable.RunReader reader = new ChunkTable.RunReader(connection, traceId);
             OrderedPoolWork<StoredChunk> decoding = new OrderedPoolWork<>()) {
            for (String runId : runIds) {
                reader.read(runId, wanted, row -> {
                    int firstIndex = nextIndex[0];
                    nextIndex[0] += row.eventCount();
                    decoding.submit(() -> decode(traceId, row, firstIndex, sharedBlobNames, withColumns));
                    while (decoding.isFull()) {
                        consumer.accept(take(decoding));
                    }
                });
            }
            while (!decoding.isEmpty()) {
                consumer.accept(take(decoding));
            }
        }
    }

    private static StoredChunk take(OrderedPoolWork<StoredChunk> decoding) throws StoreException {
        try {
            return decoding.takeNext();
        } catch (IOException e) {
            throw new StoreException("cannot read chunk headers: " + e.getMessage(), e);
        }
    }

    /** One string instance per distinct blob name across the trace. */
    private static UnaryOperator<String> sharing() {
        ConcurrentHashMap<String, String> names = new ConcurrentHashMap<>(1 << 16);
        return name -> {
            String known = names.putIfAbsent(name, name);
            return known != null ? known : name;
        };
    }

    private static StoredChunk decode(String traceId, ChunkTable.Row row, int firstIndex, UnaryOperator<String> blobNames,
                                      boolean withColumns) throws StoreException {
        StoredChunk where = new StoredChunk(row.runId(), row.firstSeq(), row.lastSeq(), firstIndex, null, null);
        ChunkHeader header;
        try {
            header = ChunkHeaderCodec.decode(row.header(), blobNames);
        } catch (ByteSource.MalformedException e) {
            throw damaged(traceId, where, "its header does not decode: " + e.getMessage());
        }
        if (header.size() != row.eventCount() || header.size() == 0) {
            throw damaged(traceId, where, "its header holds " + header.size() + " events where its row says " + row.eventCount());
        }
        if (header.seq(0) != row.firstSeq() || header.seq(header.size() - 1) != row.lastSeq()) {
            throw damaged(traceId, where, "its header's seqs " + header.seq(0) + ".." + header.seq(header.size() - 1)
                    + " differ from its row's " + row.firstSeq() + ".." + row.lastSeq());
        }
        for (int k = 1; k < header.size(); k++) {
            if (header.seq(k) <= header.seq(k - 1)) {
                throw damaged(traceId, where, "its header's seqs do not increase at event '" + header.id(k) + "'");
            }
        }
        return new StoredChunk(row.runId(), row.firstSeq(), row.lastSeq(), firstIndex, header,
                withColumns ? header.toColumns(row.runId()) : null);
    }

    static StoreException damaged(String traceId, StoredChunk chunk, String problem) {
        return new StoreException("the stored trace '" + traceId + "' is damaged: " + chunk.describe() + ": " + problem);
    }
}
