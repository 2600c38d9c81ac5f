package dev.forkline.views.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.SharedSamples;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The window's error for a session imported again once grown offers "Replace the stored trace" beside Close, never as
 * the default button; choosing it stores the longer session in place (a real Claude Code transcript, cut, then whole).
 */
class ReplaceStoredTraceFlowsTest {

    private final FxRobot robot = new FxRobot();

    @Test
    void theErrorOffersTheReplacementAndChoosingItStoresTheLongerSession(@TempDir Path dir) throws Exception {
        List<String> records = Files.readAllLines(SharedSamples.require(SharedSamples.CLAUDE_CODE_SPLIT_MESSAGES));
        Path session = dir.resolve("session.jsonl");
        Files.write(session, records.subList(0, 120));
        HeadlessFx.ensureStarted();
        FxTaskExecutor executor = new FxTaskExecutor(1);
        Stage[] stage = new Stage[1];
        try (Samples samples = Samples.empty(dir.resolve("store"))) {
            Workbench workbench = HeadlessFx.call(() -> {
                stage[0] = new Stage();
                return WorkbenchApp.show(stage[0], samples.launchOptions(ScriptedReplayBackend.goMissing()), executor);
            });
            WorkbenchViewModel model = workbench.model();
            HeadlessFx.call(() -> {
                model.importFile(session);
                return null;
            });
            awaitFx(() -> model.opened() != null && !model.importRunningProperty().get());
            Files.write(session, records);
            HeadlessFx.call(() -> {
                model.importFile(session);
                return null;
            });
            awaitFx(() -> robot.lookup("#error-dialog").tryQuery().isPresent());
            DialogPane dialog = robot.lookup("#error-dialog").queryAs(DialogPane.class);
            Button replace = robot.lookup("#error-offer").queryAs(Button.class);

            assertThat(dialog.getContentText()).contains("its run has 231 events (a session stored while it was still going on");
            assertThat(replace.getText()).isEqualTo("Replace the stored trace");
            assertThat(replace.isDefaultButton()).as("Enter does not replace a stored trace").isFalse();
            awaitFx(() -> !replace.isFocused() && dialog.lookupButton(javafx.scene.control.ButtonType.CLOSE).isFocused());
            assertThat(samples.store.find(model.opened().bundle().manifest().traceId()).orElseThrow().eventCount()).isEqualTo(129);

            robot.clickOn(replace);

            awaitFx(() -> model.opened() != null && model.opened().bundle().events().size() == 231 && !model.importRunningProperty().get());
            assertThat(samples.store.find(model.opened().bundle().manifest().traceId()).orElseThrow().eventCount()).isEqualTo(231);
            assertThat(robot.lookup("#error-dialog").tryQuery()).isEmpty();
        } finally {
            HeadlessFx.call(() -> {
                if (stage[0] != null) {
                    stage[0].close();
                }
                return null;
            });
            executor.close();
        }
    }

    private static void awaitFx(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!HeadlessFx.call(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 20 s");
            }
            Thread.sleep(50);
        }
    }
}
