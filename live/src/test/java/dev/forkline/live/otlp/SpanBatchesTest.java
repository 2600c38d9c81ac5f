package dev.forkline.live.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpanBatchesTest {

    @Test
    void anIdIsExactlySoManyAsciiHexDigitsNotAllZero() {
        assertThat(SpanBatches.isNonZeroHex("00f067aa0ba902b7", 16)).isTrue();
        assertThat(SpanBatches.isNonZeroHex("00F067AA0BA902B7", 16)).isTrue();
        assertThat(SpanBatches.isNonZeroHex("0000000000000000", 16)).isFalse();
        assertThat(SpanBatches.isNonZeroHex("00f067aa0ba902b", 16)).isFalse();
        assertThat(SpanBatches.isNonZeroHex("00f067aa0ba902b7a", 16)).isFalse();
        assertThat(SpanBatches.isNonZeroHex("00f067aa0ba902g7", 16)).isFalse();
        assertThat(SpanBatches.isNonZeroHex("00f067aa0ba902:7", 16)).isFalse();
        // digits of other scripts that Character.digit also reads
        assertThat(SpanBatches.isNonZeroHex("00f067aa0ba902\uFF17\u0661", 16)).isFalse();
        assertThat(SpanBatches.isNonZeroHex("", 16)).isFalse();
    }
}
