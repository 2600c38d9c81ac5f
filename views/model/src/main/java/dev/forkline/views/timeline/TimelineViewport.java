package dev.forkline.views.timeline;

/**
 * The visible time window over a run of a given duration: zoom around an anchor, pan, fit, centre on a time. Keeps the
 * window inside the run (with a little margin) and never narrower than {@link #MIN_SPAN_NANOS}. Pure arithmetic.
 */
public final class TimelineViewport {

    public static final long MIN_SPAN_NANOS = 1_000L;
    private static final double MARGIN = 0.02;

    private long duration;
    private long start;
    private long end;

    public TimelineViewport() {
        setDuration(0);
    }

    public void setDuration(long runDuration) {
        this.duration = Math.max(runDuration, MIN_SPAN_NANOS);
        fit();
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    public long span() {
        return end - start;
    }

    public long duration() {
        return duration;
    }

    private long margin() {
        return (long) (duration * MARGIN);
    }

    private long lowerLimit() {
        return -margin();
    }

    private long upperLimit() {
        return duration + margin();
    }

    public void fit() {
        start = lowerLimit();
        end = upperLimit();
    }

    /** Zooms by {@code factor} (>1 zooms in) keeping the time at {@code anchorFraction} of the width in place. */
    public void zoom(double factor, double anchorFraction) {
        double anchor = Math.clamp(anchorFraction, 0.0, 1.0);
        long span = span();
        long newSpan = (long) Math.max(MIN_SPAN_NANOS, Math.min(upperLimit() - lowerLimit(), span / factor));
        long anchorTime = start + (long) (span * anchor);
        setWindow(anchorTime - (long) (newSpan * anchor), newSpan);
    }

    public void pan(long deltaNanos) {
        setWindow(start + deltaNanos, span());
    }

    /** Pans by a fraction of the visible width (positive moves later in time). */
    public void panFraction(double fraction) {
        pan((long) (span() * fraction));
    }

    public void centreOn(long time) {
        setWindow(time - span() / 2, span());
    }

    /** Pans only if {@code time} is outside the window, so stepping does not jerk the view. */
    public void reveal(long time) {
        if (time < start || time > end) {
            centreOn(time);
        }
    }

    public void setWindow(long newStart, long newSpan) {
        long span = Math.max(MIN_SPAN_NANOS, Math.min(newSpan, upperLimit() - lowerLimit()));
        long s = Math.clamp(newStart, lowerLimit(), upperLimit() - span);
        start = s;
        end = s + span;
    }

    public double toX(long time, double widthPx) {
        return (time - start) * widthPx / (double) span();
    }

    public long toTime(double x, double widthPx) {
        return start + (long) (x / widthPx * span());
    }
}
