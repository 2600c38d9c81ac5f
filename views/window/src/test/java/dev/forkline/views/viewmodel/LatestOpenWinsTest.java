package dev.forkline.views.viewmodel;

import dev.forkline.views.concurrent.QueuedTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Two traces opened in quick succession: whatever order the loads finish in, the window shows the one asked for last. */
class LatestOpenWinsTest {

    private final QueuedTaskExecutor executor = new QueuedTaskExecutor();
    private WorkbenchViewModel workbench;

    @BeforeEach
    void twoTraces() {
        workbench = new WorkbenchViewModel(executor, new InMemoryTraceLibrary(DemoTrace.bundle(), DemoTrace.dense(10)),
                new ReconstructorStateProvider(), new RecentFiles(null));
        executor.runAllNewestFirst(); // the library's first listing and the escape queue
    }

    @Test
    void theSecondOfTwoQuickOpensIsShownEvenWhenTheFirstLoadEndsLast() {
        workbench.openStored("demo-calc-fix");
        workbench.openStored("dense-10");
        assertThat(workbench.busyProperty().get()).isTrue();

        executor.runAllNewestFirst(); // dense-10 loads first, then the older request for the demo ends

        assertThat(workbench.opened().bundle().manifest().traceId()).isEqualTo("dense-10");
        assertThat(workbench.timeline().events().size()).isEqualTo(workbench.opened().lineage().events(workbench.currentRun()).size());
        assertThat(workbench.busyProperty().get()).as("busy until every load has ended, then not").isFalse();
    }

    @Test
    void busyStaysOnWhileAnotherUserVisibleTaskStillRuns() {
        workbench.openStored("demo-calc-fix");
        workbench.verifyOpenedAgain(); // nothing open yet: no task
        executor.run(0);
        workbench.verifyOpenedAgain();
        workbench.openStored("dense-10");
        assertThat(executor.waiting()).isGreaterThanOrEqualTo(2);

        executor.run(executor.waiting() - 1); // the open ends first; the verification still runs
        assertThat(workbench.busyProperty().get()).as("one task still runs").isTrue();
        executor.runAllNewestFirst();
        assertThat(workbench.busyProperty().get()).isFalse();
    }
}
