package dev.forkline.views.timeline.geometry;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The broken axis, without JavaFX. */
class AxisBreaksTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long HOUR = 3600 * SECOND;

    @Test
    void aDecisionFortyHoursAfterANinetySecondIncidentBreaksTheGap() {
        // items: activity from 0 to 90 s, then an instant at 40 h
        long[] starts = {0, 30 * SECOND, 40 * HOUR};
        long[] maxEnds = {20 * SECOND, 90 * SECOND, 40 * HOUR};
        AxisBreaks breaks = AxisBreaks.of(starts, maxEnds, 3);

        assertThat(breaks.count()).isEqualTo(1);
        assertThat(breaks.gapStart(0)).isEqualTo(90 * SECOND);
        assertThat(breaks.gapEnd(0)).isEqualTo(40 * HOUR);
        long axisLength = breaks.axisLength(40 * HOUR);
        assertThat((double) 90 * SECOND / axisLength).as("the incident's share of the axis").isGreaterThan(0.9);
        assertThat(breaks.toAxis(45 * SECOND)).as("before the gap nothing moves").isEqualTo(45 * SECOND);
        assertThat(breaks.toAxis(40 * HOUR)).isEqualTo(90 * SECOND + breaks.shownNanos());
    }

    @Test
    void toTimeInvertsToAxisOnBothSidesAndInsideTheGap() {
        AxisBreaks breaks = AxisBreaks.of(new long[]{0, 10 * HOUR}, new long[]{100 * SECOND, 10 * HOUR + 50 * SECOND}, 2);
        assertThat(breaks.count()).isEqualTo(1);
        for (long t : new long[]{0, 50 * SECOND, 100 * SECOND, 10 * HOUR, 10 * HOUR + 20 * SECOND}) {
            assertThat(breaks.toTime(breaks.toAxis(t))).isEqualTo(t);
        }
        long inside = 5 * HOUR;
        assertThat(breaks.toAxis(inside)).isBetween(100 * SECOND, 100 * SECOND + breaks.shownNanos());
        assertThat(Math.abs(breaks.toTime(breaks.toAxis(inside)) - inside)).isLessThan(HOUR / 100);
    }

    @Test
    void theRunsOwnPacingIsNotBroken() {
        // a 3-hour session with two 15-minute pauses: each under a quarter of the run
        long[] starts = {0, 75 * 60 * SECOND, 150 * 60 * SECOND};
        long[] maxEnds = {60 * 60 * SECOND, 135 * 60 * SECOND, 180 * 60 * SECOND};
        assertThat(AxisBreaks.of(starts, maxEnds, 3).count()).isZero();
        // a long but short-in-time pause under a minute is never broken
        assertThat(AxisBreaks.of(new long[]{0, 50 * SECOND}, new long[]{SECOND, 50 * SECOND}, 2).count()).isZero();
    }

    @Test
    void severalLongGapsAreAllBroken() {
        long[] starts = {0, 20 * HOUR, 30 * HOUR};
        long[] maxEnds = {60 * SECOND, 20 * HOUR + 60 * SECOND, 30 * HOUR + 60 * SECOND};
        AxisBreaks breaks = AxisBreaks.of(starts, maxEnds, 3);
        assertThat(breaks.count()).isEqualTo(2);
        assertThat(breaks.axisLength(30 * HOUR + 60 * SECOND)).isLessThan(4 * 60 * SECOND);
    }

    @Test
    void noneIsTheIdentity() {
        assertThat(AxisBreaks.none().toAxis(123)).isEqualTo(123);
        assertThat(AxisBreaks.none().toTime(456)).isEqualTo(456);
        assertThat(AxisBreaks.of(new long[]{0}, new long[]{5}, 1).count()).isZero();
    }
}
