package dev.forkline.views.shell;

import dev.forkline.trace.decision.QueueItem;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.RunNode;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The run list and the escape queue as a reviewer works through many replays and traces (issue 22, "runs and queue"). */
class RunsAndQueueFlowsTest {

    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;

    private void show(LaunchOptions options) {
        HeadlessFx.ensureStarted();
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, new SameThreadTaskExecutor());
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
    void aRunIsHiddenFromTheRunListAndShownAgainMarked() {
        show(new LaunchOptions(new InMemoryTraceLibrary(DemoTrace.bundle()), new ReconstructorStateProvider(), null, null,
                ThemeChoice.LIGHT, null));
        HeadlessFx.call(() -> {
            model.openStored("demo-calc-fix");
            return null;
        });
        robot.clickOn(runCell(DemoTrace.FORK));
        HeadlessFx.waitForFx();
        assertThat(model.currentRun()).isEqualTo(DemoTrace.FORK);
        assertThat(view().forkTree.showHidden.isVisible()).isFalse();

        HeadlessFx.call(() -> {
            var menu = view().forkTree.tree.getContextMenu();
            menu.getOnShowing().handle(null);
            MenuItem hide = menu.getItems().stream().filter(i -> "hide-run".equals(i.getId())).findFirst().orElseThrow();
            assertThat(hide.getText()).isEqualTo("Hide run");
            assertThat(hide.isDisable()).isFalse();
            hide.fire();
            return null;
        });
        HeadlessFx.waitForFx();

        assertThat(shownRuns()).containsExactly(DemoTrace.ROOT);
        assertThat(model.currentRun()).as("the hidden run's parent shows").isEqualTo(DemoTrace.ROOT);
        assertThat(view().forkTree.showHidden.isVisible()).isTrue();
        assertThat(view().forkTree.showHidden.getText()).isEqualTo("1 hidden");

        robot.clickOn(view().forkTree.showHidden);
        HeadlessFx.waitForFx();
        assertThat(shownRuns()).containsExactly(DemoTrace.ROOT, DemoTrace.FORK);
        assertThat(HeadlessFx.call(() -> runCell(DemoTrace.FORK).getStyleClass())).contains("hidden-run");
    }

    @Test
    void theQueueBadgeCountsTheOpenTraceAndSaysSoAndTheQueueNamesTracesByTitle(@TempDir Path dir) throws Exception {
        samples = Samples.imported(dir, "wrong-tool-call", "permission-escalation");
        show(samples.launchOptions(null));
        int all = model.escapeQueue().countProperty().get();
        assertThat(all).isPositive();
        assertThat(view().queueButton.getText()).isEqualTo("Escape queue  " + all);

        String quiet = Samples.traceId("wrong-tool-call");
        long inQuiet = model.escapeQueue().items().stream().filter(i -> i.traceId().equals(quiet)).count();
        assertThat(inQuiet).as("a trace with less waiting than the library").isLessThan(all);
        HeadlessFx.call(() -> {
            model.openStored(quiet);
            return null;
        });
        HeadlessFx.waitForFx();
        assertThat(view().queueButton.getText()).isEqualTo("Escape queue · this trace  " + inQuiet);
        assertThat(view().queueButton.getTooltip().getText()).contains(inQuiet + " in the open trace, " + all + " across the library");

        HeadlessFx.call(() -> {
            view().showEscapeQueue();
            return null;
        });
        HeadlessFx.waitForFx();
        QueueItem first = view().queuePane.table.getItems().getFirst();
        String title = model.library().traces().stream().filter(t -> t.traceId().equals(first.traceId())).map(TraceSummary::title)
                .findFirst().orElseThrow();
        var traceColumn = view().queuePane.table.getColumns().stream().filter(c -> "queue-trace".equals(c.getId())).findFirst().orElseThrow();
        assertThat(traceColumn.getCellData(0)).isEqualTo(title).isNotEqualTo(first.traceId());
    }

    private List<String> shownRuns() {
        return HeadlessFx.call(() -> {
            List<String> runs = new ArrayList<>();
            collect(view().forkTree.tree.getRoot(), runs);
            return runs;
        });
    }

    private static void collect(TreeItem<RunNode> item, List<String> runs) {
        if (item.getValue() != null) {
            runs.add(item.getValue().run());
        }
        item.getChildren().forEach(child -> collect(child, runs));
    }

    /**
     * The row showing {@code run}, once the tree has laid out its rows for its current items: opening a trace gives the
     * tree its runs twice (their test files checked after the first), and a row looked up before the layout that
     * follows may be a reused cell about to show another run where the robot clicks.
     */
    private TreeCell<?> runCell(String run) {
        return HeadlessFx.call(() -> {
            view().forkTree.tree.applyCss();
            view().forkTree.tree.layout();
            return view().forkTree.tree.lookupAll(".tree-cell").stream()
                    .filter(n -> n instanceof TreeCell<?> c && c.isVisible() && c.getItem() instanceof RunNode node && node.run().equals(run))
                    .map(n -> (TreeCell<?>) n).findFirst().orElseThrow(() -> new AssertionError("no row for run " + run));
        });
    }
}
