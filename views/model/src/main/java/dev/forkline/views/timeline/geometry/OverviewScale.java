package dev.forkline.views.timeline.geometry;

/**
 * The overview strip's scale: the whole axis (with a 2% margin each side, as the fitted view has) mapped onto the
 * plot's width. Pure arithmetic.
 */
public final class OverviewScale {

    /** The margin each side of the run, as a share of its axis length. */
    public static final double MARGIN = 0.02;

    private OverviewScale() {
    }

    /** The axis time at the overview's left edge. */
    public static long start(long axisLength) {
        return -(long) (axisLength * MARGIN);
    }

    /** The axis time the overview covers. */
    public static long span(long axisLength) {
        return Math.max(1, axisLength - 2 * start(axisLength));
    }

    /** The plot x (from the plot's left edge) of an axis time. */
    public static double toX(long axisTime, long axisLength, double plotWidth) {
        return (axisTime - start(axisLength)) * plotWidth / span(axisLength);
    }

    /** The axis time at a plot x. */
    public static long toAxis(double plotX, long axisLength, double plotWidth) {
        return start(axisLength) + (long) (plotX / plotWidth * span(axisLength));
    }
}
