package dev.forkline.views;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.shell.FxTaskExecutor;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;

/** The start-up line the benchmarks' window start waits for: once, after the library's first listing is laid out. */
class StartupLogTest {

    @Test
    void reportsOnceWhenTheFirstListingIsLaidOut() throws Exception {
        HeadlessFx.ensureStarted();
        List<String> reports = new CopyOnWriteArrayList<>();
        try (FxTaskExecutor executor = new FxTaskExecutor(1)) {
            Stage[] stage = new Stage[1];
            Workbench workbench = HeadlessFx.call(() -> {
                stage[0] = new Stage();
                Workbench shown = WorkbenchApp.show(stage[0], LaunchOptions.inMemory(), executor);
                assertThat(shown.model().library().loadingProperty().get()).as("the first listing is under way").isTrue();
                StartupLog.afterFirstListing(shown.model().library(), stage[0].getScene(), reports::add);
                return shown;
            });
            try {
                awaitReports(reports, 1);
                assertThat(reports.getFirst()).startsWith(StartupLog.LISTED + " (0 traces) ").endsWith(" ms after the process started");

                HeadlessFx.call(() -> {
                    workbench.model().library().refresh();
                    return null;
                });
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (HeadlessFx.call(() -> workbench.model().library().loadingProperty().get()) && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertThat(pulsed(stage[0].getScene())).as("a layout pulse after the second listing").isTrue();
                assertThat(reports).as("a later listing is not reported").hasSize(1);
            } finally {
                HeadlessFx.call(() -> {
                    stage[0].close();
                    return null;
                });
            }
        }
    }

    /** Asks for a layout and waits for the pulse that lays it out. */
    private static boolean pulsed(Scene scene) throws InterruptedException {
        CountDownLatch pulsed = new CountDownLatch(1);
        HeadlessFx.call(() -> {
            StartupLog.afterNextLayout(scene, pulsed::countDown);
            scene.getRoot().requestLayout();
            return null;
        });
        return pulsed.await(10, TimeUnit.SECONDS);
    }

    private static void awaitReports(List<String> reports, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (reports.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(reports).hasSize(count);
    }
}
