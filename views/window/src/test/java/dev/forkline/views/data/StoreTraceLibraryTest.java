package dev.forkline.views.data;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.concurrent.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StoreTraceLibraryTest {

    static final Path SAMPLE = dev.forkline.views.testdata.DemoTrace.HAND_WRITTEN_SAMPLE;

    @Test
    void importsListsSearchesAndLoadsThroughTheStore(@TempDir Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);
            List<String> steps = new ArrayList<>();
            Progress progress = (message, fraction) -> steps.add(message);

            ImportResult imported = library.importTrace(SAMPLE, progress);

            assertThat(steps).first().asString().startsWith("Reading");
            assertThat(steps).last().asString().startsWith("Stored: imported");
            assertThat(library.list()).singleElement().satisfies(t -> assertThat(t.traceId()).isEqualTo(imported.trace().traceId()));
            assertThat(library.location()).startsWith("H2 ").contains(dir.toString());
            assertThat(library.search(new LibraryQuery("no such title", null, null, null, null))).isEmpty();
            assertThat(library.search(new LibraryQuery(null, null, null, "forkline", null))).hasSize(1);

            Bundle loaded = library.load(imported.trace().traceId());
            assertThat(loaded.events()).hasSize(imported.trace().eventCount());
            IndexRunLineage lineage = new IndexRunLineage(loaded);
            assertThat(lineage.roots()).isNotEmpty();
        }
    }

    @Test
    void theChecksSayHowFarTheyGotAndACancelThereStoresNothing(@TempDir Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);

            org.assertj.core.api.Assertions.assertThatThrownBy(() -> library.importTrace(SAMPLE, (message, fraction) -> {
                if (message.matches("Checking .* · [0-9,]+ of [0-9,]+ events")) {
                    throw new java.util.concurrent.CancellationException("cancelled while checking");
                }
            })).isInstanceOf(java.util.concurrent.CancellationException.class);
            assertThat(library.list()).isEmpty();

            List<String> steps = new ArrayList<>();
            List<Double> fractions = new ArrayList<>();
            ImportResult imported = library.importTrace(SAMPLE, (message, fraction) -> {
                steps.add(message);
                fractions.add(fraction);
            });
            int events = imported.trace().eventCount();
            int at = steps.indexOf(String.format("Checking %s · %,d of %,d events", imported.trace().title(), events, events));
            assertThat(at).as("the checks' last step in %s", steps).isPositive();
            assertThat(fractions.get(at)).isCloseTo(0.6, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(library.list()).hasSize(1);
        }
    }

    @Test
    void theFilterBarSearchesAStoredTraceWithTheStoresSearch(@TempDir Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);
            String traceId = library.importTrace(SAMPLE, Progress.NONE).trace().traceId();
            List<String> searches = new ArrayList<>();
            TraceLibrary counting = new TraceLibrary() {
                public String location() { return library.location(); }
                public List<TraceSummary> list() throws java.io.IOException { return library.list(); }
                public List<TraceSummary> search(LibraryQuery query) throws java.io.IOException { return library.search(query); }
                public Bundle load(String id) throws java.io.IOException { return library.load(id); }
                public ImportResult importTrace(Path path, Progress progress) { throw new UnsupportedOperationException(); }
                public boolean canRead(Path path) { return library.canRead(path); }
                public java.util.Optional<List<String>> searchEvents(String id, String text, String type, String actor, boolean errorsOnly,
                                                                     java.util.function.BooleanSupplier stopped) throws java.io.IOException {
                    searches.add(text);
                    return library.searchEvents(id, text, type, actor, errorsOnly, stopped);
                }
            };
            var workbench = new dev.forkline.views.viewmodel.WorkbenchViewModel(new dev.forkline.views.concurrent.SameThreadTaskExecutor(),
                    counting, new dev.forkline.views.state.ReconstructorStateProvider(), new dev.forkline.views.viewmodel.RecentFiles(null));
            workbench.openStored(traceId);
            workbench.filter().textProperty().set("pytest");

            assertThat(searches).containsExactly("pytest");
            List<String> expected = library.searchEvents(traceId, "pytest", null, null, false, () -> false).orElseThrow().stream()
                    .filter(id -> id.startsWith("main.")).toList();
            assertThat(expected).isNotEmpty();
            assertThat(workbench.filter().matchCountProperty().get()).isEqualTo(expected.size());
            workbench.timeline().step(+1, dev.forkline.views.viewmodel.StepScope.MATCHES);
            assertThat(expected).contains(workbench.timeline().selectedEvent().id());
        }
    }

    @Test
    void importingAFolderOfTracesStoresEveryTraceInItAndOpensTheLast(@TempDir Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);
            var workbench = new dev.forkline.views.viewmodel.WorkbenchViewModel(new dev.forkline.views.concurrent.SameThreadTaskExecutor(),
                    library, new dev.forkline.views.state.ReconstructorStateProvider(), new dev.forkline.views.viewmodel.RecentFiles(null));
            Path samples = SAMPLE.getParent().getParent();
            List<Path> found = dev.forkline.importers.TraceFiles.expand(samples, library::canRead);
            assertThat(found).hasSizeGreaterThanOrEqualTo(2).contains(SAMPLE);

            workbench.importFiles(List.of(samples));

            assertThat(workbench.errorProperty().get()).as("no import failed").isNull();
            assertThat(library.list()).hasSize(found.size());
            assertThat(workbench.library().traces()).hasSize(found.size());
            assertThat(workbench.opened()).isNotNull();
        }
    }
}
