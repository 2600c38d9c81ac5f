package dev.forkline.views.shell;

import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every panel follows the one current selection (issue 22, "panels from the wrong trace"): switching traces leaves no
 * replay or fork form of the previous one behind, and a failed import neither moves the main view nor leaves the
 * library highlighting another trace than the one shown.
 */
class OneSelectionFlowsTest {

    private static final String WRONG_TOOL_CALL = Samples.traceId("wrong-tool-call");
    private static final String MULTI_AGENT = Samples.traceId("multi-agent-conflict");

    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;

    private void show(Path dir) throws Exception {
        samples = Samples.imported(dir, "wrong-tool-call", "multi-agent-conflict");
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(new ScriptedReplayBackend(List.of(ScriptedReplayBackend.READ_MATCHED), List.of()));
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            Workbench shown = WorkbenchApp.show(stage, options, new SameThreadTaskExecutor());
            shown.model().checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (test)"));
            return shown;
        });
        model = workbench.model();
        HeadlessFx.waitForFx();
    }

    @AfterEach
    void close() {
        if (stage != null) {
            HeadlessFx.call(() -> {
                javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList().forEach(javafx.stage.Window::hide);
                stage.close();
                return null;
            });
        }
        if (samples != null) {
            samples.close();
        }
    }

    private WorkbenchView view() {
        return workbench.view();
    }

    @Test
    void switchingTracesLeavesNoReplayOrForkFormOfThePreviousOne(@TempDir Path dir) throws Exception {
        show(dir);
        clickLibraryRow(WRONG_TOOL_CALL);
        assertThat(model.opened().bundle().manifest().traceId()).isEqualTo(WRONG_TOOL_CALL);
        HeadlessFx.call(() -> {
            // the reviewer already chose to write into the bundle they opened (BundleWrites asks once per trace)
            model.bundleWrites().settle(WRONG_TOOL_CALL, dev.forkline.views.viewmodel.BundleWrites.Choice.WRITE_TO_BUNDLE);
            model.timeline().end();
            runMenuItem("Replay from here").fire();
            return null;
        });
        HeadlessFx.waitForFx();
        assertThat(view().replayPane.title.getText()).startsWith("Replay of r1");
        assertThat(view().replayPane.steps.getItems()).hasSize(1);
        HeadlessFx.call(() -> {
            model.timeline().end();
            view().showForkEdit();
            return null;
        });
        assertThat(view().forkStage.isShowing()).isTrue();

        clickLibraryRow(MULTI_AGENT);

        assertThat(model.opened().bundle().manifest().traceId()).isEqualTo(MULTI_AGENT);
        assertThat(view().replayPane.title.getText()).as("the replay panel no longer shows the other trace's replay").isEqualTo("No replay yet");
        assertThat(view().replayPane.steps.getItems()).isEmpty();
        assertThat(view().replayPane.summary.getText()).isEmpty();
        assertThat(view().replayPane.goToDivergence.isDisabled()).isTrue();
        assertThat(view().forkStage.isShowing()).as("the fork form of the other trace's event is closed").isFalse();
    }

    @Test
    void aFailedImportLeavesTheShownTraceTheLibraryHighlightAndRecentAlone(@TempDir Path dir) throws Exception {
        show(dir);
        clickLibraryRow(MULTI_AGENT);
        Path broken = Files.writeString(dir.resolve("broken.jsonl"), "{\"this is\": not a trace\n");

        HeadlessFx.call(() -> {
            model.importFile(broken);
            return null;
        });
        HeadlessFx.waitForFx();

        assertThat(model.errorProperty().get()).isNotNull();
        assertThat(model.opened().bundle().manifest().traceId()).as("the main view stays on the trace shown").isEqualTo(MULTI_AGENT);
        assertThat(highlighted()).as("the library highlights the trace shown").isEqualTo(MULTI_AGENT);
        assertThat(model.recentFiles().files()).as("a failed import is not offered again under File > Recent").doesNotContain(broken);
    }

    @Test
    void anImportThatOpensATraceMovesTheLibraryHighlightWithIt(@TempDir Path dir) throws Exception {
        show(dir);
        clickLibraryRow(MULTI_AGENT);
        Path broken = Files.writeString(dir.resolve("broken.jsonl"), "{\"this is\": not a trace\n");
        Path good = samples.copy("permission-escalation");

        HeadlessFx.call(() -> {
            model.importFiles(List.of(good, broken));
            return null;
        });
        HeadlessFx.waitForFx();

        String shown = model.opened().bundle().manifest().traceId();
        assertThat(shown).isEqualTo(Samples.traceId("permission-escalation"));
        assertThat(highlighted()).as("the library highlights the trace shown").isEqualTo(shown);
        assertThat(model.recentFiles().files()).contains(good).doesNotContain(broken);
    }

    private String highlighted() {
        TraceSummary selected = HeadlessFx.call(() -> view().library.list.getSelectionModel().getSelectedItem());
        return selected == null ? null : selected.traceId();
    }

    private void clickLibraryRow(String traceId) {
        int row = HeadlessFx.call(() -> {
            var items = view().library.list.getItems();
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).traceId().equals(traceId)) {
                    return i;
                }
            }
            throw new AssertionError(traceId + " is not in the library");
        });
        var cell = HeadlessFx.call(() -> view().library.list.lookupAll(".list-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.ListCell<?> c && c.getIndex() == row).findFirst().orElseThrow());
        robot.clickOn(cell);
        HeadlessFx.waitForFx();
    }

    private MenuItem runMenuItem(String text) {
        return view().runMenu.getItems().stream().filter(i -> text.equals(i.getText())).findFirst().orElseThrow();
    }
}
