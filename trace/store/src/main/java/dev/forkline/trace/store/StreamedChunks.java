package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Chunks made from events while they are still being read ({@link StreamedImport}): each run's events are collected
 * as they arrive into segments of up to {@value PreparedChunks#MAX_EVENTS}, and a full segment is encoded on the
 * common pool while the writer inserts earlier chunks; at the end of the input every run's last segment follows, runs
 * in the order they first appeared. Chunks of different runs are inserted in the order their segments fill, which the
 * store does not mind (a run's chunks are keyed and read by seq). Past {@link #HELD_BYTES} of lines collected in all
 * runs together, every run's collected events are cut into a segment as they are: a trace of thousands of short runs
 * (an Inspect eval log's samples) fills no segment, and its runs held every line to the end of the input.
 *
 * <p>Needs each run's events in seq order as they arrive, as a well-formed bundle has them; an event that is not
 * stops the stream with {@link StreamedImport.FallBack} (the import is then done again from the whole bundle, which
 * sorts or reports the repeated seq).
 */
final class StreamedChunks implements ChunkSource {

    /** Where the events come from. */
    interface Feed {
        /** The next batch, waiting for it; null at the end of the input. */
        EventBatch next() throws IOException, StoreException;

        /** Whether {@link #next()} would return without waiting. */
        boolean hasReady();
    }

    /** Lines held by the runs' collected events, all runs together, before each run's are cut into a segment. */
    static final long HELD_BYTES = 16L << 20;

    private final Feed feed;
    private final String file;
    private final Consumer<String> runAppeared;
    private final Consumer<ChunkEncoder.Chunk> handedOut;
    private final Map<String, Collecting> runs = new LinkedHashMap<>();
    private long held;
    private final OrderedPoolWork<Segment> ahead = new OrderedPoolWork<>();
    private Segment current;
    private Iterator<ChunkEncoder.Chunk> chunks = List.<ChunkEncoder.Chunk>of().iterator();
    private boolean inputDone;

    /**
     * @param file        the events file, for messages
     * @param runAppeared told of each run when its first event arrives (before any of its events is counted)
     * @param handedOut   told of each chunk {@link #next} hands out
     */
    StreamedChunks(Feed feed, String file, Consumer<String> runAppeared, Consumer<ChunkEncoder.Chunk> handedOut) {
        this.feed = feed;
        this.file = file;
        this.runAppeared = runAppeared;
        this.handedOut = handedOut;
    }

    @Override
    public ChunkEncoder.Chunk next() throws IOException, StoreException {
        while (!chunks.hasNext()) {
            if (!ahead.isEmpty() && (inputDone || ahead.isFull() || !feed.hasReady())) {
                current = ahead.takeNext();
                chunks = current.chunks().iterator();
                continue;
            }
            if (inputDone) {
                return null;
            }
            EventBatch batch = feed.next();
            if (batch == null) {
                inputDone = true;
                for (Collecting run : runs.values()) {
                    if (run.size() > 0) {
                        submit(run.cut());
                    }
                }
            } else {
                add(batch);
            }
        }
        ChunkEncoder.Chunk chunk = chunks.next();
        handedOut.accept(chunk);
        return chunk;
    }

    private void add(EventBatch batch) throws StoreException {
        EventColumns columns = batch.columns();
        int k = 0;
        while (k < batch.size()) {
            String runId = columns.run(k);
            Collecting run = runs.get(runId);
            if (run == null) {
                run = new Collecting(runId);
                runs.put(runId, run);
                runAppeared.accept(runId);
            }
            // the events from k on of this run, in seq order, that fit in its segment: taken in one go
            int runCode = columns.runCode(k);
            int end = k;
            int limit = Math.min(batch.size(), k + PreparedChunks.MAX_EVENTS - run.size());
            while (end < limit && columns.runCode(end) == runCode) {
                long seq = columns.seq(end);
                if (seq <= run.lastSeq) {
                    throw new StreamedImport.FallBack("run '" + runId + "' has seq " + seq + " after seq " + run.lastSeq
                            + " (" + file + " line " + batch.lineNumbers()[end] + ")");
                }
                run.lastSeq = seq;
                end++;
            }
            held += run.add(batch, k, end);
            if (run.size() == PreparedChunks.MAX_EVENTS) {
                held -= run.bytes;
                submit(run.cut());
            }
            k = end;
        }
        if (held > HELD_BYTES) {
            for (Collecting run : runs.values()) {
                if (run.size() > 0) {
                    submit(run.cut());
                }
            }
            held = 0;
        }
    }

    private void submit(Segment segment) {
        ahead.submit(() -> segment.encoded(this::identityHash));
    }

    /** As {@link IncomingEvents#identityHash(int, byte[], int)}: the event's own hash, else that of its canonical line. */
    private void identityHash(Segment segment, int index, byte[] target, int offset) {
        if (!segment.columns().copyHash(index, target, offset)) {
            String canonical = Hashes.sha256(EventCodec.toLine(parse(segment, index)).getBytes(StandardCharsets.UTF_8));
            System.arraycopy(HashBytes.of(canonical), 0, target, offset, HashBytes.LENGTH);
        }
    }

    @Override
    public EventColumns columns() {
        return current.columns();
    }

    @Override
    public Event event(int index) {
        return parse(current, index);
    }

    private Event parse(Segment segment, int index) {
        try {
            return EventCodec.parseLine(segment.lines()[index], 0, segment.lines()[index].length, file, segment.lineNumbers()[index]);
        } catch (TraceFormatException e) {
            throw new LazyEventList.DamagedEventException(e); // the reader checked this line: it cannot fail here
        }
    }

    @Override
    public void close() {
        ahead.close();
    }

    /**
     * One run's events collected since its last segment was cut; room is made on the first event after a cut, as it
     * comes (a trace may have thousands of runs of a few dozen events).
     */
    private static final class Collecting {
        private static final int FIRST_ROOM = 64;

        final String runId;
        long lastSeq = Long.MIN_VALUE;
        EventColumns.Builder rows;
        List<byte[]> lines = List.of();
        long[] lineNumbers;
        /** The bytes of {@link #lines}. */
        long bytes;

        Collecting(String runId) {
            this.runId = runId;
        }

        int size() {
            return lines.size();
        }

        /** Adds the batch's events {@code from} to {@code to} (exclusive), all of this run; returns their lines' bytes. */
        long add(EventBatch batch, int from, int to) {
            if (rows == null) {
                int room = Math.min(PreparedChunks.MAX_EVENTS, Math.max(FIRST_ROOM, to - from));
                rows = new EventColumns.Builder(room);
                lines = new ArrayList<>(room);
                lineNumbers = new long[room];
            }
            rows.appendRows(batch.columns(), from, to);
            long added = 0;
            for (int k = from; k < to; k++) {
                if (lines.size() == lineNumbers.length) {
                    lineNumbers = Arrays.copyOf(lineNumbers, Math.min(PreparedChunks.MAX_EVENTS, lineNumbers.length * 2));
                }
                byte[] line = batch.line(k);
                lineNumbers[lines.size()] = batch.lineNumbers()[k];
                lines.add(line);
                added += line.length;
            }
            bytes += added;
            return added;
        }

        Segment cut() {
            Segment segment = new Segment(runId, rows.buildPart(), lines.toArray(byte[][]::new), Arrays.copyOf(lineNumbers, lines.size()), null);
            rows = null;
            lines = List.of();
            lineNumbers = null;
            bytes = 0;
            return segment;
        }
    }

    @FunctionalInterface
    private interface SegmentHashes {
        void copy(Segment segment, int index, byte[] target, int offset);
    }

    /** A run's events in seq order ({@code columns} row {@code k}, {@code lines[k]}), and once encoded its chunks. */
    private record Segment(String runId, EventColumns columns, byte[][] lines, long[] lineNumbers, List<ChunkEncoder.Chunk> chunks) {

        Segment encoded(SegmentHashes hashes) {
            int[] events = new int[lines.length];
            Arrays.setAll(events, k -> k);
            return new Segment(runId, columns, lines, lineNumbers,
                    PreparedChunks.ofSegment(runId, columns, events, lines, (index, target, offset) -> hashes.copy(this, index, target, offset)));
        }
    }
}
