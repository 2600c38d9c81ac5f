package dev.forkline.views.timeline.geometry;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Where the timeline's parts sit and what is under a point, without JavaFX. */
class TimelineLayoutTest {

    /** Two marks in lane 0 (10-20 px and 100-101 px of the plot) and one in lane 1 (10-20 px). */
    private static final MarkExtents MARKS = new MarkExtents() {
        private final int[] lanes = {0, 0, 1};
        private final double[] x0 = {10, 100, 10};
        private final double[] x1 = {20, 101, 20};

        @Override
        public int size() {
            return lanes.length;
        }

        @Override
        public int lane(int mark) {
            return lanes[mark];
        }

        @Override
        public double x0(int mark) {
            return x0[mark];
        }

        @Override
        public double x1(int mark) {
            return x1[mark];
        }
    };

    @Test
    void lanesFillTheHeightWithinTheirLimitsAndTheOverviewSitsUnderThem() {
        TimelineLayout layout = new TimelineLayout(1000, 400, 3);
        assertThat(layout.plotWidth()).isEqualTo(1000 - TimelineLayout.GUTTER - TimelineLayout.RIGHT_MARGIN);
        assertThat(layout.laneHeight()).isEqualTo(TimelineLayout.MAX_LANE);
        assertThat(layout.laneTop(1)).isEqualTo(TimelineLayout.AXIS + TimelineLayout.MAX_LANE);
        assertThat(layout.overviewTop()).isEqualTo(layout.lanesBottom() + 8);
        layout.update(1000, 200, 12);
        assertThat(layout.laneHeight()).isEqualTo(TimelineLayout.MIN_LANE);
        assertThat(layout.overviewTop()).as("a short surface keeps the overview on screen")
                .isEqualTo(200 - TimelineLayout.LEGEND - TimelineLayout.OVERVIEW - 4);
    }

    @Test
    void lanesThatDoNotFitScrollThroughTheRoomAboveTheOverview() {
        TimelineLayout layout = new TimelineLayout(1000, 300, 10);
        double room = layout.lanesBottom() - TimelineLayout.AXIS;
        assertThat(layout.laneHeight()).isEqualTo(TimelineLayout.MIN_LANE);
        assertThat(room).as("the lanes' room ends above the overview").isEqualTo(layout.overviewTop() - 8 - TimelineLayout.AXIS)
                .isLessThan(10 * TimelineLayout.MIN_LANE);
        assertThat(layout.maxLaneScroll()).isEqualTo(10 * TimelineLayout.MIN_LANE - room);
        double justAboveTheOverview = layout.lanesBottom() - 1;
        int lastShown = layout.laneAt(TimelineLayout.GUTTER + 5, justAboveTheOverview);
        assertThat(lastShown).isLessThan(9);
        assertThat(layout.laneHeaderAt(5, layout.overviewTop() + 5)).as("no lane under the overview").isEqualTo(-1);

        layout.scrollLaneIntoView(9);
        assertThat(layout.laneScroll()).isEqualTo(layout.maxLaneScroll());
        assertThat(layout.laneTop(9) + layout.laneHeight()).isEqualTo(layout.lanesBottom());
        assertThat(layout.laneAt(TimelineLayout.GUTTER + 5, justAboveTheOverview)).isEqualTo(9);
        assertThat(layout.laneAt(TimelineLayout.GUTTER + 5, TimelineLayout.AXIS + 1)).as("the top row now").isGreaterThan(0);
        assertThat(layout.overviewTop()).as("the overview stays put").isEqualTo(300 - TimelineLayout.LEGEND - TimelineLayout.OVERVIEW - 4);

        layout.scrollLaneIntoView(5);
        assertThat(layout.laneScroll()).as("a lane already in view moves nothing").isEqualTo(layout.maxLaneScroll());
        layout.scrollLaneIntoView(0);
        assertThat(layout.laneScroll()).isZero();
        layout.scrollLanesTo(-50);
        assertThat(layout.laneScroll()).isZero();
        layout.scrollLanesTo(1e6);
        assertThat(layout.laneScroll()).isEqualTo(layout.maxLaneScroll());

        layout.update(1000, 600, 10);
        assertThat(layout.laneScroll()).as("all fit once the surface is taller").isZero();
        assertThat(layout.laneTop(0)).isEqualTo(TimelineLayout.AXIS);
    }

    @Test
    void aPointHitsTheNearestMarkOfItsLaneWithinTheTolerance() {
        TimelineLayout layout = new TimelineLayout(1000, 400, 2);
        double lane0 = layout.laneMiddle(0);
        double lane1 = layout.laneMiddle(1);
        double g = TimelineLayout.GUTTER;
        assertThat(layout.markAt(MARKS, g + 15, lane0)).isEqualTo(0);
        assertThat(layout.markAt(MARKS, g + 15, lane1)).isEqualTo(2);
        assertThat(layout.markAt(MARKS, g + 104, lane0)).as("3 px right of a thin mark").isEqualTo(1);
        assertThat(layout.markAt(MARKS, g + 60, lane0)).as("far from every mark").isEqualTo(-1);
        assertThat(layout.markAt(MARKS, g - 5, lane0)).as("in the gutter").isEqualTo(-1);
        assertThat(layout.markAt(MARKS, g + 15, layout.overviewTop() + 5)).as("on the overview").isEqualTo(-1);
        assertThat(layout.inOverview(g + 15, layout.overviewTop() + 5)).isTrue();
    }

    @Test
    void theOverviewScaleMapsTheWholeAxisWithAMargin() {
        long length = 1_000_000;
        assertThat(OverviewScale.toX(0, length, 1040)).isEqualTo(20.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(OverviewScale.toX(length, length, 1040)).isEqualTo(1020.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(OverviewScale.toAxis(OverviewScale.toX(400_000, length, 1040), length, 1040)).isBetween(399_000L, 401_000L);
    }
}
