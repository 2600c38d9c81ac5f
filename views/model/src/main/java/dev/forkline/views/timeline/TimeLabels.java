package dev.forkline.views.timeline;

import java.util.Locale;

/**
 * Axis tick spacing and labels. Labels are cached by (tick time, step) so that redrawing an unchanged or slightly
 * panned axis formats nothing new.
 */
public final class TimeLabels {

    private static final long[] STEPS = {
            1_000L, 2_000L, 5_000L, 10_000L, 20_000L, 50_000L, 100_000L, 200_000L, 500_000L,
            1_000_000L, 2_000_000L, 5_000_000L, 10_000_000L, 20_000_000L, 50_000_000L, 100_000_000L, 200_000_000L, 500_000_000L,
            1_000_000_000L, 2_000_000_000L, 5_000_000_000L, 10_000_000_000L, 15_000_000_000L, 30_000_000_000L,
            60_000_000_000L, 120_000_000_000L, 300_000_000_000L, 600_000_000_000L, 900_000_000_000L, 1_800_000_000_000L,
            3_600_000_000_000L, 7_200_000_000_000L, 21_600_000_000_000L, 43_200_000_000_000L, 86_400_000_000_000L};

    private static final int CACHE = 128;
    private final long[] keyTime = new long[CACHE];
    private final long[] keyStep = new long[CACHE];
    private final String[] labels = new String[CACHE];

    /** The smallest nice step that keeps ticks at least {@code minPx} apart. */
    public static long step(long spanNanos, double widthPx, double minPx) {
        double nanosPerPx = spanNanos / Math.max(1.0, widthPx);
        for (long step : STEPS) {
            if (step / nanosPerPx >= minPx) {
                return step;
            }
        }
        return STEPS[STEPS.length - 1];
    }

    public String label(long time, long step) {
        int slot = (int) Math.floorMod(time / step * 31 + step, (long) CACHE);
        if (labels[slot] != null && keyTime[slot] == time && keyStep[slot] == step) {
            return labels[slot];
        }
        String label = format(time, step);
        keyTime[slot] = time;
        keyStep[slot] = step;
        labels[slot] = label;
        return label;
    }

    public static String format(long time, long step) {
        String sign = time < 0 ? "-" : "";
        long t = Math.abs(time);
        if (step >= 1_000_000_000L) {
            long seconds = t / 1_000_000_000L;
            return seconds >= 3600
                    ? String.format(Locale.ROOT, "%s%d:%02d:%02d", sign, seconds / 3600, seconds / 60 % 60, seconds % 60)
                    : String.format(Locale.ROOT, "%s%d:%02d", sign, seconds / 60, seconds % 60);
        }
        if (step >= 1_000_000L) {
            return String.format(Locale.ROOT, "%s%d.%03ds", sign, t / 1_000_000_000L, t / 1_000_000L % 1000);
        }
        return String.format(Locale.ROOT, "%s%.3f ms", sign, t / 1_000_000.0);
    }

    /** A duration for tooltips: 850 ms, 6.7 s, 2 m 05 s, 39 h 58 m. */
    public static String duration(long nanos) {
        if (nanos < 1_000_000L) {
            return String.format(Locale.ROOT, "%d µs", nanos / 1_000);
        }
        if (nanos < 1_000_000_000L) {
            return String.format(Locale.ROOT, "%d ms", nanos / 1_000_000);
        }
        if (nanos < 60_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
        }
        long seconds = nanos / 1_000_000_000L;
        if (seconds >= 3600) {
            return String.format(Locale.ROOT, "%d h %02d m", seconds / 3600, seconds / 60 % 60);
        }
        return String.format(Locale.ROOT, "%d m %02d s", seconds / 60, seconds % 60);
    }
}
