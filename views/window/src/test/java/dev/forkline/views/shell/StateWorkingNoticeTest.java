package dev.forkline.views.shell;

import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.concurrent.QueuedTaskExecutor;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.StepScope;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Label;
import javafx.stage.Stage;
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
        HeadlessFx.hideAllWindows();
        if (samples != null) {
            samples.close();
        }
    }

    private final QueuedTaskExecutor executor = new QueuedTaskExecutor();

    /** The sample trace open in a window whose background tasks wait until the test runs them; {@code select} chosen. */
    private Workbench opened(Path dir, int select) throws Exception {
        samples = Samples.imported(dir, "wrong-tool-call");
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(null).withContracts(List.of(Samples.CONTRACT));
        return HeadlessFx.call(() -> {
            Stage stage = new Stage();
            Workbench shown = Workbench.create(options, executor, 1400, 900);
            stage.setScene(shown.scene());
            stage.show();
            executor.runAllNewestFirst();
            shown.model().openStored(Samples.traceId("wrong-tool-call"));
            executor.runAllNewestFirst();
            shown.model().timeline().select(select);
            executor.runAllNewestFirst();
            return shown;
        });
    }

    private static void awaitShown(Label notice) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!HeadlessFx.call(notice::isVisible) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(HeadlessFx.call(notice::isVisible)).as("shown once the state has taken a moment").isTrue();
    }

    /** The texts of the panel's title row, in order, those not shown left out. */
    private static List<String> titleRow(StatePane pane) {
        return HeadlessFx.call(() -> ((javafx.scene.layout.HBox) pane.getChildren().getFirst()).getChildren().stream()
                .filter(node -> node instanceof Label label && label.isVisible() && !label.getText().isEmpty())
                .map(node -> ((Label) node).getText()).toList());
    }

    @Test
    void theNoticeShowsOnlyWhileAStateTakesLongerThanAMoment(@TempDir Path dir) throws Exception {
        Workbench workbench = opened(dir, 2);
        StatePane pane = workbench.view().state;
        Label notice = HeadlessFx.call(() -> (Label) pane.lookup("#state-working"));

        boolean shownAtOnce = HeadlessFx.call(() -> {
            workbench.model().timeline().step(1, StepScope.ALL);
            return notice.isVisible();
        });
        assertThat(shownAtOnce).as("not for a step answered at once").isFalse();

        awaitShown(notice);
        assertThat(titleRow(pane)).containsExactly("State at cursor", "Working out the new state ·", "after r1.3");
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

    @Test
    void withNoStateShownYetTheNoticeSaysWhatItWorksOut(@TempDir Path dir) throws Exception {
        Workbench workbench = opened(dir, -1);
        StatePane pane = workbench.view().state;
        Label notice = HeadlessFx.call(() -> (Label) pane.lookup("#state-working"));
        assertThat(titleRow(pane)).containsExactly("State at cursor", "no event selected");

        HeadlessFx.call(() -> {
            workbench.model().timeline().select(4);
            return null;
        });
        awaitShown(notice);

        assertThat(titleRow(pane)).containsExactly("State at cursor", "Working out the state at the cursor…");
        HeadlessFx.call(() -> {
            executor.runAllNewestFirst();
            return null;
        });
        assertThat(titleRow(pane)).containsExactly("State at cursor", "after r1.5");
    }

    private static void write(java.awt.image.BufferedImage image) throws Exception {
        Files.createDirectories(DIR);
        ImageIO.write(image, "png", DIR.resolve("state-working.png").toFile());
    }
}
