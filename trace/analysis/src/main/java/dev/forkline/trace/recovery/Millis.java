package dev.forkline.trace.recovery;

import java.math.BigDecimal;
import java.time.Duration;

/** Durations as exact decimal milliseconds (nanosecond precision kept) for JSON and people. */
public final class Millis {

    private Millis() {
    }

    /** Exact milliseconds, e.g. 1401.014542 for 1.401014542 s; null for null. */
    public static BigDecimal of(Duration duration) {
        if (duration == null) {
            return null;
        }
        BigDecimal nanos = BigDecimal.valueOf(duration.getSeconds()).movePointRight(9).add(BigDecimal.valueOf(duration.getNano()));
        BigDecimal millis = nanos.movePointLeft(6).stripTrailingZeros();
        return millis.scale() < 0 ? millis.setScale(0) : millis;
    }

    /** For people: {@code 708 µs}, {@code 1.40 s}, {@code 2 min 5 s}; "not demonstrated" for null. */
    public static String human(Duration duration) {
        if (duration == null) {
            return "not demonstrated";
        }
        long nanos = duration.toNanos();
        if (nanos < 1_000_000L) {
            return (nanos / 1000) + " µs";
        }
        if (nanos < 1_000_000_000L) {
            return String.format(java.util.Locale.ROOT, "%.1f ms", nanos / 1e6);
        }
        if (nanos < 120_000_000_000L) {
            return String.format(java.util.Locale.ROOT, "%.2f s", nanos / 1e9);
        }
        long seconds = duration.toSeconds();
        return (seconds / 60) + " min" + (seconds % 60 == 0 ? "" : " " + (seconds % 60) + " s");
    }
}
