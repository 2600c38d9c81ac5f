package dev.forkline.views.timeline;

import dev.forkline.views.timeline.geometry.AxisBreaks;

import java.time.Instant;
import java.util.List;

/**
 * The drawable items of one run in columnar form, built once per run and then only read. Items are sorted by start;
 * times are nanoseconds since {@link #origin()}. Besides the items, every event of the run keeps its own time and lane
 * so the cursor and search matches can be drawn for events that have no item of their own (e.g. a tool result that
 * only closes a span). Long idle gaps of the run are broken on the axis ({@link #breaks()}): the view works in axis time
 * and maps run times through {@link #toAxis(long)}.
 */
public final class TimelineModel {

    private final Instant origin;
    private final List<String> lanes;
    private final LaneKind[] laneKinds;
    private final long[] start;
    private final long[] end;
    private final int[] lane;
    private final byte[] kind;
    private final int[] eventIndex;
    /** prefixMaxEnd[i] = max(end[0..i]); non-decreasing, so the first item reaching into a window is a binary search. */
    private final long[] prefixMaxEnd;
    private final long[] eventTime;
    private final int[] eventLane;
    private final int[] itemOfEvent;
    /** Whether event times never decrease in file order (a well-formed run's): then a window's events are a binary search. */
    private final boolean eventsInTimeOrder;
    private final long duration;
    private final AxisBreaks breaks;

    TimelineModel(Instant origin, List<String> lanes, LaneKind[] laneKinds, long[] start, long[] end, int[] lane, byte[] kind,
                  int[] eventIndex, long[] eventTime, int[] eventLane) {
        this.origin = origin;
        this.lanes = List.copyOf(lanes);
        this.laneKinds = laneKinds;
        this.start = start;
        this.end = end;
        this.lane = lane;
        this.kind = kind;
        this.eventIndex = eventIndex;
        this.eventTime = eventTime;
        this.eventLane = eventLane;
        this.prefixMaxEnd = new long[start.length];
        long max = Long.MIN_VALUE;
        for (int i = 0; i < start.length; i++) {
            max = Math.max(max, end[i]);
            prefixMaxEnd[i] = max;
        }
        this.itemOfEvent = new int[eventTime.length];
        java.util.Arrays.fill(itemOfEvent, -1);
        for (int i = 0; i < eventIndex.length; i++) {
            if (itemOfEvent[eventIndex[i]] < 0) {
                itemOfEvent[eventIndex[i]] = i;
            }
        }
        long last = 0;
        boolean ordered = true;
        for (int i = 0; i < eventTime.length; i++) {
            ordered &= i == 0 || eventTime[i] >= eventTime[i - 1];
            last = Math.max(last, eventTime[i]);
        }
        this.eventsInTimeOrder = ordered;
        for (long e : end) {
            last = Math.max(last, e);
        }
        this.duration = last;
        this.breaks = AxisBreaks.of(start, prefixMaxEnd, start.length);
    }

    public static TimelineModel empty() {
        return new TimelineModel(Instant.EPOCH, List.of(), new LaneKind[0], new long[0], new long[0], new int[0], new byte[0],
                new int[0], new long[0], new int[0]);
    }

    public Instant origin() {
        return origin;
    }

    public List<String> lanes() {
        return lanes;
    }

    public int laneCount() {
        return lanes.size();
    }

    public LaneKind laneKind(int laneIndex) {
        return laneKinds[laneIndex];
    }

    public int size() {
        return start.length;
    }

    public long start(int item) {
        return start[item];
    }

    public long end(int item) {
        return end[item];
    }

    public int lane(int item) {
        return lane[item];
    }

    public MarkKind kind(int item) {
        return MarkKind.of(kind[item]);
    }

    public byte kindCode(int item) {
        return kind[item];
    }

    /** Index of the item's event in the run's event list. */
    public int eventIndex(int item) {
        return eventIndex[item];
    }

    /** The first item drawn for an event, or -1 when the event has no item of its own. */
    public int itemOfEvent(int event) {
        return itemOfEvent[event];
    }

    public int eventCount() {
        return eventTime.length;
    }

    public long eventTime(int event) {
        return eventTime[event];
    }

    public int eventLane(int event) {
        return eventLane[event];
    }

    /** Nanoseconds from the first event to the last event or span end. */
    public long duration() {
        return duration;
    }

    /** The long idle gaps drawn compressed. */
    public AxisBreaks breaks() {
        return breaks;
    }

    /** The axis time of a run time (the same unless a gap before it is broken). */
    public long toAxis(long time) {
        return breaks.toAxis(time);
    }

    /** The length of the axis: the duration with its broken gaps compressed. */
    public long axisLength() {
        return breaks.axisLength(duration);
    }

    /**
     * The first item that may reach into a window starting at {@code windowStart}: every item before it ends before the
     * window. O(log n).
     */
    public int firstVisible(long windowStart) {
        return firstAtLeast(prefixMaxEnd, windowStart);
    }

    /** One past the last item starting at or before {@code windowEnd}. O(log n). */
    public int endVisible(long windowEnd) {
        return firstAbove(start, windowEnd);
    }

    /** Whether event times never decrease in file order, as in a well-formed run. */
    public boolean eventsInTimeOrder() {
        return eventsInTimeOrder;
    }

    /**
     * The first event (in file order) that may have a time at or after {@code windowStart}: every event before it is
     * earlier. O(log n) when events are in time order, as a well-formed run's are; 0 when they are not.
     */
    public int firstEventFrom(long windowStart) {
        return eventsInTimeOrder ? firstAtLeast(eventTime, windowStart) : 0;
    }

    /**
     * One past the last event (in file order) that may have a time at or before {@code windowEnd}: every event from it on
     * is later. O(log n) when events are in time order; {@link #eventCount()} when they are not.
     */
    public int endEventTo(long windowEnd) {
        return eventsInTimeOrder ? firstAbove(eventTime, windowEnd) : eventTime.length;
    }

    /** The first index of the non-decreasing {@code values} holding {@code key} or more ({@code values.length} if none). */
    private static int firstAtLeast(long[] values, long key) {
        int lo = 0;
        int hi = values.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The first index of the non-decreasing {@code values} holding more than {@code key}. */
    private static int firstAbove(long[] values, long key) {
        return key == Long.MAX_VALUE ? values.length : firstAtLeast(values, key + 1);
    }
}
