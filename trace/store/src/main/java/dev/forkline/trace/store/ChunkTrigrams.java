package dev.forkline.trace.store;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stored trace's {@link TrigramFilter}s, one per chunk, each with the key of the chunk row it was built from (run,
 * first seq, event count). Kept in the search index with the trace's terms ({@link SearchIndexRows}), which holds them
 * only while the trace has the event count and content digest they were built from: the same events, so a chunk row
 * of the same run, first seq and count holds the same events, whose search texts the filter covers. A chunk of another
 * key (the trace was stored in other chunks since) has no filter and is read.
 */
final class ChunkTrigrams {

    private static final int MAGIC = 0x464c5447; // "FLTG"
    private static final byte VERSION = 1;
    private static final int MAX_RUN_ID_BYTES = 4 * 512;

    /** One chunk's filter, and the row of the chunk it was built from. */
    record Chunk(String runId, long firstSeq, int eventCount, TrigramFilter filter) {

        static Chunk of(ChunkDirectory.Entry entry, TrigramFilter filter) {
            return new Chunk(entry.runId(), entry.firstSeq(), entry.eventCount(), filter);
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

    /** Whether no event of the chunk row (run, first seq, event count) can hold the query: false where no filter is of that row. */
    boolean rulesOut(String runId, long firstSeq, int eventCount, TrigramFilter.Query query) {
        Chunk chunk = byKey.get(new Key(runId, firstSeq));
        return chunk != null && chunk.eventCount() == eventCount && query.narrows() && !chunk.filter().mayHold(query);
    }

    /** The filters as stored. */
    byte[] encode() {
        List<byte[]> runIds = chunks.stream().map(chunk -> chunk.runId().getBytes(StandardCharsets.UTF_8)).toList();
        int size = Integer.BYTES + 1 + Integer.BYTES;
        for (int c = 0; c < chunks.size(); c++) {
            size += Integer.BYTES + runIds.get(c).length + Long.BYTES + Integer.BYTES + 1 + chunks.get(c).filter().words().length * Long.BYTES;
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
            // each chunk takes at least 17 bytes and the smallest table
            if (count < 0 || count > in.remaining() / (Integer.BYTES + Long.BYTES + Integer.BYTES + 1 + (1 << TrigramFilter.MIN_BITS_LOG2) / Byte.SIZE)) {
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
                chunks.add(new Chunk(new String(runId, StandardCharsets.UTF_8), firstSeq, eventCount, new TrigramFilter(bitsLog2, words)));
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " bytes after the last chunk");
            }
            return new ChunkTrigrams(chunks);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("the filters end early (" + stored.length + " bytes)", e);
        }
    }
}
