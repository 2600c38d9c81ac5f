package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Durations read in the largest units that keep them short: a failure detected days later is not "29863 min 37 s". */
class DurationsTest {

    @Test
    void eachDurationIsSaidInTheUnitsThatFitIt() {
        assertThat(Durations.format(null)).isEqualTo("-");
        assertThat(Durations.format(Duration.ofNanos(708_000))).isEqualTo("0.708 ms");
        assertThat(Durations.format(Duration.ofMillis(1_400))).isEqualTo("1.40 s");
        assertThat(Durations.format(Duration.ofSeconds(125))).isEqualTo("2 min 5 s");
        assertThat(Durations.format(Duration.ofSeconds(3_599))).isEqualTo("59 min 59 s");
        assertThat(Durations.format(Duration.ofSeconds(3_600))).isEqualTo("1 h 0 min");
        assertThat(Durations.format(Duration.ofMinutes(3 * 60 + 12).plusSeconds(59))).isEqualTo("3 h 12 min");
        assertThat(Durations.format(Duration.ofMinutes(24 * 60 - 1))).isEqualTo("23 h 59 min");
        // the walkthrough's generated session: a failure acknowledged at its end, 20 days later
        assertThat(Durations.format(Duration.ofMinutes(29_863).plusSeconds(37))).isEqualTo("20 d 17 h");
        assertThat(Durations.format(Duration.ofDays(1_234).plusHours(5))).isEqualTo("1,234 d 5 h");
    }
}
