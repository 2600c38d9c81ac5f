package dev.forkline.views.viewmodel;

import dev.forkline.views.concurrent.QueuedTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reviewer holding the step key while the state at the cursor is still being worked out (the first state of a newly
 * shown trace waits for its state pass): the steps do not pile up on the background threads, the panel says it is
 * working, and the state it ends with is the cursor's.
 */
class SteppingWhileStateIsWorkedOutTest {

    private final QueuedTaskExecutor executor = new QueuedTaskExecutor();
    private WorkbenchViewModel workbench;

    @BeforeEach
    void openedTrace() {
        workbench = new WorkbenchViewModel(executor, new InMemoryTraceLibrary(DemoTrace.dense(50)),
                new ReconstructorStateProvider(), new RecentFiles(null));
        executor.runAllNewestFirst();
        workbench.openStored("dense-50");
        executor.runAllNewestFirst();
        workbench.timeline().select(0);
        executor.runAllNewestFirst();
    }

    @Test
    void stepsTakenWhileAStateIsWorkedOutWaitAsOneAndTheLastIsShown() {
        for (int i = 0; i < 8; i++) {
            workbench.timeline().step(1, StepScope.ALL);
        }

        assertThat(executor.waitingNames().stream().filter("reconstruct-state"::equals))
                .as("one reconstruction at a time, however many steps").hasSize(1);
        assertThat(workbench.state().workingProperty().get()).isTrue();

        executor.runAllNewestFirst();

        assertThat(workbench.state().snapshot().atEventId()).isEqualTo(workbench.timeline().selectedEvent().id());
        assertThat(workbench.state().workingProperty().get()).isFalse();
    }

    @Test
    void aCursorClearedWhileAStateIsWorkedOutLeavesThePanelEmptyAndIdle() {
        workbench.timeline().step(1, StepScope.ALL);
        workbench.timeline().select(-1);

        assertThat(workbench.state().workingProperty().get()).isFalse();
        executor.runAllNewestFirst();

        assertThat(workbench.state().snapshot().atEventId()).isNull();
    }
}
