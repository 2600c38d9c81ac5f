package dev.forkline.views.viewmodel;

import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.IndexRunLineage;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.state.StateProvider;
import dev.forkline.views.state.StateSnapshot;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A trace shown again grown (an import's next part): until its own state pass is made, the states of the events the
 * earlier load also holds come from that load, whose pass was made; beyond them, and once the grown trace's pass is
 * made, from the grown trace.
 */
class StateCarriedOverTest {

    private static final String RUN = "dense";

    /** The reconstructor's answers, noting which load each was asked of. */
    private static final class Asked implements StateProvider {
        final StateProvider real = new ReconstructorStateProvider();
        final List<RunLineage> asked = new ArrayList<>();

        @Override
        public StateSnapshot at(RunLineage lineage, String run, int eventIndex) {
            asked.add(lineage);
            return real.at(lineage, run, eventIndex);
        }

        @Override
        public CompletableFuture<Void> prepare(RunLineage lineage, String run) {
            return real.prepare(lineage, run);
        }

        @Override
        public boolean isPrepared(RunLineage lineage, String run) {
            return real.isPrepared(lineage, run);
        }

        /** Loads whose pass is said to be under way (made by another thread), beside those the reconstructor has begun. */
        final java.util.Set<RunLineage> passUnderWay = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

        @Override
        public boolean isPreparing(RunLineage lineage, String run) {
            return passUnderWay.contains(lineage) || real.isPreparing(lineage, run);
        }
    }

    private final Asked provider = new Asked();
    private final StatePanelViewModel panel = new StatePanelViewModel(new SameThreadTaskExecutor(), provider);
    private final IndexRunLineage earlier = new IndexRunLineage(DemoTrace.dense(20));
    private final IndexRunLineage grown = new IndexRunLineage(DemoTrace.dense(50));

    @Test
    void theEarlierLoadAnswersForTheEventsItHoldsUntilTheGrownTraceHasItsPass() {
        panel.update(earlier, RUN, 5, BlobSource.NONE);
        assertThat(provider.isPrepared(earlier, RUN)).as("the first state made the earlier load's pass").isTrue();

        panel.carryOver(earlier);
        panel.update(grown, RUN, 6, BlobSource.NONE);
        assertThat(provider.asked.getLast()).isSameAs(earlier);
        assertThat(provider.isPrepared(grown, RUN)).as("no pass over the grown trace yet").isFalse();
        StateSnapshot carried = panel.snapshot();

        int beyond = grown.events(RUN).size() - 1;
        panel.update(grown, RUN, beyond, BlobSource.NONE);
        assertThat(provider.asked.getLast()).as("an event only the grown trace holds").isSameAs(grown);
        assertThat(panel.snapshot().atEventId()).isEqualTo(grown.events(RUN).id(beyond));

        panel.update(grown, RUN, 6, BlobSource.NONE);
        assertThat(provider.asked.getLast()).as("the grown trace's pass is made").isSameAs(grown);
        assertThat(panel.snapshot()).as("the same state either way").isEqualTo(carried);
    }

    @Test
    void aLoadWhosePassIsUnderWayIsCarriedWhenNoneWithAMadePassIs() {
        panel.update(new IndexRunLineage(DemoTrace.dense(10)), RUN, 0, BlobSource.NONE); // another load, never carried
        provider.passUnderWay.add(earlier);
        panel.carryOver(earlier);

        panel.update(grown, RUN, 6, BlobSource.NONE);

        assertThat(provider.asked.getLast()).as("waits for the shorter pass begun earlier").isSameAs(earlier);
    }

    @Test
    void aLoadWhosePassIsMadeStaysCarriedOverALaterOneWhosePassIsUnderWay() {
        IndexRunLineage first = new IndexRunLineage(DemoTrace.dense(10));
        panel.update(first, RUN, 3, BlobSource.NONE);
        panel.carryOver(first);
        provider.passUnderWay.add(earlier);
        panel.carryOver(earlier);

        panel.update(grown, RUN, 6, BlobSource.NONE);
        assertThat(provider.asked.getLast()).isSameAs(first);
        panel.update(grown, RUN, first.events(RUN).size(), BlobSource.NONE);
        assertThat(provider.asked.getLast()).as("beyond the first load").isSameAs(grown);
    }

    @Test
    void nothingIsCarriedOverToAnotherTraceOrFromALoadWithoutItsPass() {
        panel.update(earlier, RUN, 5, BlobSource.NONE);
        panel.carryOver(earlier);
        panel.carryOver(null); // another trace shown
        panel.update(grown, RUN, 6, BlobSource.NONE);
        assertThat(provider.asked.getLast()).isSameAs(grown);

        IndexRunLineage unprepared = new IndexRunLineage(DemoTrace.dense(20));
        IndexRunLineage next = new IndexRunLineage(DemoTrace.dense(50));
        panel.carryOver(unprepared);
        panel.update(next, RUN, 6, BlobSource.NONE);
        assertThat(provider.asked.getLast()).isSameAs(next);
    }
}
