package dev.forkline.views.timeline;

/**
 * Computes the marks of a frame: binary-searches the items inside the visible window, maps them to pixels, and per lane
 * merges items narrower than {@code minWidthPx} that sit within {@code minWidthPx} of each other into one aggregate.
 * Items wide enough to be told apart are drawn as themselves. Pure arithmetic, no allocation, no FX.
 */
public final class MarkMerger {

    private MarkMerger() {
    }

    /**
     * @param windowStart  first visible time (nanos since the model origin)
     * @param windowEnd    last visible time
     * @param widthPx      pixels the window maps to (the x of windowEnd, x of windowStart is 0)
     * @param minWidthPx   items narrower than this merge with their narrow neighbours (~2 px)
     */
    public static void merge(TimelineModel model, long windowStart, long windowEnd, double widthPx, double minWidthPx, MarkBuffer out) {
        out.reset(model.size(), model.laneCount());
        if (model.size() == 0 || windowEnd <= windowStart || widthPx <= 0) {
            return;
        }
        double pxPerNano = widthPx / (double) (windowEnd - windowStart);
        int from = model.firstVisible(windowStart);
        int to = model.endVisible(windowEnd);
        for (int item = from; item < to; item++) {
            long end = model.end(item);
            if (end < windowStart) {
                continue; // an earlier long span lifted the prefix maximum; this one ends before the window
            }
            int lane = model.lane(item);
            double x0 = (model.start(item) - windowStart) * pxPerNano;
            double x1 = (end - windowStart) * pxPerNano;
            byte kind = model.kindCode(item);
            if (x1 - x0 >= minWidthPx) {
                out.closeAggregate(lane);
                out.add(lane, x0, x1, kind, 1, item);
            } else if (out.isOpen(lane) && x0 - out.openEnd(lane) < minWidthPx) {
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
