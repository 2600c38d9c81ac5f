package dev.forkline.importers.otel;

import java.time.Instant;

/**
 * A span's times as nanoseconds since the epoch in a long, not an {@link Instant} object each: {@link #NONE} for a
 * missing time, {@link #FAR} for one a long does not hold (before 1677 or after 2262; the span keeps that one as an
 * {@code Instant} of its own).
 */
final class SpanTimes {

    static final long NONE = Long.MIN_VALUE;
    static final long FAR = Long.MIN_VALUE + 1;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private SpanTimes() {
    }

    /** The time as nanoseconds, {@link #NONE} for null, {@link #FAR} when it does not fit. */
    static long of(Instant time) {
        if (time == null) {
            return NONE;
        }
        try {
            long nanos = Math.addExact(Math.multiplyExact(time.getEpochSecond(), NANOS_PER_SECOND), time.getNano());
            return nanos == NONE || nanos == FAR ? FAR : nanos;
        } catch (ArithmeticException beyondLong) {
            return FAR;
        }
    }

    /** The instant of {@code time} ({@code far} when it is {@link #FAR}), or null for {@link #NONE}. */
    static Instant instant(long time, Instant far) {
        if (time == NONE) {
            return null;
        }
        return time == FAR ? far : Instant.ofEpochSecond(Math.floorDiv(time, NANOS_PER_SECOND), Math.floorMod(time, NANOS_PER_SECOND));
    }
}
