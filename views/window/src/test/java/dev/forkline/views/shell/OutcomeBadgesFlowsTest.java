package dev.forkline.views.shell;

import dev.forkline.replay.engine.OutcomeComparison;
import dev.forkline.replay.engine.RecoveryCost;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.ReplayTimings;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.data.ReplayBackend;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.MisleadingRuns;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TreeCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Badges that say what they measure (TestFX, headless): the fork tree, the library and the replay panel show the task's
 * outcome ("Task: failed (tests deleted)") apart from a replay's agreement ("Replay: matched the recording"), and a fork
 * whose edit still left the tests deleted never ends with a green "success".
 */
class OutcomeBadgesFlowsTest {

    private static final String TRACE = Samples.traceId("wrong-tool-call");

    private final FxRobot robot = new FxRobot();
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;

    @AfterEach
    void close() {
        if (stage != null) {
            HeadlessFx.call(() -> {
                javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList().forEach(javafx.stage.Window::hide);
                stage.close();
                return null;
            });
        }
        executor.close();
        if (samples != null) {
            samples.close();
        }
    }

    private void show(Path dir, ReplayBackend backend) throws Exception {
        samples = Samples.empty(dir);
        samples.library.importTrace(MisleadingRuns.write(dir.resolve("bundle")), Progress.NONE);
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(backend);
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        model = workbench.model();
        HeadlessFx.call(() -> {
            model.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (test)"));
            model.openStored(TRACE);
            return null;
        });
        awaitFx(() -> model.opened() != null && model.forkTree().rootsProperty().get().size() == 1
                && model.forkTree().rootsProperty().get().getFirst().tests() != dev.forkline.views.data.TaskOutcome.Tests.CHECKING);
    }

    /**
     * The texts and colours of the pills in the fork tree's row of a run, found and read in one go on the FX thread: a
     * cell found from the test's thread could hold another run by the time its pills were read (seen in CI: the cell
     * found for r4 read as r3's).
     */
    private List<String> pillsOfRun(String run) {
        // in this test's window (an earlier test's may still be open with runs of the same names), a visible cell: the
        // tree keeps cells it does not show (its pile), which may still hold a run without its badges
        return HeadlessFx.call(() -> {
            Node cell = robot.from(workbench.view().forkTree.tree).lookup(".tree-cell").match(c -> c.isVisible()
                    && c instanceof TreeCell<?> t && !t.isEmpty() && t.getItem() instanceof dev.forkline.views.data.RunNode n
                    && n.run().equals(run)).query();
            return cell.lookupAll(".pill").stream().map(p -> ((Label) p).getText() + " " + tone(p)).toList();
        });
    }

    private boolean showsItsTwoPills(String run) {
        try {
            return pillsOfRun(run).size() == 2;
        } catch (RuntimeException notLaidOutYet) {
            return false;
        }
    }

    private static String tone(Node pill) {
        return pill.getStyleClass().stream().filter(c -> c.startsWith("pill-")).findFirst().orElse("");
    }

    @Test
    void theForkTreeAndTheLibrarySayWhatEachBadgeMeasuresAndAForkThatLeftTheTestsDeletedIsNotGreen(@TempDir Path dir) throws Exception {
        show(dir, null);
        HeadlessFx.call(() -> {
            workbench.view().forkTree.tree.getRoot().setExpanded(true);
            workbench.view().forkTree.tree.getRoot().getChildren().forEach(i -> i.setExpanded(true));
            return null;
        });
        HeadlessFx.waitForFx();
        // the rows of the runs below the root are laid out, and their badges filled, on later pulses (a loaded CI machine)
        awaitFx(() -> java.util.stream.Stream.of("r1", "r2", "r3", "r4").allMatch(this::showsItsTwoPills));
        assertThat(pillsOfRun("r1")).containsExactly("Original run pill-neutral", "Task: failed (tests deleted) pill-danger");
        assertThat(pillsOfRun("r2")).containsExactly("Fork with 2 edits pill-accent", "Task: succeeded pill-success");
        assertThat(pillsOfRun("r3")).as("the tests were deleted: its success proves nothing")
                .containsExactly("Fork with 1 edit pill-accent", "Task: unproven (tests deleted) pill-warning");
        assertThat(pillsOfRun("r4")).as("a replay agreeing with a failed recording is no good news")
                .containsExactly("Replay: matched the recording pill-accent", "Task: failed (tests deleted) pill-danger");
        assertThat(pillsOfRun("r3")).noneMatch(p -> p.contains("success"));

        List<String> libraryPills = HeadlessFx.call(() -> robot.from(workbench.view()).lookup("#library-list .list-cell")
                .match(c -> c.isVisible() && c instanceof ListCell<?> cell && cell.getItem() instanceof TraceSummary t && t.traceId().equals(TRACE))
                .query().lookupAll(".pill").stream().map(p -> ((Label) p).getText()).toList());
        assertThat(libraryPills).contains("Task: failed");
    }

    @Test
    void theReplayPanelShowsTheReplaysAgreementApartFromTheTasksOutcome(@TempDir Path dir) throws Exception {
        ReplayBackend replayOfR1 = new ReplayBackend() {
            private final ScriptedReplayBackend scripted = new ScriptedReplayBackend(List.of(ScriptedReplayBackend.READ_MATCHED), List.of());

            @Override
            public ReplayResult replay(ReplayRequest request, ReplayListener listener) {
                ReplayResult done = scripted.replay(request, listener);
                return new ReplayResult(done.bundleDirectory(), "r1", "r4", done.checkpointId(), done.checkpointEventId(), done.edits(),
                        done.image(), done.imageReason(), done.containerId(), done.totalSteps(), done.steps(), done.stopReason(), null,
                        new ReplayTimings(0, 1, 1, 1, 3, false, false), new OutcomeComparison("failure", "failure", null, null, null),
                        new RecoveryCost(null, 0, 0, 0, BigDecimal.ZERO, 0), false, List.of(), null);
            }

            @Override
            public RevertResult revert(RevertRequest request) {
                throw new UnsupportedOperationException();
            }
        };
        show(dir, replayOfR1);
        awaitFx(() -> model.replay().availableProperty().get());
        HeadlessFx.call(() -> {
            model.bundleWrites().settle(TRACE, dev.forkline.views.viewmodel.BundleWrites.Choice.WRITE_TO_BUNDLE); // asked elsewhere
            model.selectEvent("r1.9");
            workbench.view().showBottomTab("replay");
            model.replay().replayFromHere();
            return null;
        });
        awaitFx(() -> model.replay().resultRunProperty().get() != null);
        ReplayPane pane = robot.lookup("#replay-pane").queryAs(ReplayPane.class);
        assertThat(HeadlessFx.call(() -> pane.verdicts.getChildren().stream().map(n -> ((Label) n).getText() + ("run-name".equals(
                n.getStyleClass().stream().filter(c -> c.equals("run-name")).findFirst().orElse("")) ? "" : " " + tone(n))).toList()))
                .containsExactly("r4", "Replay: matched the recording pill-accent", "Task: failed (tests deleted) pill-danger");
    }
}
