package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.testdata.UiQueueExecutor;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A text search of a stored trace reads the whole trace (4-6 s for 1.5M events): typing does not start one search per
 * keystroke, a search the next keystroke replaces stops where it is, and meanwhile the bar says a search is under way
 * rather than showing the count of the text typed before.
 */
class FilterViewModelSearchTest {

    private WorkbenchViewModel workbench;
    private final UiQueueExecutor executor = new UiQueueExecutor();
    private FilterViewModel filter;
    private final List<String> searched = new CopyOnWriteArrayList<>();
    private String found;

    @BeforeEach
    void openDemo() {
        workbench = new WorkbenchViewModel(new SameThreadTaskExecutor(), new InMemoryTraceLibrary(DemoTrace.bundle()),
                new ReconstructorStateProvider(), new RecentFiles(null));
        workbench.openStored("demo-calc-fix");
        found = workbench.timeline().events().event(2).id();
        filter = new FilterViewModel(workbench.timeline(), executor);
    }

    @Test
    void textTypedQuicklyIsSearchedOnceTheTypingPauses() throws Exception {
        filter.useStoredSearch((query, stopped) -> {
            searched.add(query.text());
            return Optional.of(List.of(found));
        });

        for (String typed : List.of("p", "py", "pyt", "pytest")) {
            filter.textProperty().set(typed);
            Thread.sleep(FilterViewModel.TYPING_PAUSE_MILLIS / 10); // a brisk typist: well within the pause
        }

        assertThat(filter.searchingProperty().get()).isTrue();
        executor.runUiUntil(() -> !filter.searchingProperty().get());
        executor.awaitWorkers();
        assertThat(searched).containsExactly("pytest");
        assertThat(filter.matchCountProperty().get()).isEqualTo(1);
    }

    @Test
    void aSearchReplacedWhileItRunsStopsAndItsOutcomeIsNeverShown() throws Exception {
        CountDownLatch firstRuns = new CountDownLatch(1);
        AtomicBoolean firstStopped = new AtomicBoolean();
        filter.useStoredSearch((query, stopped) -> {
            searched.add(query.text());
            if (query.text().equals("first")) {
                firstRuns.countDown();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (!stopped.getAsBoolean()) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("never told to stop");
                    }
                    Thread.sleep(5);
                }
                firstStopped.set(true);
                throw new IOException("the scan of the trace was stopped");
            }
            return Optional.of(List.of(found));
        });
        filter.textProperty().set("first");
        assertThat(firstRuns.await(30, TimeUnit.SECONDS)).isTrue();

        filter.textProperty().set("second");

        assertThat(filter.searchingProperty().get()).as("a new search under way").isTrue();
        executor.runUiUntil(() -> !filter.searchingProperty().get());
        executor.awaitWorkers();
        executor.runUiUntil(executor::idle);
        assertThat(firstStopped).isTrue();
        assertThat(searched).containsExactly("first", "second");
        assertThat(filter.matchCountProperty().get()).as("the second search's matches, not the stopped one's").isEqualTo(1);
    }
}
