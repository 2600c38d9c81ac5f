package dev.forkline.views.timeline.geometry;

/**
 * Where the timeline's parts sit on its surface, for a given size and number of lanes: the actor gutter on the left,
 * the axis on top, the lanes (which grow to fill the height, between {@link #MIN_LANE} and {@link #MAX_LANE} each),
 * the overview strip of the whole run right under them and the legend at the bottom. Also answers what is under a point
 * (hit testing). Lanes that do not fit at {@link #MIN_LANE} scroll: the overview and legend stay put and the lanes show
 * through the room above them, {@link #laneScroll()} pixels down their whole height. Toolkit-free and mutable
 * ({@link #update}) so a frame allocates nothing.
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
    private double laneScroll;

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
        laneScroll = Math.clamp(laneScroll, 0, maxLaneScroll());
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

    /** The top edge of a lane; above {@link #AXIS} or below {@link #lanesBottom()} when it is scrolled out of view. */
    public double laneTop(int lane) {
        return AXIS + lane * laneHeight() - laneScroll;
    }

    public double laneMiddle(int lane) {
        return laneTop(lane) + laneHeight() / 2;
    }

    /** The bottom edge of the lanes' room: under the last lane, or above the overview when they do not all fit. */
    public double lanesBottom() {
        return AXIS + Math.max(0, Math.min(lanes * laneHeight(), roomForLanes()));
    }

    private double roomForLanes() {
        return height - AXIS - OVERVIEW - LEGEND - 12;
    }

    /** The overview strip sits right under the lanes, or higher when the surface is too short for all of them. */
    public double overviewTop() {
        return Math.min(height - LEGEND - OVERVIEW - 4, AXIS + Math.max(1, lanes) * laneHeight() + 8);
    }

    /** How far (pixels) the lanes are scrolled down their whole height; 0 when they all fit. */
    public double laneScroll() {
        return laneScroll;
    }

    /** The largest {@link #laneScroll()}: the lanes' whole height less their room. */
    public double maxLaneScroll() {
        return Math.max(0, lanes * laneHeight() - (lanesBottom() - AXIS));
    }

    /** Scrolls the lanes to {@code pixels} down their whole height, within 0 and {@link #maxLaneScroll()}. */
    public void scrollLanesTo(double pixels) {
        laneScroll = Math.clamp(pixels, 0, maxLaneScroll());
    }

    /** Scrolls the lanes as little as it takes to show the whole of {@code lane}. */
    public void scrollLaneIntoView(int lane) {
        double top = lane * laneHeight();
        double room = lanesBottom() - AXIS;
        if (top < laneScroll) {
            scrollLanesTo(top);
        } else if (top + laneHeight() > laneScroll + room) {
            scrollLanesTo(top + laneHeight() - room);
        }
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
        return Math.min(lanes - 1, (int) ((y - AXIS + laneScroll) / laneHeight()));
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
