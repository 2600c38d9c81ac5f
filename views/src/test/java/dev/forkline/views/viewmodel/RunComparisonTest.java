package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.views.data.IndexRunLineage;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RunComparisonTest {

    @Test
    void forkIsAlignedWithItsParentAfterTheCheckpoint() {
        IndexRunLineage lineage = new IndexRunLineage(DemoTrace.bundle());
        RunComparison comparison = RunComparison.withParent(lineage, DemoTrace.FORK);
        assertThat(comparison.leftRun()).isEqualTo(DemoTrace.ROOT);
        assertThat(comparison.rows().getFirst().left().text("callId")).isEqualTo("c4");
        assertThat(comparison.rows().getFirst().right().text("callId")).isEqualTo("c2");
        assertThat(comparison.firstDivergence()).isZero();
        assertThat(comparison.rows()).hasSize(8);
    }

    @Test
    void identicalStepsAgreeUntilTheFirstDifference() {
        List<Event> root = DemoTrace.bundle().events().stream().filter(e -> e.run().equals(DemoTrace.ROOT)).toList();
        RunComparison same = RunComparison.compare("a", root, "b", root, null);
        assertThat(same.firstDivergence()).isEqualTo(-1);
        RunComparison shorter = RunComparison.compare("a", root, "b", root.subList(0, 10), null);
        assertThat(shorter.firstDivergence()).isEqualTo(10);
        assertThat(shorter.rows().get(10).right()).isNull();
    }

    @Test
    void aRootRunHasNothingToCompare() {
        IndexRunLineage lineage = new IndexRunLineage(DemoTrace.bundle());
        assertThat(RunComparison.withParent(lineage, DemoTrace.ROOT).rows()).isEmpty();
    }
}
