package dev.forkline.trace.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.BitSet;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Reads the chunks of a stored trace that hold a wanted event, on the caller's thread, and runs a job over each on the
 * common pool; the jobs' results come back in chunk order. How a trace's event search and its search terms
 * ({@link TraceTermCount}) read the stored lines.
 */
final class StoredEventScan {

    /** What is done with one chunk's lines, on a pool thread. */
    @FunctionalInterface
    interface Job<R> {
        R run(ChunkDirectory.Entry chunk, byte[] lines) throws StoreException;
    }

    private final Connection connection;
    private final String traceId;
    private final ChunkDirectory chunks;
    private final BooleanSupplier stopped;

    StoredEventScan(Connection connection, String traceId, ChunkDirectory chunks) {
        this(connection, traceId, chunks, () -> false);
    }

    /** A scan that ends with a {@link StoreException} before the next chunk it would read once {@code stopped} says so. */
    StoredEventScan(Connection connection, String traceId, ChunkDirectory chunks, BooleanSupplier stopped) {
        this.connection = connection;
        this.traceId = traceId;
        this.chunks = chunks;
        this.stopped = stopped;
    }

    /** Runs {@code job} over every chunk holding one of {@code wanted} (indexes in the trace's load order). */
    <R> void run(BitSet wanted, Job<R> job, Consumer<R> results) throws SQLException, StoreException {
        try (OrderedPoolWork<R> scanning = new OrderedPoolWork<>()) {
            for (int c = 0; c < chunks.chunkCount(); c++) {
                ChunkDirectory.Entry chunk = chunks.chunk(c);
                int first = wanted.nextSetBit(chunk.firstIndex());
                if (first < 0 || first >= chunk.firstIndex() + chunk.eventCount()) {
                    continue;
                }
                if (stopped.getAsBoolean()) {
                    throw new StoreException("the scan of trace '" + traceId + "' was stopped");
                }
                byte[] stored = ChunkTable.lines(connection, traceId, chunk)
                        .orElseThrow(() -> damaged(chunk, "is missing"));
                scanning.submit(() -> job.run(chunk, decoded(chunk, stored)));
                while (scanning.isFull()) {
                    results.accept(take(scanning));
                }
            }
            while (!scanning.isEmpty()) {
                results.accept(take(scanning));
            }
        }
    }

    private byte[] decoded(ChunkDirectory.Entry chunk, byte[] stored) throws StoreException {
        try {
            return ChunkLines.decodeChecked(chunk, stored);
        } catch (ByteSource.MalformedException e) {
            throw damaged(chunk, e.getMessage());
        }
    }

    /** The search text ({@link SearchText}) of the event whose line is at {@code start..end} of its chunk's lines. */
    String searchText(byte[] lines, int start, int end, String toolName) throws StoreException {
        try {
            return SearchText.ofLine(toolName, lines, start, end);
        } catch (IOException e) {
            throw new StoreException("the stored trace '" + traceId + "' is damaged: a line is not JSON: " + e.getMessage(), e);
        }
    }

    private static <R> R take(OrderedPoolWork<R> scanning) throws StoreException {
        try {
            return scanning.takeNext();
        } catch (IOException e) {
            throw new StoreException("cannot search: " + e.getMessage(), e);
        }
    }

    private StoreException damaged(ChunkDirectory.Entry chunk, String problem) {
        return new StoreException("the stored trace '" + traceId + "' is damaged: " + chunk.describe() + " " + problem);
    }
}
