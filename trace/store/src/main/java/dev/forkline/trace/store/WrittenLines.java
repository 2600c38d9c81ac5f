package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The lines of the events a {@link StreamedImport} has written, read back from its chunks, so that the importer keeps
 * no copy of its own (see {@link dev.forkline.trace.bundle.EventBatchSink#keepsLines}). The writer thread records each
 * chunk as it inserts it; once the last is in, the lines are read in the import's open transaction, through the
 * writer's connection while the writer waits for the whole bundle ({@link #serve}); once the writer takes its
 * connection back ({@link #writerResumes}) only the writer thread reads, the others wait for the transaction's end;
 * after a commit they are read from the store as committed, and after a rollback they are gone.
 *
 * <p>Reads are one at a time (they share one connection); the lines of a few chunks are kept, as a sweep reads neighbours.
 */
final class WrittenLines {

    private static final int CACHED_CHUNKS = 8;

    private enum State { WRITING, SERVING, WRITER_RESUMED, COMMITTED, ROLLED_BACK }

    private final String traceId;
    private final InterruptSafePool pool;
    private final Map<String, RunChunks> runs = new HashMap<>();
    private final Map<Integer, byte[][]> decoded = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, byte[][]> eldest) {
            return size() > CACHED_CHUNKS;
        }
    };
    private ChunkRef[] chunks = new ChunkRef[256];
    private int chunkCount;
    private int events;
    private State state = State.WRITING;
    private Connection connection;
    private Thread writer;

    /** @param pool where the lines are read from once the import committed */
    WrittenLines(String traceId, InterruptSafePool pool) {
        this.traceId = traceId;
        this.pool = pool;
    }

    /** A chunk as handed to the writer to insert; writer thread only. */
    void add(ChunkEncoder.Chunk chunk) {
        int count = chunk.events().length;
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
        }
        chunks[chunkCount] = new ChunkRef(chunk.runId(), chunk.firstSeq(), chunk.lastSeq(), chunk.lines().length, count);
        runs.computeIfAbsent(chunk.runId(), run -> new RunChunks()).add(chunk.firstSeq(), chunkCount);
        chunkCount++;
        events += count;
    }

    /** How many events the chunks added hold. */
    int size() {
        return events;
    }

    /** Every chunk is inserted: the lines are read through {@code writerConnection} from now on, while the writer waits. */
    synchronized void serve(Connection writerConnection) {
        connection = writerConnection;
        writer = Thread.currentThread();
        state = State.SERVING;
    }

    /** The writer uses its connection again (once a read in progress is done): until the transaction ends only it reads. */
    synchronized void writerResumes() {
        if (state == State.SERVING) {
            state = State.WRITER_RESUMED;
        }
    }

    /** The transaction ended: the lines are read from the store if it committed, and are gone if not. */
    synchronized void ended(boolean committed) {
        state = committed ? State.COMMITTED : State.ROLLED_BACK;
        connection = null;
        synchronized (decoded) {
            decoded.clear();
        }
        notifyAll();
    }

    /** The lines of the events of {@code columns} (those written, in the order they arrived), named as {@code file}. */
    EventLines of(EventColumns columns, String file) {
        return new EventLines() {
            @Override
            public int size() {
                return columns.size();
            }

            @Override
            public byte[] line(int i) throws IOException {
                long at = locate(i);
                return text(chunkOf(at))[positionOf(at)].clone();
            }

            /** Neighbours in one chunk (a sweep's range) take the chunk once. */
            @Override
            public byte[][] lines(int[] indexes) throws IOException {
                byte[][] lines = new byte[indexes.length][];
                int chunk = -1;
                byte[][] text = null;
                for (int k = 0; k < indexes.length; k++) {
                    long at = locate(indexes[k]);
                    if (chunkOf(at) != chunk) {
                        chunk = chunkOf(at);
                        text = text(chunk);
                    }
                    lines[k] = text[positionOf(at)].clone();
                }
                return lines;
            }

            /** Event {@code i}'s chunk (high half) and its index within the chunk (low half). */
            private long locate(int i) throws IOException {
                String run = columns.run(i);
                long seq = columns.seq(i);
                RunChunks inRun = runs.get(run);
                int chunk = inRun == null ? -1 : inRun.chunkOf(seq);
                int position = chunk < 0 ? -1 : chunks[chunk].position(seq);
                if (position < 0) {
                    throw new IOException(file + ": event " + (i + 1) + " (run '" + run + "' seq " + seq + ") was not written by the import");
                }
                return (long) chunk << 32 | position;
            }

            @Override
            public String file() {
                return file;
            }

            @Override
            public long lineNumber(int i) {
                return i + 1L;
            }
        };
    }

    private static int chunkOf(long located) {
        return (int) (located >>> 32);
    }

    private static int positionOf(long located) {
        return (int) located;
    }

    /** A chunk's lines, from the few kept or read now. */
    private byte[][] text(int chunk) throws IOException {
        synchronized (decoded) {
            byte[][] kept = decoded.get(chunk);
            if (kept != null) {
                return kept;
            }
        }
        synchronized (this) {
            byte[][] lines;
            synchronized (decoded) {
                lines = decoded.get(chunk);
            }
            if (lines == null) {
                lines = fetch(chunks[chunk]);
                synchronized (decoded) {
                    decoded.put(chunk, lines);
                }
            }
            return lines;
        }
    }

    /**
     * A chunk's lines, checked against what was written: called holding this object's lock, so that no two reads share
     * the writer's connection and the writer waits for one in progress.
     */
    private byte[][] fetch(ChunkRef chunk) throws IOException {
        try {
            while (state == State.WRITER_RESUMED && Thread.currentThread() != writer) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the import of trace '" + traceId + "' to end");
        }
        try {
            Optional<ChunkTable.SplitLines> read = switch (state) {
                case WRITING -> throw new IllegalStateException("the import of trace '" + traceId + "' is still writing its events");
                case SERVING, WRITER_RESUMED ->
                        ChunkTable.splitLines(connection, traceId, chunk.runId(), chunk.firstSeq(), chunk.events(), chunk.length());
                case COMMITTED -> {
                    try (Connection committed = pool.getConnection()) {
                        yield ChunkTable.splitLines(committed, traceId, chunk.runId(), chunk.firstSeq(), chunk.events(), chunk.length());
                    }
                }
                case ROLLED_BACK -> throw new IOException("the import of trace '" + traceId + "' ended without storing it: its events are gone");
            };
            if (read.isEmpty() || read.get().lines().length != chunk.events() || read.get().bytes() != chunk.length()) {
                throw new IOException("the events of trace '" + traceId + "' from run '" + chunk.runId() + "' seq " + chunk.firstSeq()
                        + " are not in the store as the import wrote them (" + read.map(r -> r.lines().length + " lines in " + r.bytes()
                        + " bytes").orElse("missing") + " where " + chunk.events() + " lines in " + chunk.length() + " bytes were written)");
            }
            return read.get().lines();
        } catch (SQLException e) {
            throw new IOException("cannot read back the events of trace '" + traceId + "' from the store: " + e.getMessage(), e);
        }
    }

    /** A chunk as inserted: where it is stored, its size and its events. */
    private record ChunkRef(String runId, long firstSeq, long lastSeq, int length, int events) {

        /**
         * The index within the chunk of the event of {@code seq}, or -1. An importer numbers a run's events without gaps
         * ({@code EventChain}); a chunk whose seqs have gaps cannot be read back here.
         */
        int position(long seq) {
            if (lastSeq - firstSeq + 1 != events) {
                throw new IllegalStateException("the events of run '" + runId + "' from seq " + firstSeq + " have gaps in their"
                        + " seqs: their lines cannot be read back by the import");
            }
            long position = seq - firstSeq;
            return position >= 0 && position < events ? (int) position : -1;
        }
    }

    /** One run's chunks in the order inserted, which is seq order. */
    private static final class RunChunks {
        private long[] firstSeqs = new long[16];
        private int[] ordinals = new int[16];
        private int count;

        void add(long firstSeq, int ordinal) {
            if (count == firstSeqs.length) {
                firstSeqs = Arrays.copyOf(firstSeqs, count * 2);
                ordinals = Arrays.copyOf(ordinals, count * 2);
            }
            firstSeqs[count] = firstSeq;
            ordinals[count] = ordinal;
            count++;
        }

        /** The chunk whose seqs start at or before {@code seq}, last of them; -1 when none does. */
        int chunkOf(long seq) {
            int found = Arrays.binarySearch(firstSeqs, 0, count, seq);
            int index = found >= 0 ? found : -found - 2;
            return index >= 0 ? ordinals[index] : -1;
        }
    }
}
