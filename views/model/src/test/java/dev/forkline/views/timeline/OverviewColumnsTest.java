package dev.forkline.views.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.timeline.geometry.OverviewScale;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverviewColumnsTest {

    private final OverviewColumns columns = new OverviewColumns();

    @Test
    void eachAlteredEventIsInTheColumnItsTimeFallsInAndEachColumnIsGivenOnce() {
        int n = 200_000;
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            times[i] = i * 5_000L;
        }
        TimelineModel model = model(times);
        BitSet altered = new BitSet();
        altered.set(0, n, true);
        altered.clear(n / 2, n); // the second half intact

        columns.update(model, altered, model.axisLength(), 400);

        List<Integer> found = walk();
        assertThat(found).doesNotHaveDuplicates().isSorted();
        for (int i = 0; i < n; i++) {
            int column = (int) Math.round(OverviewScale.toX(model.toAxis(times[i]), model.axisLength(), 400));
            if (altered.get(i)) {
                assertThat(found).as("event %d's column", i).contains(column);
            }
        }
        assertThat(found.getLast()).as("no column past the middle of the run").isLessThan(210);
    }

    @Test
    void aNewSetOrAnotherWidthFindsTheColumnsAgainAndTheSameOnesDoNot() {
        long[] times = {0, 1_000_000, 2_000_000};
        TimelineModel model = model(times);
        BitSet first = new BitSet();
        first.set(0);
        columns.update(model, first, model.axisLength(), 100);
        List<Integer> before = walk();
        assertThat(before).hasSize(1);

        first.set(2); // changed in place: taken as the set it was given as
        columns.update(model, first, model.axisLength(), 100);
        assertThat(walk()).isEqualTo(before);

        BitSet second = (BitSet) first.clone();
        columns.update(model, second, model.axisLength(), 100);
        assertThat(walk()).hasSize(2);

        columns.update(model, second, model.axisLength(), 1_000);
        assertThat(walk()).hasSize(2).allSatisfy(column -> assertThat(column).isBetween(0, 1_000));
        assertThat(walk().getLast()).isGreaterThan(900);

        columns.update(model, null, model.axisLength(), 1_000);
        assertThat(walk()).isEmpty();
    }

    private List<Integer> walk() {
        List<Integer> found = new ArrayList<>();
        for (int c = columns.next(0); c >= 0; c = columns.next(c + 1)) {
            found.add(c);
        }
        return found;
    }

    private static TimelineModel model(long[] times) {
        return TimelineModelTest.ticks(times, new int[times.length]);
    }
}
