package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.testdata.HeldImports;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The status of a foreign file's import while its events are stored: the previews stop long before the end
 * ({@link ImportPreview#FOREIGN_PREVIEW_BUDGET}), so the status says how many of the events made so far the reviewer
 * sees, not only how many were made.
 */
class ImportPreviewStatusTest {

    private static final long FILE = 500_000_000L;

    @TempDir
    Path dir;

    @Test
    void saysHowManyOfTheEventsMadeSoFarAreShown() throws Exception {
        Path part = HeldImports.writeBundle(dir.resolve("part"), 300);
        List<Event> made = Importers.builtIn().read(HeldImports.writeBundle(dir.resolve("made"), 1_000)).bundle().events();
        List<String> statuses = new ArrayList<>();
        List<OpenedTrace> shown = new ArrayList<>();
        ImportPreview preview = new ImportPreview(dir.resolve("rollout.jsonl"), new SameThreadTaskExecutor(),
                bundle -> new OpenedTrace(bundle, null), shown::add, (message, fraction) -> statuses.add(message), () -> false);
        preview.begin("rollout.jsonl", null, null);

        preview.read(1 << 20, FILE, stopped -> Importers.builtIn().read(part));
        assertThat(shown).as("the first frame").hasSize(1);
        preview.accept(batchOf(made.subList(0, 200)));
        assertThat(statuses.getLast()).as("fewer made than shown").endsWith(" · 200 events so far");

        preview.accept(batchOf(made));
        assertThat(statuses.getLast()).isEqualTo("Importing rollout.jsonl · 1.0 MB of 500.0 MB · 1,000 events so far, 300 shown");
    }

    private static EventBatch batchOf(List<Event> events) {
        EventColumns.Builder columns = new EventColumns.Builder(events.size());
        events.forEach(columns::add);
        int n = events.size();
        return new EventBatch(0, columns.buildPart(), new byte[0], 0, new int[n], new int[n], new long[n]);
    }
}
