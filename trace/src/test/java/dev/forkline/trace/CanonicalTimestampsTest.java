package dev.forkline.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CanonicalTimestampsTest {

    @Test
    void readsEveryWrittenFormBackToTheSameInstant() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            long second = random.nextLong(Instant.parse("0000-01-01T00:00:00Z").getEpochSecond(), Instant.parse("9999-12-31T23:59:59Z").getEpochSecond());
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, nanos);
            assertEquals(instant, CanonicalTimestamps.parse(EventCodec.formatTs(instant)), EventCodec.formatTs(instant));
        }
    }

    @Test
    void leavesEveryOtherFormToTheGeneralParser() {
        for (String other : new String[] {"2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.100000Z", "2026-01-01T00:00:00.123000000Z",
                "2026-02-30T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:59:60Z", "2026-01-01T00:00:00+00:00",
                "2026-01-01 00:00:00Z", "2026-1-01T00:00:00Z", "+12026-01-01T00:00:00Z", "2026-01-01T00:00:00.1Z", "２０２６-01-01T00:00:00Z"}) {
            assertNull(CanonicalTimestamps.parse(other), other);
        }
    }
}
