package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
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
}
