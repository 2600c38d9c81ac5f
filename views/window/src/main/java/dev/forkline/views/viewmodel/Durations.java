package dev.forkline.views.viewmodel;

import java.time.Duration;
import java.util.Locale;

/** Short durations for people: 0.708 ms, 1.40 s, 2 min 5 s, 3 h 12 min, 20 d 17 h. */
public final class Durations {

    private Durations() {
    }

    public static String format(Duration duration) {
        if (duration == null) {
            return "-";
        }
        long nanos = duration.toNanos();
        if (nanos < 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
        }
        if (nanos < 60_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
        }
        long seconds = duration.toSeconds();
        if (seconds < 3_600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        long minutes = seconds / 60;
        if (minutes < 24 * 60) {
            return minutes / 60 + " h " + minutes % 60 + " min";
        }
        long hours = minutes / 60;
        return String.format(Locale.ROOT, "%,d d %d h", hours / 24, hours % 24);
    }
}
