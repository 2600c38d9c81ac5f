package dev.forkline.views.timeline.geometry;

import java.util.Arrays;

/**
 * A broken time axis: long idle gaps of a run are drawn compressed, each to the same short stretch, so a decision
 * signed a day after its incident does not squeeze the incident into one pixel (as Perfetto and Chrome's performance
 * panel draw long idle gaps). Maps run time (nanoseconds since the run's origin) to axis time and back; between the
 * gaps the two advance alike. Immutable; the mapping does a binary search over the few gaps and allocates nothing.
 */
public final class AxisBreaks {

    /** A gap shorter than this is never broken: it is the run's own pacing. */
    public static final long MIN_GAP_NANOS = 60_000_000_000L;
    /** A gap is broken when it takes at least this share of the axis that is left once the longer gaps are broken. */
    public static final double GAP_SHARE = 0.25;
    /** A broken gap is drawn as this share of the run's activity (the axis without its broken gaps). */
    public static final double SHOWN_SHARE = 0.04;

    private static final AxisBreaks NONE = new AxisBreaks(new long[0], new long[0], 0);

    private final long[] gapStart;
    private final long[] gapEnd;
    /** axisStart[i]: the axis time of gapStart[i]. */
    private final long[] axisStart;
    private final long shown;

    private AxisBreaks(long[] gapStart, long[] gapEnd, long shown) {
        this.gapStart = gapStart;
        this.gapEnd = gapEnd;
        this.shown = shown;
        this.axisStart = new long[gapStart.length];
        long removed = 0;
        for (int i = 0; i < gapStart.length; i++) {
            axisStart[i] = gapStart[i] - removed;
            removed += gapEnd[i] - gapStart[i] - shown;
        }
    }

    /** No gap broken: axis time is run time. */
    public static AxisBreaks none() {
        return NONE;
    }

    /**
     * The gaps to break in a run whose activity is given as intervals sorted by start.
     *
     * @param starts    each interval's start, non-decreasing
     * @param maxEnds   for each interval, the latest end of it and every interval before it (non-decreasing)
     * @param size      how many intervals
     */
    public static AxisBreaks of(long[] starts, long[] maxEnds, int size) {
        if (size < 2) {
            return NONE;
        }
        long duration = maxEnds[size - 1] - Math.min(0, starts[0]);
        // candidate gaps: idle stretches of at least MIN_GAP_NANOS, longest first
        int candidates = 0;
        long[] from = new long[4];
        long[] to = new long[4];
        for (int i = 1; i < size; i++) {
            long gap = starts[i] - maxEnds[i - 1];
            if (gap >= MIN_GAP_NANOS) {
                if (candidates == from.length) {
                    from = Arrays.copyOf(from, candidates * 2);
                    to = Arrays.copyOf(to, candidates * 2);
                }
                from[candidates] = maxEnds[i - 1];
                to[candidates] = starts[i];
                candidates++;
            }
        }
        if (candidates == 0) {
            return NONE;
        }
        Integer[] byLength = new Integer[candidates];
        for (int k = 0; k < candidates; k++) {
            byLength[k] = k;
        }
        long[] gapFrom = from;
        long[] gapTo = to;
        Arrays.sort(byLength, (a, b) -> Long.compare(gapTo[b] - gapFrom[b], gapTo[a] - gapFrom[a]));
        boolean[] broken = new boolean[candidates];
        long remaining = duration;
        int count = 0;
        for (int k : byLength) {
            long gap = gapTo[k] - gapFrom[k];
            if (gap < GAP_SHARE * remaining) {
                break; // the rest are shorter still
            }
            broken[k] = true;
            remaining -= gap;
            count++;
        }
        if (count == 0) {
            return NONE;
        }
        long[] starts2 = new long[count];
        long[] ends2 = new long[count];
        int n = 0;
        for (int k = 0; k < candidates; k++) {
            if (broken[k]) {
                starts2[n] = gapFrom[k];
                ends2[n] = gapTo[k];
                n++;
            }
        }
        long shown = Math.max(1_000L, (long) (remaining * SHOWN_SHARE));
        return new AxisBreaks(starts2, ends2, shown);
    }

    /** How many gaps are broken. */
    public int count() {
        return gapStart.length;
    }

    /** Run time where gap {@code i} starts (the end of the activity before it). */
    public long gapStart(int i) {
        return gapStart[i];
    }

    /** Run time where gap {@code i} ends (the start of the activity after it). */
    public long gapEnd(int i) {
        return gapEnd[i];
    }

    /** Axis time where gap {@code i} starts; it ends {@link #shownNanos()} later on the axis. */
    public long axisGapStart(int i) {
        return axisStart[i];
    }

    /** How much axis time each broken gap takes. */
    public long shownNanos() {
        return shown;
    }

    /** The axis time of a run time; inside a gap the gap's stretch is scaled down linearly. */
    public long toAxis(long time) {
        if (gapStart.length == 0) {
            return time;
        }
        int i = lastGapStartingAtOrBefore(gapStart, time);
        if (i < 0) {
            return time;
        }
        if (time >= gapEnd[i]) {
            return axisStart[i] + shown + (time - gapEnd[i]);
        }
        double within = (time - gapStart[i]) / (double) (gapEnd[i] - gapStart[i]);
        return axisStart[i] + (long) (within * shown);
    }

    /** The run time of an axis time (the inverse of {@link #toAxis}). */
    public long toTime(long axis) {
        if (gapStart.length == 0) {
            return axis;
        }
        int i = lastGapStartingAtOrBefore(axisStart, axis);
        if (i < 0) {
            return axis;
        }
        long into = axis - axisStart[i];
        if (into >= shown) {
            return gapEnd[i] + (into - shown);
        }
        return gapStart[i] + (long) (into / (double) shown * (gapEnd[i] - gapStart[i]));
    }

    /** The axis length of a run of the given duration (its end's axis time). */
    public long axisLength(long runDuration) {
        return toAxis(runDuration);
    }

    private static int lastGapStartingAtOrBefore(long[] starts, long value) {
        int lo = 0;
        int hi = starts.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (starts[mid] <= value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }
}
