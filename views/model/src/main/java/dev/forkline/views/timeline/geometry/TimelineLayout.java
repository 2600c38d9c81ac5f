package dev.forkline.views.timeline.geometry;

/**
 * Where the timeline's parts sit on its surface, for a given size and number of lanes: the actor gutter on the left,
 * the axis on top, the lanes (which grow to fill the height, between {@link #MIN_LANE} and {@link #MAX_LANE} each),
 * the overview strip of the whole run right under them and the legend at the bottom. Also answers what is under a point
 * (hit testing). Toolkit-free and mutable ({@link #update}) so a frame allocates nothing.
 */
public final class TimelineLayout {

    public static final double GUTTER = 140;
    public static final double AXIS = 26;
    public static final double OVERVIEW = 38;
    public static final double LEGEND = 26;
    public static final double MIN_LANE = 30;
    public static final double MAX_LANE = 84;
    /** Free space right of the plot. */
    public static final double RIGHT_MARGIN = 12;
    /** How far from a mark (in pixels) a pointer still hits it. */
    public static final double HIT_TOLERANCE = 6;

    private double width;
    private double height;
    private int lanes;

    public TimelineLayout() {
        this(0, 0, 0);
    }

    public TimelineLayout(double width, double height, int lanes) {
        update(width, height, lanes);
    }

    /** Takes a new surface size and lane count. */
    public void update(double newWidth, double newHeight, int laneCount) {
        this.width = newWidth;
        this.height = newHeight;
        this.lanes = laneCount;
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    public int lanes() {
        return lanes;
    }

    /** Width of the plot, where time runs: from {@link #GUTTER} to the right margin. */
    public double plotWidth() {
        return Math.max(1, width - GUTTER - RIGHT_MARGIN);
    }

    public double laneHeight() {
        double available = height - AXIS - OVERVIEW - LEGEND - 12;
        return Math.clamp(available / Math.max(1, lanes), MIN_LANE, MAX_LANE);
    }

    public double laneTop(int lane) {
        return AXIS + lane * laneHeight();
    }

    public double laneMiddle(int lane) {
        return laneTop(lane) + laneHeight() / 2;
    }

    /** The bottom edge of the last lane. */
    public double lanesBottom() {
        return laneTop(lanes);
    }

    /** The overview strip sits right under the lanes, or higher when the surface is too short for all of them. */
    public double overviewTop() {
        return Math.min(height - LEGEND - OVERVIEW - 4, laneTop(Math.max(1, lanes)) + 8);
    }

    /** The vertical centre of the legend row. */
    public double legendMiddle() {
        return overviewTop() + OVERVIEW + 4 + LEGEND / 2;
    }

    /** The lane under a point, or -1 when the point is not over a lane's plot. */
    public int laneAt(double x, double y) {
        return x < GUTTER ? -1 : laneRowAt(y);
    }

    /** The lane whose header (the left gutter) is under a point, or -1. */
    public int laneHeaderAt(double x, double y) {
        return x < 0 || x >= GUTTER ? -1 : laneRowAt(y);
    }

    private int laneRowAt(double y) {
        if (y < AXIS || y >= lanesBottom() || lanes == 0) {
            return -1;
        }
        return Math.min(lanes - 1, (int) ((y - AXIS) / laneHeight()));
    }

    /** Whether a point is on the overview strip's plot part. */
    public boolean inOverview(double x, double y) {
        return x >= GUTTER && y >= overviewTop() && y <= overviewTop() + OVERVIEW;
    }

    /** The plot x (pixels from the plot's left edge) of a surface x. */
    public double plotX(double x) {
        return x - GUTTER;
    }

    /** The fraction of the plot's width at a surface x (0 at the left edge, 1 at the right). */
    public double plotFraction(double x) {
        return (x - GUTTER) / plotWidth();
    }

    /**
     * The mark under a point, or -1: the nearest mark of the point's lane within {@link #HIT_TOLERANCE} pixels (a
     * pointer inside a mark's extent is at distance 0).
     */
    public int markAt(MarkExtents marks, double x, double y) {
        int lane = laneAt(x, y);
        if (lane < 0) {
            return -1;
        }
        double px = plotX(x);
        int best = -1;
        double bestDistance = HIT_TOLERANCE;
        for (int m = 0; m < marks.size(); m++) {
            if (marks.lane(m) != lane) {
                continue;
            }
            double distance = px < marks.x0(m) ? marks.x0(m) - px : px > marks.x1(m) ? px - marks.x1(m) : 0;
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = m;
            }
        }
        return best;
    }
}
