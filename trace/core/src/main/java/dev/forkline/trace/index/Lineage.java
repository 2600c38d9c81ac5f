package dev.forkline.trace.index;

import dev.forkline.trace.Event;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.RandomAccess;

/**
 * The events that make up what a run saw, in order: for a forked run, its parent's lineage up to and including the
 * fork point (the checkpoint it was forked from), then its own events; for a root run, just its own events.
 * A view over the index's arrays: building it copies nothing, and every access is O(log runs).
 */
public final class Lineage extends AbstractList<Event> implements RandomAccess {

    /** A run's first {@code count} events (in seq order) placed at lineage positions {@code offset ..}. */
    record Segment(String run, int[] indexes, int count, int offset) {
    }

    private final TraceIndex index;
    private final String run;
    private final List<Segment> segments;
    private final int size;

    Lineage(TraceIndex index, String run, List<Segment> segments) {
        this.index = index;
        this.run = run;
        this.segments = List.copyOf(segments);
        Segment last = segments.isEmpty() ? null : segments.getLast();
        this.size = last == null ? 0 : last.offset() + last.count();
    }

    /** The run whose lineage this is. */
    public String run() {
        return run;
    }

    /** The runs this lineage passes through, oldest ancestor first, ending with {@link #run()}. */
    public List<String> runs() {
        List<String> runs = new ArrayList<>(segments.size());
        segments.forEach(segment -> runs.add(segment.run()));
        return Collections.unmodifiableList(runs);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Event get(int position) {
        return index.get(indexAt(position));
    }

    /** The index (in the trace's file order) of the event at a lineage position. */
    public int indexAt(int position) {
        if (position < 0 || position >= size) {
            throw new IndexOutOfBoundsException("position " + position + " outside lineage of size " + size);
        }
        Segment segment = segmentAt(position);
        return segment.indexes()[position - segment.offset()];
    }

    /** The lineage position of an event given by its file-order index, or -1 when it is not part of this lineage. */
    public int positionOfIndex(int eventIndex) {
        if (eventIndex < 0 || eventIndex >= index.size()) {
            return -1;
        }
        String eventRun = index.columns().run(eventIndex);
        int inRun = index.positionInRun(eventIndex);
        for (Segment segment : segments) {
            if (segment.run().equals(eventRun)) {
                return inRun < segment.count() ? segment.offset() + inRun : -1;
            }
        }
        return -1;
    }

    /** The lineage position of the event with this id, or -1 when it is not part of this lineage. */
    public int positionOf(String eventId) {
        return positionOfIndex(index.indexOf(eventId));
    }

    /** The lineage position of the first event of the run itself (after the inherited part). */
    public int ownStart() {
        return segments.isEmpty() ? 0 : segments.getLast().offset();
    }

    private Segment segmentAt(int position) {
        int low = 0;
        int high = segments.size() - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (segments.get(mid).offset() <= position) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return segments.get(low);
    }

    List<Segment> segments() {
        return segments;
    }
}
