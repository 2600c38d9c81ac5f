package dev.forkline.trace.store;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList.DamagedEventException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The lines of a loaded trace's events, read from the store a chunk at a time when an event is asked for, on the
 * caller's thread through the store's connection pool, and kept in the store's {@link ChunkCache}. A chunk whose lines
 * are missing, do not decode or fail their checksum throws {@link DamagedEventException} naming the event.
 */
final class StoredEventLines implements EventLines {

    private final InterruptSafePool pool;
    private final String traceId;
    private final ChunkDirectory chunks;
    private final ChunkCache cache;

    StoredEventLines(InterruptSafePool pool, String traceId, ChunkDirectory chunks, ChunkCache cache) {
        this.pool = pool;
        this.traceId = traceId;
        this.chunks = chunks;
        this.cache = cache;
    }

    @Override
    public int size() {
        return chunks.size();
    }

    @Override
    public byte[] line(int i) throws IOException {
        byte[] lines = chunkLines(chunks.chunkOf(i), i);
        return Arrays.copyOfRange(lines, chunks.lineStart(i), chunks.lineEnd(i));
    }

    @Override
    public String file() {
        return "store:" + traceId;
    }

    @Override
    public long lineNumber(int i) {
        return i + 1L;
    }

    /** The decoded lines of a chunk, from the cache or the store; {@code forEvent} names the event asked for in errors. */
    byte[] chunkLines(int chunk, int forEvent) throws IOException {
        ChunkDirectory.Entry entry = chunks.chunk(chunk);
        ChunkCache.Key key = new ChunkCache.Key(traceId, entry.runId(), entry.firstSeq(), entry.checksum());
        byte[] lines = cache.get(key);
        if (lines == null) {
            lines = fetch(entry, forEvent);
            cache.put(key, lines);
        }
        return lines;
    }

    private byte[] fetch(ChunkDirectory.Entry entry, int forEvent) throws IOException {
        Optional<byte[]> stored;
        try (Connection connection = pool.getConnection()) {
            stored = ChunkTable.lines(connection, traceId, entry);
        } catch (SQLException e) {
            throw new IOException("cannot read " + entry.describe() + " of trace '" + traceId + "': database error: " + e.getMessage(), e);
        } catch (IllegalStateException e) {
            throw new IOException("cannot read " + entry.describe() + " of trace '" + traceId + "': the trace store is closed", e);
        }
        if (stored.isEmpty()) {
            throw damaged(entry, forEvent, "is missing");
        }
        try {
            return ChunkLines.decodeChecked(entry, stored.get());
        } catch (ByteSource.MalformedException e) {
            throw damaged(entry, forEvent, e.getMessage());
        }
    }

    private DamagedEventException damaged(ChunkDirectory.Entry entry, int forEvent, String problem) {
        return new DamagedEventException(new TraceFormatException(file(), lineNumber(forEvent),
                entry.describe() + " is damaged: " + problem));
    }
}
