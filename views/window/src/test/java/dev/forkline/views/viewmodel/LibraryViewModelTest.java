package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.store.LibrarySearchResult;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.ImportResult;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.DemoTrace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The library's search box over a store: traces found by their events' text too, with how many events hold it. */
class LibraryViewModelTest {

    @Test
    void theSearchTextFindsTracesByTheirEventsAndShowsHowManyEventsHoldIt(@TempDir Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);
            ImportResult imported = library.importTrace(DemoTrace.HAND_WRITTEN_SAMPLE, Progress.NONE);
            String traceId = imported.trace().traceId();
            LibraryViewModel model = new LibraryViewModel(new SameThreadTaskExecutor(), library);

            model.refresh();
            // the refresh brought the search index up to date in the background (here, in place)
            LibrarySearchResult expected = store.searchLibrary("pytest");
            assertThat(expected.scannedTraces()).isZero();
            LibrarySearchResult.Hit hit = expected.hits().getFirst();
            assertThat(hit.events()).isPositive();
            assertThat(imported.trace().title().toLowerCase()).doesNotContain("pytest");

            assertThat(model.listedCountProperty().get()).isEqualTo("1 trace");
            model.textProperty().set("pytest");

            assertThat(model.traces()).extracting(TraceSummary::traceId).containsExactly(traceId);
            assertThat(model.listedCountProperty().get()).as("a search narrows the list").isEqualTo("1 of 1");
            assertThat(model.eventHits()).containsOnlyKeys(traceId);
            assertThat(model.eventHits().get(traceId)).isEqualTo((hit.exact() ? "" : "≤ ") + hit.events()
                    + (hit.events() == 1 ? " matching event" : " matching events"));
            assertThat(model.scannedTracesProperty().get()).isZero();

            model.textProperty().set("nosuchwordanywhere");
            assertThat(model.traces()).isEmpty();
            assertThat(model.listedCountProperty().get()).isEqualTo("0 of 1");
            assertThat(model.eventHits()).isEmpty();
            assertThat(model.emptyListTextProperty().get()).as("a trace is stored: none matches")
                    .isEqualTo(LibraryViewModel.NONE_MATCHES);

            assertThat(store.searchLibrary("://").hits()).as("in a URL of the trace's events").isNotEmpty();
            model.textProperty().set("://");
            assertThat(model.traces()).as("no word: not looked for in every trace's events from the window").isEmpty();
            assertThat(model.scannedTracesProperty().get()).isZero();

            model.textProperty().set(imported.trace().title());
            assertThat(model.traces()).extracting(TraceSummary::traceId).containsExactly(traceId);
        }
    }

    @Test
    void theCountSaysHowManyTracesAreStoredAndHowManyASearchLeaves() {
        assertThat(LibraryViewModel.listedCount(0, 0, false)).as("the empty list says it").isEmpty();
        assertThat(LibraryViewModel.listedCount(1, 1, false)).isEqualTo("1 trace");
        assertThat(LibraryViewModel.listedCount(1_000, 1_000, false)).isEqualTo("1,000 traces");
        assertThat(LibraryViewModel.listedCount(12, 1_000, true)).isEqualTo("12 of 1,000");
    }

    /** An empty list says why: nothing stored, nothing matching, or a search still reading traces not indexed yet. */
    @Test
    void theEmptyListSaysWhetherNothingIsStoredNothingMatchesOrTheSearchStillRuns(@TempDir Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("forkline").toAbsolutePath())) {
            dev.forkline.views.concurrent.QueuedTaskExecutor executor = new dev.forkline.views.concurrent.QueuedTaskExecutor();
            LibraryViewModel model = new LibraryViewModel(executor, new StoreTraceLibrary(store));
            model.refresh();
            executor.runAllNewestFirst();
            assertThat(model.emptyListTextProperty().get()).isEqualTo(LibraryViewModel.NO_TRACES);

            model.textProperty().set("pytest");
            assertThat(model.emptyListTextProperty().get()).isEqualTo(LibraryViewModel.SEARCHING);
            executor.runAllNewestFirst();
            assertThat(model.emptyListTextProperty().get()).isEqualTo(LibraryViewModel.NONE_MATCHES);

            model.textProperty().set("");
            executor.runAllNewestFirst();
            assertThat(model.emptyListTextProperty().get()).isEqualTo(LibraryViewModel.NO_TRACES);

            model.importingProperty().set(true);
            assertThat(model.emptyListTextProperty().get()).as("not 'nothing stored' while a trace is being stored")
                    .isEqualTo(LibraryViewModel.IMPORTING);
            model.textProperty().set("pytest");
            executor.runAllNewestFirst();
            assertThat(model.emptyListTextProperty().get()).as("a search finds nothing, import or not")
                    .isEqualTo(LibraryViewModel.NONE_MATCHES);
            model.textProperty().set("");
            executor.runAllNewestFirst();
            model.importingProperty().set(false);
            assertThat(model.emptyListTextProperty().get()).isEqualTo(LibraryViewModel.NO_TRACES);
        }
    }

    @Test
    void aTraceFoundByItsEventsOpensWithTheTextInItsEventSearch(@TempDir Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);
            String traceId = library.importTrace(DemoTrace.HAND_WRITTEN_SAMPLE, Progress.NONE).trace().traceId();
            WorkbenchViewModel workbench = new WorkbenchViewModel(new SameThreadTaskExecutor(), library,
                    new dev.forkline.views.state.ReconstructorStateProvider(), new RecentFiles(null));

            workbench.library().textProperty().set(" pytest ");
            workbench.openStored(traceId);

            assertThat(workbench.filter().textProperty().get()).isEqualTo("pytest");
            assertThat(workbench.filter().matchCountProperty().get()).isPositive();
        }
    }
}
