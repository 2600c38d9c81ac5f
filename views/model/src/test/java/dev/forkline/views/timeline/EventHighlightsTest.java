package dev.forkline.views.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class EventHighlightsTest {

    private final EventHighlights highlights = new EventHighlights();

    @Test
    void paintsOneHighlightPerLaneAndPixelColumnHoweverManyEventsFallThere() {
        // 100,000 events over 100 us on two lanes, a thousand at each microsecond, all matching, in a plot of 100 px
        int n = 100_000;
        long[] times = new long[n];
        int[] lanes = new int[n];
        for (int i = 0; i < n; i++) {
            times[i] = i / 1_000 * 1_000L;
            lanes[i] = i % 2;
        }
        TimelineModel model = TimelineModelTest.ticks(times, lanes);
        TimelineViewport viewport = viewport(model);
        BitSet all = new BitSet();
        all.set(0, n);

        highlights.collect(model, viewport, 100, all);

        assertThat(highlights.size()).as("one per lane and column: 100 times over 101 columns").isBetween(2 * 90, 2 * 101);
        java.util.Set<Long> cells = new java.util.HashSet<>();
        for (int h = 0; h < highlights.size(); h++) {
            assertThat(highlights.x(h)).isBetween(0.0, 100.0);
            assertThat(cells.add(highlights.lane(h) * 1_000L + Math.round(highlights.x(h)))).as("highlight %d alone in its cell", h).isTrue();
        }
        for (int i = 0; i < n; i++) {
            long column = Math.round(viewport.toX(model.toAxis(times[i]), 100));
            assertThat(cells).as("event %d is under a highlight", i).contains(lanes[i] * 1_000L + column);
        }
    }

    @Test
    void everyEventOnShowIsHighlightedWhenZoomedInFarEnoughAndNoneOutsideTheWindow() {
        long[] times = {10_000, 20_000, 30_000, 40_000};
        TimelineModel model = TimelineModelTest.ticks(times, new int[] {0, 1, 0, 1});
        TimelineViewport viewport = viewport(model);
        BitSet matches = new BitSet();
        matches.set(0);
        matches.set(1);
        matches.set(3);

        highlights.collect(model, viewport, 1_000, matches);
        assertThat(highlights.size()).isEqualTo(3);
        assertThat(new int[] {highlights.lane(0), highlights.lane(1), highlights.lane(2)}).containsExactly(0, 1, 1);

        viewport.setWindow(15_000, 20_000);
        highlights.collect(model, viewport, 1_000, matches);
        assertThat(highlights.size()).as("only the match at 20 us is in [15, 35] us").isEqualTo(1);
        assertThat(highlights.lane(0)).isEqualTo(1);

        highlights.collect(model, viewport, 1_000, null);
        assertThat(highlights.size()).isZero();
    }

    @Test
    void aMatchEarlierThanTheEventsBeforeItIsStillHighlightedInItsWindow() {
        // the fifth event's clock went back: it lies between the first two in time, after the fourth in file order
        long[] times = {10_000, 40_000, 45_000, 50_000, 20_000, 60_000, 70_000};
        TimelineModel model = TimelineModelTest.ticks(times, new int[] {0, 0, 0, 0, 1, 0, 0});
        TimelineViewport viewport = viewport(model);
        viewport.setWindow(15_000, 10_000);
        BitSet matches = new BitSet();
        matches.set(0, times.length);

        highlights.collect(model, viewport, 1_000, matches);

        assertThat(highlights.size()).as("only the event at 20 us is in [15, 25] us").isEqualTo(1);
        assertThat(highlights.lane(0)).isEqualTo(1);
    }

    @Test
    void aNarrowWindowOverAMillionMatchingEventsHighlightsTheElevenInsideIt() {
        int n = 1_000_000;
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            times[i] = i * 1_000L;
        }
        TimelineModel model = TimelineModelTest.ticks(times, new int[n]);
        TimelineViewport viewport = viewport(model);
        viewport.setWindow(500_000_000L, 10_000);
        BitSet matches = new BitSet();
        matches.set(0, n);

        highlights.collect(model, viewport, 1_000, matches);

        assertThat(highlights.size()).isEqualTo(11);
        for (int h = 0; h < highlights.size(); h++) {
            assertThat(highlights.x(h)).isBetween(0.0, 1_000.0);
        }
    }

    private static TimelineViewport viewport(TimelineModel model) {
        TimelineViewport viewport = new TimelineViewport();
        viewport.setDuration(model.axisLength());
        viewport.fit();
        return viewport;
    }
}
