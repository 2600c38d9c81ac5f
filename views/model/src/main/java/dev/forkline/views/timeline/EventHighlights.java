package dev.forkline.views.timeline;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Where one frame highlights a set of events (a search's matches, the events whose integrity check failed): at most
 * one highlight per lane and pixel column of the plot, at the first of the events there. A highlight is wider than a
 * pixel, so the others would only paint over it; a broad search on a zoomed-out run had the renderer paint every match
 * (587,312 rounded rectangles for "error" on 1.5M events, seconds a frame in software). Only the events within the
 * window are looked at ({@link TimelineModel#firstEventFrom}). The buffers are kept from frame to frame.
 */
public final class EventHighlights {

    /** The cells (lane and pixel column) holding a highlight, for events out of time order. */
    private final BitSet taken = new BitSet();
    /** Per lane, the column of its last highlight, for events in time order. */
    private int[] lastColumn = new int[8];
    private double[] xs = new double[64];
    private int[] lanes = new int[64];
    private int size;

    /**
     * Collects the highlights of {@code events} (event indexes; null for none) within the viewport.
     *
     * @param plotW the plot's width in pixels; x as {@link TimelineViewport#toX} gives it
     */
    public void collect(TimelineModel model, TimelineViewport viewport, double plotW, BitSet events) {
        size = 0;
        taken.clear();
        if (events == null) {
            return;
        }
        long from = model.breaks().toTime(viewport.start());
        long to = model.breaks().toTime(viewport.end());
        int columns = (int) Math.ceil(plotW) + 1;
        boolean inTimeOrder = model.eventsInTimeOrder();
        if (lastColumn.length < model.laneCount()) {
            lastColumn = new int[model.laneCount()];
        }
        Arrays.fill(lastColumn, 0, model.laneCount(), -1);
        int end = model.endEventTo(to);
        for (int i = events.nextSetBit(model.firstEventFrom(from)); i >= 0 && i < end; i = events.nextSetBit(i + 1)) {
            long t = model.eventTime(i);
            if (t < from || t > to) {
                continue;
            }
            double x = viewport.toX(model.toAxis(t), plotW);
            int lane = model.eventLane(i);
            int column = Math.clamp(Math.round(x), 0, columns - 1);
            if (inTimeOrder) {
                // columns never go back along a lane: its cell is taken exactly when its last highlight is in this column
                if (lastColumn[lane] != column) {
                    lastColumn[lane] = column;
                    add(x, lane);
                }
            } else {
                int cell = lane * columns + column;
                if (!taken.get(cell)) {
                    taken.set(cell);
                    add(x, lane);
                }
            }
        }
    }

    public int size() {
        return size;
    }

    public double x(int highlight) {
        return xs[highlight];
    }

    public int lane(int highlight) {
        return lanes[highlight];
    }

    private void add(double x, int lane) {
        if (size == xs.length) {
            xs = Arrays.copyOf(xs, size * 2);
            lanes = Arrays.copyOf(lanes, size * 2);
        }
        xs[size] = x;
        lanes[size++] = lane;
    }
}
