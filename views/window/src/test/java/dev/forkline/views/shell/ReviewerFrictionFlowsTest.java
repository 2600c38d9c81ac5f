package dev.forkline.views.shell;

import dev.forkline.trace.decision.QueueItem;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.testdata.ImportedSessions;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22's everyday friction, each as a reviewer meets it in the window (headless): replay actions that cannot act
 * are disabled with their reason instead of failing afterwards, Claude Code's file-history folder is asked for and
 * remembered, cut text shows whole on hover, and the decision window is as tall as its form.
 */
class ReviewerFrictionFlowsTest {

    private final FxRobot robot = new FxRobot();
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;
    private ScriptedReplayBackend backend;

    /** Opens the small imported (Claude Code-like) session with a replay engine ready. */
    private void showImported(Path dir) throws Exception {
        showImported(dir, ImportedSessions.writeBundle(dir.resolve("imported")));
    }

    private void showImported(Path dir, Path trace) throws Exception {
        samples = Samples.empty(dir);
        String traceId = samples.library.importTrace(trace, Progress.NONE).trace().traceId();
        backend = ScriptedReplayBackend.goMissing();
        show(samples.launchOptions(backend));
        HeadlessFx.call(() -> {
            model.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (test)"));
            model.bundleWrites().settle(traceId, dev.forkline.views.viewmodel.BundleWrites.Choice.WRITE_TO_BUNDLE);
            model.openStored(traceId);
            return null;
        });
        awaitFx(() -> model.opened() != null && model.opened().bundle().manifest().traceId().equals(traceId)
                && model.replay().availableProperty().get());
    }

    private void show(LaunchOptions options) {
        HeadlessFx.ensureStarted();
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        model = workbench.model();
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
        executor.close();
        if (samples != null) {
            samples.close();
        }
    }

    private WorkbenchView view() {
        return workbench.view();
    }

    @Test
    void replayActionsWithoutAUsableCheckpointAreDisabledWithTheReasonInsteadOfFailingAfterwards(@TempDir Path dir) throws Exception {
        showImported(dir);
        select("r1.1"); // session.start: before the session's start checkpoint
        assertThat(item("action-replay").isDisable()).as("nothing to replay from").isTrue();
        assertThat(item("why-replay").isVisible()).isTrue();
        assertThat(item("why-replay").getText()).startsWith("Replay: No checkpoint at or before the selected event in run r1");
        assertThat(item("action-revert").isDisable()).isTrue();
        assertThat(item("action-fork").isDisable()).isTrue();
        assertThat(item("why-fork").getText()).startsWith("Fork: No checkpoint before r1.1");

        select("r1.7"); // after the supplied start: a replay asks for the tree; a fork cannot until it was given
        assertThat(item("action-replay").isDisable()).isFalse();
        assertThat(item("action-replay").getText()).isEqualTo("Replay from here…");
        assertThat(item("why-replay").isVisible()).isFalse();
        assertThat(item("action-fork").isDisable()).isTrue();
        assertThat(item("why-fork").isVisible()).isTrue();
        assertThat(item("why-fork").getText()).contains("checkpoint 'start', the tree the session started from",
                "give it first with Run › Replay from here…");
        assertThat(model.replay().failureProperty().get()).as("nothing failed: the reviewer was told before").isNull();
    }

    @Test
    void theReplayDialogOfAClaudeCodeSessionTakesItsFileHistoryFolderChecksItAndRemembersIt(@TempDir Path dir) throws Exception {
        showImported(dir);
        select("r1.7");
        HeadlessFx.call(() -> {
            item("action-replay").fire();
            return null;
        });
        awaitFx(() -> view().setupPane != null && view().setupStage.isShowing());
        SessionSetupPane setup = view().setupPane;
        assertThat(setup.lookup("#setup-file-history")).as("asked for a Claude Code session").isNotNull();
        Path tree = ImportedSessions.startingTree(dir.resolve("tree"), ImportedSessions.CONFIG_BEFORE);
        Path missing = dir.resolve("no-such-history");
        HeadlessFx.call(() -> {
            setup.path.setText(tree.toString());
            setup.fileHistory.setText(missing.toString());
            return null;
        });
        robot.clickOn(setup.submit);
        awaitFx(() -> !setup.problem.getText().isEmpty());
        assertThat(setup.problem.getText()).startsWith("The file-history folder " + missing + " is not a directory");
        assertThat(backend.replays).isEmpty();

        Path history = Files.createDirectories(dir.resolve("file-history").resolve("session"));
        HeadlessFx.call(() -> {
            setup.fileHistory.setText(history.toString());
            return null;
        });
        robot.clickOn(setup.submit);
        awaitFx(() -> !view().setupStage.isShowing() && model.replay().resultProperty().get() != null);
        assertThat(backend.replays).singleElement().satisfies(request ->
                assertThat(request.setup().fileHistory().directory()).isEqualTo(history));
        HeadlessFx.call(() -> {
            model.selectRun("r1");
            return null;
        });
        select("r1.7");
        assertThat(HeadlessFx.call(() -> model.replay().guard().forkBlockedProperty().get()))
                .as("the starting tree is known now: a fork can start from it").isNull();

        // the replay step table: a shortened cell shows the whole step on hover
        ReplayPane pane = view().replayPane;
        awaitFx(() -> pane.steps.getItems().size() == 2);
        HeadlessFx.waitForFx();
        TableCell<?, ?> detail = cell(pane.steps, 1, 4);
        assertThat(detail.getTooltip()).as("the cell shortens its diffs to a line").isNotNull();
        assertThat(detail.getTooltip().getText()).isEqualTo(ReplayPane.describe(pane.steps.getItems().get(1)));

        HeadlessFx.call(() -> {
            item("action-replay").fire();
            return null;
        });
        awaitFx(() -> view().setupPane != setup && view().setupStage.isShowing());
        assertThat(view().setupPane.fileHistory.getText()).as("remembered for the trace").isEqualTo(history.toString());
    }

    @Test
    void aQueueSummaryCutByItsColumnShowsWholeOnHover(@TempDir Path dir) throws Exception {
        samples = Samples.imported(dir, "permission-escalation");
        show(samples.launchOptions(null));
        awaitFx(() -> !model.escapeQueue().loadingProperty().get() && !model.escapeQueue().items().isEmpty());
        HeadlessFx.call(() -> {
            view().showEscapeQueue();
            var summary = view().queuePane.table.getColumns().getLast();
            assertThat(summary.getText()).isEqualTo("Summary");
            view().queuePane.table.getColumns().getFirst().setPrefWidth(900); // the reviewer widens "When": the summary is cut
            return null;
        });
        HeadlessFx.waitForFx();
        QueueItem first = view().queuePane.table.getItems().getFirst();
        TableCell<?, ?> summary = cell(view().queuePane.table, 0, view().queuePane.table.getColumns().size() - 1);
        assertThat(HeadlessFx.call(summary::isTextTruncated)).isTrue();
        assertThat(summary.getTooltip()).isNotNull();
        assertThat(summary.getTooltip().getText()).isEqualTo(first.summary());
        TableCell<?, ?> when = cell(view().queuePane.table, 0, 0);
        assertThat(when.getTooltip()).as("text shown whole has no tooltip").isNull();
        TableCell<?, ?> trace = cell(view().queuePane.table, 0, 2);
        assertThat(HeadlessFx.call(() -> trace.getTooltip() == null ? "" : trace.getTooltip().getText()))
                .as("the trace's title says more with its id").endsWith(first.traceId());
    }

    @Test
    void theDecisionWindowIsAsTallAsItsFormAndGrowsWithIt(@TempDir Path dir) throws Exception {
        samples = Samples.imported(dir, "sandbox-lost-mid-effect");
        show(samples.launchOptions(null));
        samples.setUpOwner("dana");
        awaitFx(() -> !model.escapeQueue().loadingProperty().get() && !model.escapeQueue().items().isEmpty());
        QueueItem item = model.escapeQueue().items().getFirst();
        HeadlessFx.call(() -> {
            view().showEscapeQueue();
            view().showDecision(item);
            return null;
        });
        awaitFx(() -> view().decisionStage != null && view().decisionStage.isShowing());
        HeadlessFx.waitForFx();
        DecisionPane form = view().decisionPane;
        double height = HeadlessFx.call(() -> form.getScene().getHeight());
        double needed = HeadlessFx.call(() -> form.prefHeight(form.getScene().getWidth()));
        assertThat(height).as("no empty space under the form (it opened 640 high before)").isCloseTo(needed, org.assertj.core.data.Offset.offset(2.0));
        assertThat(height).isLessThan(600);
        assertThat(((Labeled) form.lookup(".muted")).getText()).as("the trace named by its title")
                .startsWith(model.escapeQueue().traceTitle(item) + " · run");

        HeadlessFx.call(() -> {
            form.verdict.setValue(dev.forkline.trace.decision.Verdict.DENY);
            return null;
        });
        awaitFx(() -> Math.abs(form.getScene().getHeight() - form.prefHeight(form.getScene().getWidth())) < 2);
        assertThat(HeadlessFx.call(() -> form.getScene().getHeight())).as("grows with what the verdict needs").isGreaterThan(height);
    }

    @Test
    void selectingAnEventWithALongIdKeepsTheLibraryWideAndItsTitlesReadable(@TempDir Path dir) throws Exception {
        // the walkthrough's session: selecting its failed `git status` pushed the library to half its width
        Path session = ImportedSessions.requireSample("claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl");
        showImported(dir, session);
        HeadlessFx.call(() -> {
            stage.setWidth(1600);
            stage.setHeight(1000);
            return null;
        });
        HeadlessFx.waitForFx();
        double before = HeadlessFx.call(() -> view().library.getWidth());
        String id = HeadlessFx.call(() -> model.timeline().events().id(9));
        select(id); // the playback bar once named it: "10 / m · <uuid>"
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(() -> view().library.getWidth())).as("the library is not pushed aside")
                .isCloseTo(before, org.assertj.core.data.Offset.offset(1.0));
        // the list's hidden sizing cell holds a title too, laid out or not: only the titles shown count (once laid out)
        List<Double> titleWidths = shownTitleWidths();
        for (long laidOut = System.nanoTime() + 5_000_000_000L; titleWidths.contains(0.0) && System.nanoTime() < laidOut; ) {
            Thread.sleep(20);
            titleWidths = shownTitleWidths();
        }
        assertThat(titleWidths).isNotEmpty().allSatisfy(width -> assertThat(width).as("a title beside its badges was cut to nothing")
                .isGreaterThan(120));
        assertThat(HeadlessFx.call(() -> cutLibraryBadges(true))).as("badges cut off the library's rows (they wrap instead)").isEmpty();
        double libraryDivider = HeadlessFx.call(() -> mainSplit().getDividerPositions()[0]);
        double narrowest = HeadlessFx.call(() -> view().library.minWidth(-1));
        HeadlessFx.call(() -> { // the reviewer narrows the library as far as it goes
            mainSplit().setDividerPositions(0, mainSplit().getDividerPositions()[1]);
            return null;
        });
        for (long laidOut = System.nanoTime() + 5_000_000_000L; HeadlessFx.call(() -> view().library.getWidth()) > narrowest + 2
                && System.nanoTime() < laidOut; ) {
            Thread.sleep(20);
        }
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(() -> view().library.getWidth())).as("the library narrowed").isLessThanOrEqualTo(narrowest + 2);
        assertThat(HeadlessFx.call(() -> cutLibraryBadges(false))).as("badges cut off a narrow library's rows (an ellipsis ends"
                + " one wider than the row)").isEmpty();
        HeadlessFx.call(() -> {
            mainSplit().setDividerPositions(libraryDivider, mainSplit().getDividerPositions()[1]);
            return null;
        });
        HeadlessFx.waitForFx();
        int total = HeadlessFx.call(() -> model.timeline().events().size());
        HeadlessFx.call(() -> {
            model.filter().textProperty().set("git");
            return null;
        });
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!HeadlessFx.call(() -> ((Labeled) view().filterBar.lookup("#filter-count")).getText()).endsWith("matches")
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(HeadlessFx.call(() -> ((Labeled) view().filterBar.lookup("#filter-count")).getText())).endsWith(" matches");
        HeadlessFx.call(() -> {
            view().showBottomTab("replay");
            return null;
        });
        // the walkthrough's window, then its centre narrowed by the reviewer (its divider dragged towards the library)
        for (double centre : new double[] {0, 700}) {
            if (centre > 0) {
                HeadlessFx.call(() -> {
                    SplitPane main = mainSplit();
                    double[] dividers = main.getDividerPositions();
                    main.setDividerPositions(dividers[0], dividers[0] + centre / main.getWidth());
                    return null;
                });
                long laidOut = System.nanoTime() + 5_000_000_000L;
                while (HeadlessFx.call(() -> view().filterBar.getWidth()) > centre + 2 && System.nanoTime() < laidOut) {
                    Thread.sleep(20);
                }
                assertThat(HeadlessFx.call(() -> view().filterBar.getWidth())).as("the centre narrowed").isLessThanOrEqualTo(centre + 2);
            }
            String where = centre > 0 ? "a centre of " + centre + " px" : "1,600 px";
            assertThat(HeadlessFx.call(() -> view().playback.position.getText())).as("the id is the inspector's").isEqualTo("10 / " + total);
            assertThat(HeadlessFx.call(() -> view().playback.position.isTextTruncated()))
                    .as("the position is never cut, at %s: a cut count reads as a smaller one", where).isFalse();
            assertThat(HeadlessFx.call(() -> cutControls(view().playback))).as("controls cut off the playback bar at %s", where).isEmpty();
            assertThat(HeadlessFx.call(() -> java.util.stream.Stream.of(view().filterBar.errorsOnly, view().filterBar.hideOthers,
                            (Labeled) view().filterBar.lookup("#filter-count"))
                    .filter(Labeled::isTextTruncated).map(Labeled::getText).toList()))
                    .as("the filter bar's labels and match count cut at %s", where).isEmpty();
            assertThat(HeadlessFx.call(() -> ((Labeled) view().replayPane.steps.getPlaceholder()).isTextTruncated()))
                    .as("the replay panel's how-to cut at %s", where).isFalse();
            if (centre == 0) { // a narrower centre cuts the filter bar at its right end
                assertThat(HeadlessFx.call(() -> cutControls(view().filterBar))).as("buttons cut off the filter bar at %s", where).isEmpty();
            }
        }
    }

    private List<Double> shownTitleWidths() {
        return HeadlessFx.call(() -> view().library.lookupAll(".trace-title").stream()
                .filter(ReviewerFrictionFlowsTest::shown).map(n -> ((Labeled) n).getWidth()).toList());
    }

    /** The window's split of library, centre and side panels. */
    private SplitPane mainSplit() {
        return (SplitPane) stage.getScene().getRoot().lookupAll(".split-pane").stream()
                .filter(pane -> ((SplitPane) pane).getItems().contains(view().library)).findFirst().orElseThrow();
    }

    /** The texts of the badges shown in the library's rows that lie partly outside the list (or, if asked, end in an ellipsis). */
    private List<String> cutLibraryBadges(boolean shortenedToo) {
        javafx.scene.control.ListView<?> list = view().library.list;
        javafx.geometry.Bounds inside = list.localToScene(list.getLayoutBounds());
        return list.lookupAll(".pill").stream().filter(ReviewerFrictionFlowsTest::shown).map(pill -> (Labeled) pill)
                .filter(pill -> shortenedToo && pill.isTextTruncated() || !inside.contains(pill.localToScene(pill.getLayoutBounds())))
                .map(Labeled::getText).toList();
    }

    /** The tooltips of the bar's buttons that lie partly outside it (a bar narrower than its controls cuts them). */
    private static List<String> cutControls(javafx.scene.layout.Region bar) {
        javafx.geometry.Bounds inside = bar.localToScene(bar.getLayoutBounds());
        return bar.lookupAll(".button").stream()
                .filter(button -> !inside.contains(button.localToScene(button.getLayoutBounds())))
                .map(button -> ((javafx.scene.control.Button) button).getTooltip() == null ? button.toString()
                        : ((javafx.scene.control.Button) button).getTooltip().getText()).toList();
    }

    private static boolean shown(javafx.scene.Node node) {
        for (javafx.scene.Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private void select(String eventId) throws InterruptedException {
        HeadlessFx.call(() -> model.selectEvent(eventId));
        awaitFx(() -> model.timeline().selectedEvent() != null && model.timeline().selectedEvent().id().equals(eventId));
    }

    private MenuItem item(String id) {
        return HeadlessFx.call(() -> {
            view().runMenu.getOnShowing().handle(null);
            return view().runMenu.getItems().stream().filter(i -> id.equals(i.getId())).findFirst()
                    .orElseThrow(() -> new AssertionError("no menu item " + id + " in " + view().runMenu.getItems().stream().map(MenuItem::getId).toList()));
        });
    }

    private static TableCell<?, ?> cell(TableView<?> table, int row, int column) {
        return HeadlessFx.call(() -> {
            table.layout();
            Object col = table.getColumns().get(column);
            List<TableCell<?, ?>> cells = table.lookupAll(".table-cell").stream()
                    .filter(n -> n instanceof TableCell<?, ?> c && c.getIndex() == row && c.getTableColumn() == col && c.isVisible())
                    .<TableCell<?, ?>>map(n -> (TableCell<?, ?>) n).toList();
            return cells.stream().findFirst().orElseThrow(() -> new AssertionError("no cell at " + row + "," + column));
        });
    }
}
