package dev.forkline.views.shell;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.HeldImports;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large bundle imported in the window (TestFX, headless, the window's own background threads): while its reading is
 * held after the first block, the timeline is painted with what was read, marked "importing"; the Cancel import button
 * closes it, the status bar says nothing was stored, and nothing is.
 */
class ImportPreviewFlowsTest {

    @TempDir
    Path dir;
    private final FxTaskExecutor executor = new FxTaskExecutor(WorkbenchApp.BACKGROUND_THREADS);
    private Samples samples;
    private HeldImports library;
    private Stage stage;

    @AfterEach
    void close() {
        if (library != null) {
            library.release.countDown();
        }
        if (stage != null) {
            HeadlessFx.call(() -> {
                stage.close();
                return null;
            });
        }
        executor.close();
        if (samples != null) {
            samples.close();
        }
    }

    @Test
    void theTimelineShowsWhatWasReadSoFarAndCancelImportStoresNothing() throws Exception {
        Path bundle = HeldImports.writeBundle(dir.resolve("big"), 42_000);
        samples = Samples.empty(dir.resolve("library"));
        library = new HeldImports(samples.library);
        HeadlessFx.ensureStarted();
        LaunchOptions options = new LaunchOptions(library, new ReconstructorStateProvider(), null, null, ThemeChoice.LIGHT, null)
                .withServices(samples.services(null));
        Workbench workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        WorkbenchViewModel model = workbench.model();
        WorkbenchView view = workbench.view();
        Label badge = (Label) view.lookup("#importing-badge");
        Button cancel = (Button) view.lookup("#import-cancel");
        assertThat(HeadlessFx.call(() -> badge.isVisible() || cancel.isVisible())).isFalse();
        MenuItem cancelItem = HeadlessFx.call(() -> ((MenuBar) view.lookup(".menu-bar")).getMenus().getFirst().getItems().stream()
                .filter(item -> "cancel-import-item".equals(item.getId())).findFirst().orElseThrow());
        assertThat(HeadlessFx.call(cancelItem::isDisable)).as("File › Cancel import with no import running").isTrue();
        assertThat(HeadlessFx.call(view.timelineCanvas.placeholderProperty()::get)).startsWith("Open a trace");

        long framesBefore = HeadlessFx.call(view.timelineCanvas::frames);
        HeadlessFx.call(() -> {
            model.importFile(bundle);
            return null;
        });
        library.firstBatchHeld.await();
        awaitFx(() -> model.previewingProperty().get());
        awaitFx(() -> view.timelineCanvas.frames() > framesBefore); // painted by the window's own pulse
        assertThat(HeadlessFx.call(() -> badge.isVisible() && cancel.isVisible())).isTrue();
        assertThat(HeadlessFx.call(cancelItem::isDisable)).isFalse();
        assertThat(HeadlessFx.call(view.timelineCanvas.placeholderProperty()::get)).as("what an empty timeline says meanwhile")
                .startsWith("Importing: the trace opens here once it is stored");
        assertThat(HeadlessFx.call(() -> model.timeline().model().eventCount())).isPositive().isLessThan(42_000);
        IntegrityBanner banner = view.integrityBanner;
        assertThat(HeadlessFx.call(banner.headline::getText)).as("not the wording for a stored trace").startsWith("Not verified yet: a part read while the import goes on.");
        assertThat(HeadlessFx.call(banner.verify::isVisible)).as("nothing stored to verify").isFalse();

        HeadlessFx.call(() -> {
            cancel.fire();
            return null;
        });
        assertThat(HeadlessFx.call(() -> model.opened() == null && !badge.isVisible() && !cancel.isVisible())).isTrue();
        assertThat(HeadlessFx.call(cancelItem::isDisable)).isTrue();
        Label notice = (Label) HeadlessFx.call(() -> view.lookup("#import-notice"));
        assertThat(HeadlessFx.call(notice::getText)).contains("cancelled").contains("nothing of it was stored");

        library.release.countDown();
        // the import's task ends once reading stopped and the store rolled back: then the library has no such trace
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline && Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.getName().equals("forkline-import-trace"))) {
            Thread.sleep(50);
        }
        assertThat(library.readTo).as("reading stopped at the block after the cancel").isLessThan(42_000);
        assertThat(samples.library.list()).isEmpty();
        assertThat(HeadlessFx.call(model::opened)).isNull();
    }
}
