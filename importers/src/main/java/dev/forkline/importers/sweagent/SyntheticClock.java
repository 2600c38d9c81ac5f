package dev.forkline.importers.sweagent;

import java.time.Duration;
import java.time.Instant;

/**
 * Event times for formats that record none: the order is real, the times are not. Starts at a given instant and moves
 * forward by recorded durations where the format has them, else by one millisecond per event, so that times stay strictly
 * increasing.
 */
final class SyntheticClock {

    private Instant now;

    SyntheticClock(Instant start) {
        this.now = start;
    }

    Instant next() {
        now = now.plusMillis(1);
        return now;
    }

    Instant advance(Duration duration) {
        now = now.plus(duration.isNegative() ? Duration.ZERO : duration).plusMillis(1);
        return now;
    }
}
