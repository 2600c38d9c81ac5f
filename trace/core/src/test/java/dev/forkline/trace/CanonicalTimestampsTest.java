package dev.forkline.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CanonicalTimestampsTest {

    @Test
    void readsEveryWrittenFormBackToTheSameInstant() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            long second = random.nextLong(Instant.parse("0000-01-01T00:00:00Z").getEpochSecond(), Instant.parse("9999-12-31T23:59:59Z").getEpochSecond());
            int nanos = nanos(i, random);
            Instant instant = Instant.ofEpochSecond(second, nanos);
            assertEquals(instant, CanonicalTimestamps.parse(EventCodec.formatTs(instant)), EventCodec.formatTs(instant));
        }
    }

    @Test
    void writesWhatTheGeneralFormatterWritesAndLeavesItOtherYears() {
        SplittableRandom random = new SplittableRandom(5);
        long first = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        long last = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            long second = switch (i % 5) {
                case 0 -> random.nextLong(first - 100_000_000_000L, last + 100_000_000_000L);
                case 1 -> random.nextBoolean() ? first + random.nextInt(100_000) - 50_000 : last + random.nextInt(100_000) - 50_000;
                case 2 -> random.nextInt(86_400) + 86_400L * random.nextInt(-800_000, 800_000);
                default -> random.nextLong(first, last + 1);
            };
            int nanos = nanos(i, random);
            Instant instant = Instant.ofEpochSecond(second, nanos);
            String general = java.time.format.DateTimeFormatter.ISO_INSTANT.format(instant);
            assertEquals(general, EventCodec.formatTs(instant));
            String own = CanonicalTimestamps.format(instant);
            assertTrue(own == null ? second < first || second > last : own.equals(general), general);
        }
    }

    @Test
    void acceptsOnlyTheWrittenForm() {
        SplittableRandom random = new SplittableRandom(11);
        int accepted = 0;
        for (int i = 0; i < 200_000; i++) {
            int fractionDigits = new int[] {0, 3, 6, 9}[i % 4];
            StringBuilder text = new StringBuilder(String.format("%04d-%02d-%02dT%02d:%02d:%02d", random.nextInt(10_000),
                    random.nextInt(14), random.nextInt(33), random.nextInt(26), random.nextInt(62), random.nextInt(62)));
            if (fractionDigits > 0) {
                text.append('.');
                for (int d = 0; d < fractionDigits; d++) {
                    text.append(random.nextInt(4) == 0 ? '0' : (char) ('0' + random.nextInt(10)));
                }
            }
            String written = text.append('Z').toString();
            Instant parsed = CanonicalTimestamps.parse(written);
            if (parsed != null) {
                accepted++;
                assertEquals(written, EventCodec.formatTs(parsed));
            }
        }
        assertTrue(accepted > 50_000, accepted + " accepted");
    }

    @Test
    void leavesEveryOtherFormToTheGeneralParser() {
        for (String other : new String[] {"2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.100000Z", "2026-01-01T00:00:00.123000000Z",
                "2026-02-30T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:59:60Z", "2026-01-01T00:00:00+00:00",
                "2026-01-01 00:00:00Z", "2026-1-01T00:00:00Z", "+12026-01-01T00:00:00Z", "2026-01-01T00:00:00.1Z", "２０２６-01-01T00:00:00Z"}) {
            assertNull(CanonicalTimestamps.parse(other), other);
        }
    }

    /** Whole seconds, milliseconds, microseconds and nanoseconds in turn: each length of fraction the written form has. */
    private static int nanos(int i, SplittableRandom random) {
        return switch (i % 4) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1_000;
            default -> random.nextInt(1_000_000_000);
        };
    }
}
