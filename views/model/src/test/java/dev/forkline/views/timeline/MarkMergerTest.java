package dev.forkline.views.timeline;

import org.junit.jupiter.api.Test;

import static dev.forkline.views.timeline.MarkKind.CHECKPOINT;
import static dev.forkline.views.timeline.MarkKind.FAILURE;
import static dev.forkline.views.timeline.MarkKind.TICK;
import static dev.forkline.views.timeline.MarkKind.TOOL_SPAN;
import static org.assertj.core.api.Assertions.assertThat;

class MarkMergerTest {

    private final MarkBuffer marks = new MarkBuffer();

    @Test
    void itemsCloserThanTheMinimumWidthMergeAndTakeTheMostImportantKind() {
        // 1 px per nano: ticks at 10, 11, 12 (narrow and adjacent), a failure at 13, a tick far away at 50
        TimelineModel model = TimelineModelTest.synthetic(
                new long[]{10, 11, 12, 13, 50}, new long[]{10, 11, 12, 13, 50},
                new int[]{0, 0, 0, 0, 0}, new MarkKind[]{TICK, TICK, TICK, FAILURE, TICK});
        MarkMerger.merge(model, 0, 100, 100, 2.0, marks);
        assertThat(marks.size()).isEqualTo(2);
        assertThat(marks.count(0)).isEqualTo(4);
        assertThat(marks.kind(0)).isEqualTo(FAILURE);
        assertThat(marks.x0(0)).isEqualTo(10.0);
        assertThat(marks.x1(0)).isEqualTo(13.0);
        assertThat(marks.firstItem(0)).isZero();
        assertThat(marks.contains(0, TICK)).isTrue();
        assertThat(marks.contains(0, FAILURE)).isTrue();
        assertThat(marks.contains(0, CHECKPOINT)).isFalse();
        assertThat(marks.count(1)).isEqualTo(1);
        assertThat(marks.firstItem(1)).isEqualTo(4);
    }

    @Test
    void aggregatesStopGrowingAtTheirMaximumWidthSoADenseLaneKeepsItsShape() {
        int n = 100;
        long[] start = new long[n];
        MarkKind[] kinds = new MarkKind[n];
        for (int i = 0; i < n; i++) {
            start[i] = i;   // one item per pixel: every item touches the next
            kinds[i] = i == 50 ? FAILURE : TICK;
        }
        TimelineModel model = TimelineModelTest.synthetic(start, start.clone(), new int[n], kinds);
        MarkMerger.merge(model, 0, 100, 100, 2.0, 8.0, marks);
        assertThat(marks.size()).isBetween(11, 13);
        int failures = 0;
        for (int m = 0; m < marks.size(); m++) {
            assertThat(marks.x1(m) - marks.x0(m)).isLessThanOrEqualTo(8.0);
            failures += marks.contains(m, FAILURE) ? 1 : 0;
        }
        assertThat(failures).isEqualTo(1);
    }

    @Test
    void zoomingInSeparatesMergedItems() {
        TimelineModel model = TimelineModelTest.synthetic(
                new long[]{10, 11, 12}, new long[]{10, 11, 12}, new int[]{0, 0, 0}, new MarkKind[]{TICK, CHECKPOINT, TICK});
        MarkMerger.merge(model, 0, 100, 100, 2.0, marks);
        assertThat(marks.size()).isEqualTo(1);
        MarkMerger.merge(model, 0, 20, 1000, 2.0, marks);  // 50 px per nano
        assertThat(marks.size()).isEqualTo(3);
        assertThat(marks.kind(1)).isEqualTo(CHECKPOINT);
    }

    @Test
    void lanesMergeIndependently() {
        TimelineModel model = TimelineModelTest.synthetic(
                new long[]{10, 10, 11, 11}, new long[]{10, 10, 11, 11}, new int[]{0, 1, 0, 1}, new MarkKind[]{TICK, TICK, TICK, FAILURE});
        MarkMerger.merge(model, 0, 100, 100, 2.0, marks);
        assertThat(marks.size()).isEqualTo(2);
        for (int m = 0; m < marks.size(); m++) {
            assertThat(marks.count(m)).isEqualTo(2);
            assertThat(marks.kind(m)).isEqualTo(marks.lane(m) == 0 ? TICK : FAILURE);
        }
    }

    @Test
    void wideSpansAreDrawnAsThemselvesAndCloseTheAggregateBeforeThem() {
        TimelineModel model = TimelineModelTest.synthetic(
                new long[]{5, 6, 20}, new long[]{5, 6, 60}, new int[]{0, 0, 0}, new MarkKind[]{TICK, TICK, TOOL_SPAN});
        MarkMerger.merge(model, 0, 100, 100, 2.0, marks);
        assertThat(marks.size()).isEqualTo(2);
        assertThat(marks.count(0)).isEqualTo(2);
        assertThat(marks.kind(1)).isEqualTo(TOOL_SPAN);
        assertThat(marks.x1(1) - marks.x0(1)).isEqualTo(40.0);
    }

    @Test
    void onlyItemsInsideTheWindowAreEmittedButSpansReachingInAreKept() {
        TimelineModel model = TimelineModelTest.synthetic(
                new long[]{0, 10, 200, 500}, new long[]{300, 10, 200, 500}, new int[]{0, 0, 0, 0},
                new MarkKind[]{TOOL_SPAN, TICK, TICK, TICK});
        MarkMerger.merge(model, 100, 300, 200, 2.0, marks);
        assertThat(marks.size()).isEqualTo(2);
        assertThat(marks.firstItem(0)).isZero();   // the span 0..300, clipped at x < 0 by the drawer
        assertThat(marks.x0(0)).isEqualTo(-100.0);
        assertThat(marks.firstItem(1)).isEqualTo(2);
    }

    @Test
    void aFrameOverALargeRunAllocatesNothingAndStaysBoundedByThePixelWidth() {
        int n = 200_000;
        long[] start = new long[n];
        long[] end = new long[n];
        int[] lanes = new int[n];
        MarkKind[] kinds = new MarkKind[n];
        for (int i = 0; i < n; i++) {
            start[i] = i * 1_000_000L;
            end[i] = start[i] + (i % 50 == 0 ? 40_000_000L : 0);
            lanes[i] = i % 6;
            kinds[i] = i % 997 == 0 ? FAILURE : i % 50 == 0 ? TOOL_SPAN : TICK;
        }
        TimelineModel model = TimelineModelTest.synthetic(start, end, lanes, kinds);
        for (int warm = 0; warm < 20; warm++) {
            MarkMerger.merge(model, 0, n * 1_000_000L, 1200, 2.0, marks);
        }
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        MarkMerger.merge(model, 0, n * 1_000_000L, 1200, 2.0, marks);
        MarkMerger.merge(model, n * 400_000L, n * 600_000L, 1200, 2.0, marks);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated).as("bytes allocated by two frames").isZero();
        assertThat(marks.size()).as("marks are bounded by pixels x lanes, not by items").isLessThan(1200 * 6);
        boolean failureVisible = false;
        for (int m = 0; m < marks.size(); m++) {
            failureVisible |= marks.contains(m, FAILURE);
        }
        assertThat(failureVisible).as("merged failures stay visible").isTrue();
    }

    @Test
    void theBufferIsReusedAcrossFrames() {
        TimelineModel model = TimelineModelTest.synthetic(
                new long[]{10, 50}, new long[]{10, 50}, new int[]{0, 0}, new MarkKind[]{TICK, TICK});
        MarkMerger.merge(model, 0, 100, 100, 2.0, marks);
        assertThat(marks.size()).isEqualTo(2);
        MarkMerger.merge(model, 40, 60, 100, 2.0, marks);
        assertThat(marks.size()).isEqualTo(1);
    }
}
