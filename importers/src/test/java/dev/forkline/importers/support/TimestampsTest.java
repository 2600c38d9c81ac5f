package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-07T00:13:59Z", "2026-02-07T00:13:59.2Z", "2026-02-07T00:13:59.219Z", "2026-02-07T00:13:59.000Z",
            "2025-09-07T09:52:03.071Z", "2024-02-29T23:59:59.123456Z", "1970-01-01T00:00:00.000000001Z", "2026-12-31T23:59:59.999999999Z"})
    void readsTheCommonUtcSpellingAsInstantParseDoes(String text) {
        assertThat(Timestamps.parseText(text)).isEqualTo(Instant.parse(text));
    }

    @Test
    void theGeneralParsersStillReadOffsetsAndLocalTimes() {
        assertThat(Timestamps.parseText("2026-02-07T01:13:59+01:00")).isEqualTo(Instant.parse("2026-02-07T00:13:59Z"));
        assertThat(Timestamps.parseText("2026-02-07T00:13:59.5")).isEqualTo(Instant.parse("2026-02-07T00:13:59.500Z"));
    }
}
