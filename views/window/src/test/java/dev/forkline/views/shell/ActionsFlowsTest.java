package dev.forkline.views.shell;

import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.gate.Evidence;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.data.ReplayBackend;
import dev.forkline.views.testdata.DockerRequired;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** Replay, the escape queue with a decision, and the gate panel, driven through the real window (headless). */
class ActionsFlowsTest {

    private final FxRobot robot = new FxRobot();
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;

    private void show(Path dir, String... names) throws Exception {
        samples = Samples.imported(dir, names);
        HeadlessFx.ensureStarted();
        // a popup another test class left showing (a tooltip whose timer fired late) would take this test's clicks
        HeadlessFx.hideAllWindows();
        LaunchOptions options = samples.launchOptions(ReplayBackend.docker()).withContracts(List.of(Samples.CONTRACT));
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        model = workbench.model();
        awaitFx(() -> !model.library().traces().isEmpty() && !model.escapeQueue().loadingProperty().get());
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
    void withoutDockerTheRunActionsAreDisabledAndSayWhy(@TempDir Path dir) throws Exception {
        show(dir, "wrong-tool-call");
        HeadlessFx.call(() -> {
            model.checkDocker(() -> new DockerProbe.Status(false, "Docker: not reachable at unix:///nowhere.sock"));
            return null;
        });
        awaitFx(() -> model.dockerStateProperty().get().contains("nowhere"));
        open("wrong-tool-call");
        List<MenuItem> items = view().runMenu.getItems();
        MenuItem replay = item(items, "Replay from here");
        MenuItem fork = item(items, "Fork with edit…");
        MenuItem revert = item(items, "Revert to here…");
        MenuItem why = items.stream().filter(i -> i.getText() != null && i.getText().startsWith("Replay unavailable")).findFirst().orElseThrow();
        assertThat(replay.isDisable()).isTrue();
        assertThat(fork.isDisable()).isTrue();
        assertThat(revert.isDisable()).as("a directory revert needs no engine").isFalse();
        assertThat(why.isVisible()).isTrue();
        assertThat(why.getText()).isEqualTo("Replay unavailable: Docker: not reachable at unix:///nowhere.sock");
        assertThat(view().forkTree.tree.getContextMenu().getItems()).extracting(MenuItem::getText).contains("Replay from here", "Fork with edit…");

        // right-clicking a mark on the timeline selects its event and offers the same actions
        var canvas = view().timelineCanvas();
        int failure = HeadlessFx.call(() -> {
            var events = model.timeline().events();
            for (int i = 0; i < events.size(); i++) {
                if (events.id(i).equals("r1.15")) {
                    return i;
                }
            }
            return -1;
        });
        robot.rightClickOn(HeadlessFx.call(() -> canvas.canvas().localToScreen(canvas.xOfEvent(failure), canvas.yOfEvent(failure))));
        awaitFx(() -> model.timeline().selectedEvent() != null && model.timeline().selectedEvent().id().equals("r1.15"));
        javafx.scene.control.ContextMenu menu = (javafx.scene.control.ContextMenu) javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu && w.isShowing()).findFirst().orElseThrow();
        assertThat(menu.getItems()).extracting(MenuItem::getText).contains("Replay from here", "Fork with edit…", "Revert to here…");
        HeadlessFx.call(() -> {
            menu.hide();
            return null;
        });
    }

    @Test
    void theOwnerDecidesAnEscapeInTheQueueWindowAndTheDialogSaysSavedOnceItIsOnDisk(@TempDir Path dir) throws Exception {
        show(dir, "permission-escalation");
        samples.setUpOwner("dana");
        int waiting = model.escapeQueue().countProperty().get();
        assertThat(view().queueButton.getText()).isEqualTo("Escape queue  " + waiting);
        robot.clickOn(view().queueButton);
        // the button reads the queue again: click once that read has replaced the rows
        awaitFx(() -> view().queuePane != null && !model.escapeQueue().loadingProperty().get() && !view().queuePane.table.getItems().isEmpty());
        // a row cell takes its new index before the table lays it out where that row is shown: wait until it is there;
        // the window's poll may read the queue again between finding the row and the click (the owner's key was just
        // stored), moving the cells: the row is found and clicked again then
        Node firstRow = null;
        for (int attempt = 0; attempt < 3 && !HeadlessFx.call(this::queueRowSelected); attempt++) {
            awaitFx(() -> firstQueueRow() != null);
            firstRow = HeadlessFx.call(this::firstQueueRow);
            robot.clickOn(firstRow);
            long until = System.nanoTime() + 5_000_000_000L;
            while (!HeadlessFx.call(this::queueRowSelected) && System.nanoTime() < until) {
                Thread.sleep(50);
            }
        }
        Node clicked = firstRow;
        awaitFx(this::queueRowSelected,
                () -> "three clicks on the first row selected nothing; the row at " + HeadlessFx.call(() -> clicked.localToScreen(clicked.getLayoutBounds()))
                        + ", windows showing: " + HeadlessFx.call(ActionsFlowsTest::showingWindows));
        QueueItem item = view().queuePane.table.getSelectionModel().getSelectedItem();
        awaitFx(() -> model.timeline().selectedEvent() != null && model.timeline().selectedEvent().id().equals(item.eventId()));
        assertThat(model.opened().bundle().manifest().traceId()).isEqualTo(item.traceId());

        robot.clickOn(view().queuePane.decide);
        awaitFx(() -> view().decisionPane != null);
        DecisionPane decision = view().decisionPane;
        assertThat(decision.review.isDisabled()).as("verdict and rationale are required").isTrue();
        robot.clickOn(decision.rationale).write("the agent may not read /etc/shadow");
        HeadlessFx.call(() -> {
            decision.verdict.setValue(dev.forkline.trace.decision.Verdict.DENY);
            return null;
        });
        assertThat(decision.owner.getValue()).as("the only owner with a key").isEqualTo("dana");
        assertThat(decision.review.getText()).isEqualTo("Deny and sign…");
        robot.clickOn(decision.review);
        robot.clickOn(decision.passphrase).write(Samples.PASSPHRASE);
        robot.clickOn(decision.sign);
        awaitFx(() -> decision.status.getText().startsWith("Saved: "));
        assertThat(decision.status.getText()).contains("deny signed by dana", "(on disk");
        awaitFx(() -> model.escapeQueue().countProperty().get() == waiting - 1);
        long leftInTrace = HeadlessFx.call(() -> model.escapeQueue().items().stream().filter(i -> model.isOpen(i.traceId())).count());
        assertThat(view().queueButton.getText()).as("the badge counts the trace the decision opened").isEqualTo("Escape queue · this trace  " + leftInTrace);
        assertThat(view().queuePane.table.getItems()).extracting(QueueItem::eventId).doesNotContain(item.eventId());
    }

    @Test
    void theGatePanelListsClausesAndAFailuresEvidenceIsOneClickFromTheTimeline(@TempDir Path dir) throws Exception {
        show(dir, "permission-escalation");
        open("permission-escalation");
        HeadlessFx.call(() -> {
            view().showBottomTab("recovery");
            return null;
        });
        awaitFx(() -> !view().recoveryPane.clauses.getRoot().getChildren().isEmpty());
        assertThat(view().recoveryPane.gateSummary.getText()).startsWith("Contract ").contains(" applies: gate failed, ");
        assertThat(view().recoveryPane.incidents.getItems()).isNotEmpty();
        assertThat(view().recoveryPane.recoveryChart.getData()).singleElement()
                .satisfies(series -> assertThat(series.getData()).hasSize(view().recoveryPane.incidents.getItems().size()));
        TreeItem<Object> escapes = view().recoveryPane.clauses.getRoot().getChildren().stream()
                .filter(i -> ((dev.forkline.trace.gate.ClauseResult) i.getValue()).clause().equals("escapes")).findFirst().orElseThrow();
        Evidence evidence = (Evidence) escapes.getChildren().getFirst().getValue();
        Node cell = robot.lookup("#gate-clauses .tree-cell").match(c -> c.isVisible() && c instanceof TreeCell<?> t && t.getItem() == evidence).query();
        // the cell is as wide as its text; click its start, inside the tree
        robot.clickOn(HeadlessFx.call(() -> cell.localToScreen(24, cell.getLayoutBounds().getHeight() / 2)));
        awaitFx(() -> model.timeline().selectedEvent() != null && model.timeline().selectedEvent().id().equals(evidence.eventId()));
    }

    @Test
    @Tag("docker")
    void replayFromTheRunMenuShowsProgressAndTheNewRunInTheForkTree(@TempDir Path dir) throws Exception {
        DockerRequired.engineOrSkip();
        show(dir, "wrong-tool-call");
        HeadlessFx.call(() -> {
            model.checkDocker(DockerProbe.engine());
            return null;
        });
        awaitFx(() -> model.replay().availableProperty().get());
        open("wrong-tool-call");
        HeadlessFx.call(() -> {
            // the question before the first write into the sample's bundle is DecisionFormFlowsTest's: answered here
            model.bundleWrites().settle(Samples.traceId("wrong-tool-call"), dev.forkline.views.viewmodel.BundleWrites.Choice.WRITE_TO_BUNDLE);
            model.selectEvent("r1.15");
            item(view().runMenu.getItems(), "Replay from here").fire();
            return null;
        });
        assertThat(HeadlessFx.call(() -> view().bottomTabs.getSelectionModel().getSelectedItem() == view().replayTab)).isTrue();
        awaitFx(() -> model.replay().resultProperty().get() != null);
        var result = model.replay().resultProperty().get();
        assertThat(view().replayPane.steps.getItems()).hasSize(result.steps().size());
        assertThat(view().replayPane.stepText.getText()).startsWith("Step " + result.steps().size() + " of " + result.totalSteps());
        assertThat(model.currentRun()).isEqualTo(result.replayRun());
        awaitFx(() -> view().forkTree.tree.getSelectionModel().getSelectedItem() != null
                && view().forkTree.tree.getSelectionModel().getSelectedItem().getValue().run().equals(result.replayRun()));
        if (!view().replayPane.goToDivergence.isDisabled()) {
            robot.clickOn(view().replayPane.goToDivergence);
            awaitFx(() -> model.timeline().selectedEvent().id().equals(result.firstDivergence().orElseThrow().replayEventId()));
        }
    }

    private void open(String name) throws InterruptedException {
        HeadlessFx.call(() -> {
            model.openStored(Samples.traceId(name));
            return null;
        });
        awaitFx(() -> model.opened() != null && model.opened().bundle().manifest().traceId().equals(Samples.traceId(name)));
    }

    private static MenuItem item(List<MenuItem> items, String text) {
        return items.stream().filter(i -> text.equals(i.getText())).findFirst().orElseThrow(() -> new AssertionError("no menu item " + text));
    }

    /** Whether a row of the queue table is selected. On the FX thread. */
    private boolean queueRowSelected() {
        return view().queuePane.table.getSelectionModel().getSelectedItem() != null;
    }

    /** The queue table's row cell showing its first item, laid out inside the table's own bounds; null until it is. */
    private Node firstQueueRow() {
        javafx.scene.control.TableView<?> table = view().queuePane.table;
        javafx.geometry.Bounds shown = table.localToScreen(table.getLayoutBounds());
        return table.lookupAll(".table-row-cell").stream()
                .filter(r -> r.isVisible() && r instanceof javafx.scene.control.TableRow<?> row && row.getIndex() == 0)
                .filter(r -> {
                    javafx.geometry.Bounds cell = r.localToScreen(r.getLayoutBounds());
                    return shown != null && shown.contains(cell.getCenterX(), cell.getCenterY());
                })
                .findFirst().orElse(null);
    }

    static void awaitFx(BooleanSupplier condition) throws InterruptedException {
        awaitFx(condition, () -> "");
    }

    private static void awaitFx(BooleanSupplier condition, java.util.function.Supplier<String> why) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!HeadlessFx.call(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                String detail = why.get();
                throw new AssertionError("condition not met within 60 s" + (detail.isEmpty() ? "" : ": " + detail));
            }
            Thread.sleep(50);
        }
    }

    private static String showingWindows() {
        return javafx.stage.Window.getWindows().stream().filter(javafx.stage.Window::isShowing)
                .map(w -> w.getClass().getSimpleName() + (w instanceof Stage s ? " '" + s.getTitle() + "'" : "")
                        + " at " + (int) w.getX() + "," + (int) w.getY() + " " + (int) w.getWidth() + "x" + (int) w.getHeight())
                .toList().toString();
    }
}
