package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UtcStampsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-07T00:13:59Z", "2026-02-07T00:13:59.2Z", "2026-02-07T00:13:59.219Z", "2026-02-07T00:13:59.000Z",
            "2025-09-07T09:52:03.071Z", "2024-02-29T23:59:59.123456Z", "1970-01-01T00:00:00.000000001Z", "2026-12-31T23:59:59.999999999Z"})
    void readsWhatInstantParseReads(String text) {
        assertThat(UtcStamps.parse(text)).isEqualTo(Instant.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-07T00:13:59+01:00", "2026-02-07T00:13:59.Z", "2026-02-30T00:00:00Z", "2026-02-07T24:00:00Z",
            "2026-02-07T23:59:60Z", "2026-02-07 00:13:59Z", "2026-02-07T00:13:59.1234567890Z", "2026-2-07T00:13:59Z", "２026-02-07T00:13:59Z"})
    void leavesOtherSpellingsToTheGeneralParsers(String text) {
        assertThat(UtcStamps.parse(text)).isNull();
    }

    @Test
    void countsDaysAsLocalDateDoesForEveryDayOfFourDigitYears() {
        for (LocalDate date = LocalDate.of(0, 1, 1); date.getYear() <= 9999; date = date.plusDays(1)) {
            if (UtcStamps.epochDay(date.getYear(), date.getMonthValue(), date.getDayOfMonth()) != date.toEpochDay()) {
                assertThat(UtcStamps.epochDay(date.getYear(), date.getMonthValue(), date.getDayOfMonth())).as("%s", date)
                        .isEqualTo(date.toEpochDay());
            }
        }
    }

    @Test
    void refusesTheDaysAMonthDoesNotHave() {
        for (int year : new int[] {0, 1900, 1970, 2000, 2023, 2024, 2100, 9999}) {
            for (int month = 0; month <= 13; month++) {
                for (int day = 0; day <= 32; day++) {
                    String text = String.format("%04d-%02d-%02dT12:00:00.5Z", year, month, day);
                    Instant expected;
                    try {
                        expected = Instant.parse(text);
                    } catch (DateTimeParseException invalid) {
                        expected = null;
                    }
                    assertThat(UtcStamps.parse(text)).as(text).isEqualTo(expected);
                }
            }
        }
    }
    @ParameterizedTest
    @ValueSource(strings = {"2026-02-07T00:13:59+01:00", "2026-02-07T00:13:59.219-05:30", "2024-02-29T23:59:59.123456+00:00",
            "2026-01-01T00:00:00-00:00", "1970-01-01T00:30:00+17:59", "2026-12-31T23:59:59.999999999Z"})
    void readsOffsetsAsOffsetDateTimeDoes(String text) {
        assertThat(UtcStamps.parseWithOffset(text)).isEqualTo(OffsetDateTime.parse(text).toInstant());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-07T00:13:59", "2025-04-30T16:32:54.707474", "2024-02-29T23:59:59.1", "1970-01-01T00:00:00.000000001"})
    void readsStampsWithoutAZoneAsUtc(String text) {
        assertThat(UtcStamps.parseZoneless(text)).isEqualTo(LocalDateTime.parse(text).toInstant(ZoneOffset.UTC));
        assertThat(UtcStamps.parseWithOffset(text)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-07T00:13:59+18:00", "2026-02-07T00:13:59+01", "2026-02-07T00:13:59+0100", "2026-02-07T00:13+01:00",
            "2026-02-07T00:13:59+01:00:30", "2026-02-07T00:13:59+01:60", "2026-02-07T23:59:60+01:00", "2026-02-07T00:13:59.+01:00",
            " 2026-02-07T00:13:59+01:00", "2026-02-07T00:13:59+01:00 ", "2026-02-07T00:13:59 +01:00", "2026-02-30T00:00:00+01:00"})
    void leavesOtherOffsetsToTheGeneralParsers(String text) {
        assertThat(UtcStamps.parseWithOffset(text)).isNull();
        assertThat(UtcStamps.parseZoneless(text)).isNull();
    }

    /**
     * Stamps of every length of fraction and many offsets, and the same with one character changed: where a reader gives
     * an instant it is the one java.time gives, and every stamp in a spelling it reads is read.
     */
    @Test
    void agreesWithJavaTimeOnStampsAndNearMisses() {
        SplittableRandom random = new SplittableRandom(11);
        String alphabet = "0123456789-+:.TZ ";
        for (int round = 0; round < 200_000; round++) {
            StringBuilder text = new StringBuilder(String.format("%04d-%02d-%02dT%02d:%02d:%02d", random.nextInt(10_000), 1 + random.nextInt(12),
                    1 + random.nextInt(31), random.nextInt(24), random.nextInt(60), random.nextInt(60)));
            int digits = random.nextInt(11) - 1;
            if (digits >= 0) {
                text.append('.');
                for (int d = 0; d < digits; d++) {
                    text.append((char) ('0' + random.nextInt(10)));
                }
            }
            switch (random.nextInt(3)) {
                case 0 -> text.append('Z');
                case 1 -> text.append(String.format("%s%02d:%02d", random.nextBoolean() ? "+" : "-", random.nextInt(20), random.nextInt(62)));
                default -> {
                }
            }
            boolean wellFormed = true;
            if (random.nextInt(4) == 0) {
                text.setCharAt(random.nextInt(text.length()), alphabet.charAt(random.nextInt(alphabet.length())));
                wellFormed = false;
            }
            String stamp = text.toString();
            Instant zoned = orNull(OffsetDateTime::parse, stamp);
            Instant zoneless = orNull(t -> LocalDateTime.parse(t).atOffset(ZoneOffset.UTC), stamp);
            Instant readZoned = UtcStamps.parseWithOffset(stamp);
            Instant readZoneless = UtcStamps.parseZoneless(stamp);
            if (readZoned != null) {
                assertThat(readZoned).as(stamp).isEqualTo(zoned);
            }
            if (readZoneless != null) {
                assertThat(readZoneless).as(stamp).isEqualTo(zoneless);
            }
            if (wellFormed && zoned != null && digits != 0 && (stamp.endsWith("Z")
                    || Integer.parseInt(stamp.substring(stamp.length() - 5, stamp.length() - 3)) < 18)) {
                assertThat(readZoned).as(stamp).isNotNull();
            }
            if (wellFormed && zoneless != null && digits != 0) {
                assertThat(readZoneless).as(stamp).isNotNull();
            }
        }
    }

    private static Instant orNull(Function<String, OffsetDateTime> parser, String text) {
        try {
            return parser.apply(text).toInstant();
        } catch (DateTimeParseException invalid) {
            return null;
        }
    }
}
