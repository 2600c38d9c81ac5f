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
