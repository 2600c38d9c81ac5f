package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stored trace's {@link TrigramFilter}s, one per chunk, each with the tool names the chunk's events take from earlier
 * chunks ({@link BorrowedToolNames}) and the key of the chunk row it was built from (run, first seq, event count). Kept in the search index with the trace's terms ({@link SearchIndexRows}), which holds them
 * only while the trace has the event count and content digest they were built from: the same events, so a chunk row
 * of the same run, first seq and count holds the same events, whose search texts the filter covers. A chunk of another
 * key (the trace was stored in other chunks since) has no filter and is read.
 */
final class ChunkTrigrams {

    private static final int MAGIC = 0x464c5447; // "FLTG"
    /** 2 since the filters hold the six-grams of hex runs (version 1, of the same day, never shipped: read as none). */
    private static final byte VERSION = 2;
    private static final int MAX_RUN_ID_BYTES = 4 * 512;
    private static final int MAX_TOOL_NAME_BYTES = 4 * SearchToolNames.MAX_LENGTH;

    /** One chunk's filter and the tool names its events take from earlier chunks, and the row of the chunk they are of. */
    record Chunk(String runId, long firstSeq, int eventCount, TrigramFilter filter, BorrowedToolNames borrowed) {

        static Chunk of(ChunkDirectory.Entry entry, TrigramFilter filter, BorrowedToolNames borrowed) {
            return new Chunk(entry.runId(), entry.firstSeq(), entry.eventCount(), filter, borrowed);
        }
    }

    private record Key(String runId, long firstSeq) {
    }

    private final List<Chunk> chunks;
    private final Map<Key, Chunk> byKey;

    /** @throws IllegalArgumentException when two chunks have the same run and first seq */
    ChunkTrigrams(List<Chunk> chunks) {
        this.chunks = List.copyOf(chunks);
        this.byKey = HashMap.newHashMap(chunks.size());
        for (Chunk chunk : chunks) {
            if (byKey.put(new Key(chunk.runId(), chunk.firstSeq()), chunk) != null) {
                throw new IllegalArgumentException("two chunks of run '" + chunk.runId() + "' from seq " + chunk.firstSeq());
            }
        }
    }

    List<Chunk> chunks() {
        return chunks;
    }

    /** The filter of the chunk row (run, first seq, event count), or null when none is of that row. */
    Chunk of(String runId, long firstSeq, int eventCount) {
        Chunk chunk = byKey.get(new Key(runId, firstSeq));
        return chunk != null && chunk.eventCount() == eventCount ? chunk : null;
    }

    /**
     * The tool names ({@link SearchToolNames}) of the events of {@code columns}, the chunks of {@code directory}
     * (some of the trace's, each of which has a filter here), as the whole trace gives them: each chunk's names read
     * alone, with those it borrows from earlier chunks put in.
     */
    String[] toolNames(EventColumns columns, ChunkDirectory directory) {
        String[] names = new String[columns.size()];
        for (int c = 0; c < directory.chunkCount(); c++) {
            ChunkDirectory.Entry entry = directory.chunk(c);
            Chunk chunk = of(entry.runId(), entry.firstSeq(), entry.eventCount());
            if (chunk == null) {
                throw new IllegalArgumentException(entry.describe() + " has no trigram filter");
            }
            String[] alone = SearchToolNames.ofRange(columns, entry.firstIndex(), entry.firstIndex() + entry.eventCount());
            System.arraycopy(alone, 0, names, entry.firstIndex(), alone.length);
            chunk.borrowed().applyTo(names, entry.firstIndex());
        }
        return names;
    }

    /** The filters as stored. */
    byte[] encode() {
        List<byte[]> runIds = chunks.stream().map(chunk -> chunk.runId().getBytes(StandardCharsets.UTF_8)).toList();
        int size = Integer.BYTES + 1 + Integer.BYTES;
        for (int c = 0; c < chunks.size(); c++) {
            size += Integer.BYTES + runIds.get(c).length + Long.BYTES + Integer.BYTES + 1 + chunks.get(c).filter().words().length * Long.BYTES
                    + Integer.BYTES;
            BorrowedToolNames borrowed = chunks.get(c).borrowed();
            for (int k = 0; k < borrowed.size(); k++) {
                size += 2 * Integer.BYTES + (borrowed.name(k) == null ? 0 : borrowed.name(k).getBytes(StandardCharsets.UTF_8).length);
            }
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC).put(VERSION).putInt(chunks.size());
        for (int c = 0; c < chunks.size(); c++) {
            Chunk chunk = chunks.get(c);
            out.putInt(runIds.get(c).length).put(runIds.get(c)).putLong(chunk.firstSeq()).putInt(chunk.eventCount())
                    .put((byte) chunk.filter().bitsLog2());
            for (long word : chunk.filter().words()) {
                out.putLong(word);
            }
            BorrowedToolNames borrowed = chunk.borrowed();
            out.putInt(borrowed.size());
            for (int k = 0; k < borrowed.size(); k++) {
                out.putInt(borrowed.offset(k));
                byte[] name = borrowed.name(k) == null ? null : borrowed.name(k).getBytes(StandardCharsets.UTF_8);
                out.putInt(name == null ? -1 : name.length);
                if (name != null) {
                    out.put(name);
                }
            }
        }
        return out.array();
    }

    /**
     * Reads stored filters.
     *
     * @throws IllegalArgumentException when the bytes are not filters this version wrote (a damaged or altered index)
     */
    static ChunkTrigrams decode(byte[] stored) {
        ByteBuffer in = ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN);
        try {
            if (in.getInt() != MAGIC || in.get() != VERSION) {
                throw new IllegalArgumentException("not trigram filters of this version");
            }
            int count = in.getInt();
            // each chunk takes at least 21 bytes and the smallest table
            if (count < 0 || count > in.remaining() / (3 * Integer.BYTES + Long.BYTES + 1 + (1 << TrigramFilter.MIN_BITS_LOG2) / Byte.SIZE)) {
                throw new IllegalArgumentException("a count of " + count + " chunks in " + stored.length + " bytes");
            }
            List<Chunk> chunks = new ArrayList<>(count);
            for (int c = 0; c < count; c++) {
                int runIdLength = in.getInt();
                if (runIdLength < 0 || runIdLength > MAX_RUN_ID_BYTES || runIdLength > in.remaining()) {
                    throw new IllegalArgumentException("chunk " + (c + 1) + " has a run id of " + runIdLength + " bytes");
                }
                byte[] runId = new byte[runIdLength];
                in.get(runId);
                long firstSeq = in.getLong();
                int eventCount = in.getInt();
                int bitsLog2 = in.get();
                if (eventCount <= 0) {
                    throw new IllegalArgumentException("chunk " + (c + 1) + " covers " + eventCount + " events");
                }
                if (bitsLog2 < TrigramFilter.MIN_BITS_LOG2 || bitsLog2 > TrigramFilter.BUILT_BITS_LOG2) {
                    throw new IllegalArgumentException("chunk " + (c + 1) + " has a table of 2^" + bitsLog2 + " bits");
                }
                long[] words = new long[(1 << bitsLog2) / Long.SIZE];
                in.asLongBuffer().get(words);
                in.position(in.position() + words.length * Long.BYTES);
                chunks.add(new Chunk(new String(runId, StandardCharsets.UTF_8), firstSeq, eventCount, new TrigramFilter(bitsLog2, words),
                        borrowed(in, c + 1, eventCount)));
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " bytes after the last chunk");
            }
            return new ChunkTrigrams(chunks);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("the filters end early (" + stored.length + " bytes)", e);
        }
    }

    private static BorrowedToolNames borrowed(ByteBuffer in, int chunk, int eventCount) {
        int count = in.getInt();
        if (count < 0 || count > eventCount) {
            throw new IllegalArgumentException("chunk " + chunk + " borrows " + count + " tool names for " + eventCount + " events");
        }
        if (count == 0) {
            return BorrowedToolNames.NONE;
        }
        int[] offsets = new int[count];
        String[] names = new String[count];
        for (int k = 0; k < count; k++) {
            offsets[k] = in.getInt();
            if (offsets[k] < 0 || offsets[k] >= eventCount || k > 0 && offsets[k] <= offsets[k - 1]) {
                throw new IllegalArgumentException("chunk " + chunk + " borrows a tool name for its event " + offsets[k]);
            }
            int length = in.getInt();
            if (length < -1 || length > MAX_TOOL_NAME_BYTES || length > in.remaining()) {
                throw new IllegalArgumentException("chunk " + chunk + " borrows a tool name of " + length + " bytes");
            }
            if (length >= 0) {
                byte[] name = new byte[length];
                in.get(name);
                names[k] = new String(name, StandardCharsets.UTF_8);
            }
        }
        return new BorrowedToolNames(offsets, names);
    }
}
