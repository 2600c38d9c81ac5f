package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.columns.EventColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The chunks an import or append writes, prepared ahead: a run's events are cut into segments of up to
 * {@value #MAX_EVENTS}, and each segment becomes one or more chunks of at most about {@value #MAX_LINE_BYTES} bytes of
 * lines (a longer line gets a chunk of its own). Segments are prepared (their lines read and joined, checksummed, their
 * header encoded) on the common fork-join pool while the writer thread inserts earlier chunks; when the writer would
 * have to wait, it prepares the next segment itself. Chunks
 * are handed out strictly in order; a failure while preparing surfaces when its chunk's turn comes.
 */
final class PreparedChunks implements ChunkSource {

    static final int MAX_EVENTS = 1024;
    static final int MAX_LINE_BYTES = 1 << 20;

    private record Segment(String runId, int[] events) {
    }

    private final IncomingEvents incoming;
    private final Iterator<Segment> segments;
    private final OrderedPoolWork<List<ChunkEncoder.Chunk>> ahead = new OrderedPoolWork<>();
    private Iterator<ChunkEncoder.Chunk> current = List.<ChunkEncoder.Chunk>of().iterator();

    PreparedChunks(IncomingEvents incoming, List<StorageOrder.Run> runs) {
        this.incoming = incoming;
        List<Segment> all = new ArrayList<>();
        for (StorageOrder.Run run : runs) {
            int[] events = run.events();
            for (int from = 0; from < events.length; from += MAX_EVENTS) {
                all.add(new Segment(run.runId(), Arrays.copyOfRange(events, from, Math.min(events.length, from + MAX_EVENTS))));
            }
        }
        this.segments = all.iterator();
    }

    @Override
    public ChunkEncoder.Chunk next() throws IOException, StoreException {
        while (!current.hasNext()) {
            while (!ahead.isFull() && segments.hasNext()) {
                Segment segment = segments.next();
                ahead.submit(() -> prepare(segment));
            }
            if (ahead.isEmpty()) {
                return null;
            }
            current = ahead.takeNext().iterator();
        }
        return current.next();
    }

    private List<ChunkEncoder.Chunk> prepare(Segment segment) {
        int[] events = segment.events();
        byte[][] lines;
        try {
            lines = incoming.lines(events);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ofSegment(segment.runId(), incoming.columns(), events, lines, incoming::identityHash);
    }

    /** Where the hash an event is stored under comes from (see {@link IncomingEvents#identityHash(int, byte[], int)}). */
    @FunctionalInterface
    interface IdentityHashes {
        void copy(int event, byte[] target, int offset);
    }

    /**
     * One segment of a run (events in seq order, {@code lines[k]} for {@code events[k]}) as chunks of at most about
     * {@value #MAX_LINE_BYTES} bytes of lines; a longer line gets a chunk of its own.
     */
    static List<ChunkEncoder.Chunk> ofSegment(String runId, EventColumns columns, int[] events, byte[][] lines,
                                              IdentityHashes hashes) {
        List<ChunkEncoder.Chunk> chunks = new ArrayList<>(1);
        int start = 0;
        long bytes = 0;
        for (int k = 0; k < events.length; k++) {
            if (k > start && bytes + lines[k].length + 1 > MAX_LINE_BYTES) {
                chunks.add(chunk(runId, columns, events, lines, start, k, hashes));
                start = k;
                bytes = 0;
            }
            bytes += lines[k].length + 1;
        }
        chunks.add(chunk(runId, columns, events, lines, start, events.length, hashes));
        return chunks;
    }

    private static ChunkEncoder.Chunk chunk(String runId, EventColumns columns, int[] segmentEvents, byte[][] segmentLines,
                                            int from, int to, IdentityHashes hashes) {
        int[] events = Arrays.copyOfRange(segmentEvents, from, to);
        byte[] identityHashes = new byte[events.length * HashBytes.LENGTH];
        for (int k = 0; k < events.length; k++) {
            hashes.copy(events[k], identityHashes, k * HashBytes.LENGTH);
        }
        return ChunkEncoder.encode(runId, columns, events, Arrays.copyOfRange(segmentLines, from, to), identityHashes);
    }

    @Override
    public EventColumns columns() {
        return incoming.columns();
    }

    @Override
    public Event event(int index) {
        return incoming.event(index);
    }

    @Override
    public void close() {
        ahead.close();
    }
}
