package dev.forkline.views.timeline;

import dev.forkline.views.timeline.geometry.OverviewScale;
import java.util.BitSet;

/**
 * The pixel columns of the overview strip where a set of events sits (a trace's altered events), each column once
 * however many events fall there. The strip is drawn every frame, so the columns are found again only when the model,
 * the set or the strip's scale changes; a set is taken as fixed once given (a changed one is a new set). A trace edited
 * throughout has hundreds of thousands of altered events: one line each, every frame, before.
 */
public final class OverviewColumns {

    private final BitSet columns = new BitSet();
    private TimelineModel model;
    private BitSet events;
    private long axisLength = -1;
    private double plotW = -1;

    /**
     * Finds the columns of {@code events} (event indexes) on a strip {@code plotW} pixels wide showing {@code axisLength}
     * of axis time, unless they are those of the last call; then {@link #next} walks them.
     */
    public void update(TimelineModel shownModel, BitSet shownEvents, long length, double width) {
        if (shownModel == model && shownEvents == events && length == axisLength && width == plotW) {
            return;
        }
        columns.clear();
        int last = (int) Math.ceil(width);
        if (shownEvents != null) {
            for (int i = shownEvents.nextSetBit(0); i >= 0 && i < shownModel.eventCount(); i = shownEvents.nextSetBit(i + 1)) {
                double x = OverviewScale.toX(shownModel.toAxis(shownModel.eventTime(i)), length, width);
                columns.set((int) Math.clamp(Math.round(x), 0, last));
            }
        }
        model = shownModel;
        events = shownEvents;
        axisLength = length;
        plotW = width;
    }

    /** The first column at or after {@code from} holding an event of the set, or -1. */
    public int next(int from) {
        return columns.nextSetBit(from);
    }
}
