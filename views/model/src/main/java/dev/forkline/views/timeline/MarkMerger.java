package dev.forkline.views.timeline;

/**
 * Computes the marks of a frame: binary-searches the items inside the visible window, maps them to pixels, and per lane
 * merges items narrower than {@code minWidthPx} that sit within {@code minWidthPx} of each other into one aggregate, which
 * never grows wider than {@code maxAggregatePx} (so a dense lane becomes a row of small marks that still shows where the
 * activity and the failures are, not one bar). Items wide enough to be told apart are drawn as themselves. The window
 * is in axis time (see {@link TimelineModel#toAxis}); items are mapped through the model's broken axis. Pure arithmetic,
 * no allocation, no FX.
 */
public final class MarkMerger {

    /** The widest an aggregate gets, in pixels. */
    public static final double DEFAULT_MAX_AGGREGATE_PX = 8.0;

    private MarkMerger() {
    }

    public static void merge(TimelineModel model, long windowStart, long windowEnd, double widthPx, double minWidthPx, MarkBuffer out) {
        merge(model, windowStart, windowEnd, widthPx, minWidthPx, DEFAULT_MAX_AGGREGATE_PX, out);
    }

    /**
     * @param windowStart  first visible time (nanos since the model origin)
     * @param windowEnd    last visible time
     * @param widthPx      pixels the window maps to (the x of windowEnd, x of windowStart is 0)
     * @param minWidthPx   items narrower than this merge with their narrow neighbours (~2 px)
     * @param maxAggregatePx an aggregate stops growing at this width; the next item starts a new one
     */
    public static void merge(TimelineModel model, long windowStart, long windowEnd, double widthPx, double minWidthPx,
                             double maxAggregatePx, MarkBuffer out) {
        merge(model, windowStart, windowEnd, widthPx, minWidthPx, maxAggregatePx, null, out);
    }

    /**
     * As {@link #merge(TimelineModel, long, long, double, double, double, MarkBuffer)}, leaving out the items of events
     * not in {@code shownEvents} (null: every event is shown), for a filter that hides what it does not match.
     */
    public static void merge(TimelineModel model, long windowStart, long windowEnd, double widthPx, double minWidthPx,
                             double maxAggregatePx, java.util.BitSet shownEvents, MarkBuffer out) {
        out.reset(model.size(), model.laneCount());
        if (model.size() == 0 || windowEnd <= windowStart || widthPx <= 0) {
            return;
        }
        double pxPerNano = widthPx / (double) (windowEnd - windowStart);
        long timeStart = model.breaks().toTime(windowStart);
        long timeEnd = model.breaks().toTime(windowEnd);
        int from = model.firstVisible(timeStart);
        int to = model.endVisible(timeEnd);
        for (int item = from; item < to; item++) {
            long end = model.end(item);
            if (end < timeStart) {
                continue; // an earlier long span lifted the prefix maximum; this one ends before the window
            }
            if (shownEvents != null && !shownEvents.get(model.eventIndex(item))) {
                continue;
            }
            int lane = model.lane(item);
            double x0 = (model.toAxis(model.start(item)) - windowStart) * pxPerNano;
            double x1 = (model.toAxis(end) - windowStart) * pxPerNano;
            byte kind = model.kindCode(item);
            if (x1 - x0 >= minWidthPx) {
                out.closeAggregate(lane);
                out.add(lane, x0, x1, kind, 1, item);
            } else if (out.isOpen(lane) && x0 - out.openEnd(lane) < minWidthPx && x1 - out.openStart(lane) <= maxAggregatePx) {
                out.extendAggregate(lane, x1, kind);
            } else {
                out.closeAggregate(lane);
                out.openAggregate(lane, x0, x1, kind, item);
            }
        }
        for (int lane = 0; lane < model.laneCount(); lane++) {
            out.closeAggregate(lane);
        }
    }
}
