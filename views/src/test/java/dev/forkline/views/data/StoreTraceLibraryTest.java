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
}
