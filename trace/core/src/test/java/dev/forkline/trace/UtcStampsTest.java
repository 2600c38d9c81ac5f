package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
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
}
