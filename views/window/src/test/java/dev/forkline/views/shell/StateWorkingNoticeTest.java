package dev.forkline.views.shell;

import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.concurrent.QueuedTaskExecutor;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.StepScope;
import dev.forkline.views.viewmodel.ThemeChoice;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The state panel while the state at the cursor is still worked out (held here: the first state of a large trace
 * waits for its state pass): it says so once that has lasted a moment, never for a quick step, and stops when the
 * state arrives. Writes state-working.png to target/screenshots or -Dforkline.screenshots.dir.
 */
class StateWorkingNoticeTest {

    private static final Path DIR = Path.of(System.getProperty("forkline.screenshots.dir", "target/screenshots"));

    private Samples samples;

    @AfterEach
    void close() {
        HeadlessFx.call(() -> {
            Window.getWindows().stream().toList().forEach(Window::hide);
            return null;
        });
        if (samples != null) {
            samples.close();
        }
    }

    @Test
    void theNoticeShowsOnlyWhileAStateTakesLongerThanAMoment(@TempDir Path dir) throws Exception {
        samples = Samples.imported(dir, "wrong-tool-call");
        QueuedTaskExecutor executor = new QueuedTaskExecutor();
        HeadlessFx.ensureStarted();
        LaunchOptions options = new LaunchOptions(samples.library, new ReconstructorStateProvider(), null, null, ThemeChoice.LIGHT, null)
                .withServices(samples.services(null)).withContracts(List.of(Samples.CONTRACT));
        Workbench workbench = HeadlessFx.call(() -> {
            Stage stage = new Stage();
            Workbench shown = Workbench.create(options, executor, 1400, 900);
            stage.setScene(shown.scene());
            stage.show();
            executor.runAllNewestFirst();
            shown.model().openStored(Samples.traceId("wrong-tool-call"));
            executor.runAllNewestFirst();
            shown.model().timeline().select(2);
            executor.runAllNewestFirst();
            return shown;
        });
        StatePane pane = workbench.view().state;
        Node notice = HeadlessFx.call(() -> pane.lookup("#state-working"));

        boolean shownAtOnce = HeadlessFx.call(() -> {
            workbench.model().timeline().step(1, StepScope.ALL);
            return notice.isVisible();
        });
        assertThat(shownAtOnce).as("not for a step answered at once").isFalse();

        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!HeadlessFx.call(notice::isVisible) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(HeadlessFx.call(notice::isVisible)).as("shown once the state has taken a moment").isTrue();
        write(HeadlessFx.call(() -> {
            pane.applyCss();
            pane.layout();
            return SwingFXUtils.fromFXImage(pane.snapshot(null, null), null);
        }));

        HeadlessFx.call(() -> {
            executor.runAllNewestFirst();
            return null;
        });
        assertThat(HeadlessFx.call(notice::isVisible)).as("gone once the state is shown").isFalse();
        assertThat(HeadlessFx.call(() -> workbench.model().state().snapshot().atEventId()))
                .isEqualTo(HeadlessFx.call(() -> workbench.model().timeline().selectedEvent().id()));
    }

    private static void write(java.awt.image.BufferedImage image) throws Exception {
        Files.createDirectories(DIR);
        ImageIO.write(image, "png", DIR.resolve("state-working.png").toFile());
    }
}
