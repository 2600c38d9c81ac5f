package dev.forkline.views.shell;

import dev.forkline.trace.Event;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.RunNode;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.geometry.Point2D;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import static org.assertj.core.api.Assertions.assertThat;

/** The flows a reviewer uses, driven through the real window with TestFX (headless Monocle). */
class WorkbenchFlowsTest {

    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;

    @BeforeEach
    void showWorkbench() {
        HeadlessFx.ensureStarted();
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            LaunchOptions options = new LaunchOptions(new InMemoryTraceLibrary(DemoTrace.bundle()), new ReconstructorStateProvider(),
                    null, null, ThemeChoice.LIGHT, null);
            return WorkbenchApp.show(stage, options, new SameThreadTaskExecutor());
        });
        model = workbench.model();
        HeadlessFx.waitForFx();
    }

    @AfterEach
    void close() {
        HeadlessFx.call(() -> {
            stage.close();
            return null;
        });
    }

    private WorkbenchView view() {
        return workbench.view();
    }

    @Test
    void openATraceFromTheLibraryAndSelectAnEventOnTheTimeline() {
        assertThat(view().library.list.getItems()).hasSize(1);
        robot.clickOn(view().library.list.lookup(".list-cell"));
        HeadlessFx.waitForFx();
        assertThat(model.opened()).isNotNull();
        assertThat(model.currentRun()).isEqualTo(DemoTrace.ROOT);

        int checkpoint = indexOf("checkpoint");
        TimelineCanvas canvas = view().timelineCanvas();
        Point2D point = HeadlessFx.call(() -> canvas.canvas().localToScreen(canvas.xOfEvent(checkpoint), canvas.yOfEvent(checkpoint)));
        robot.clickOn(point);
        HeadlessFx.waitForFx();
        assertThat(model.timeline().selectedEvent().type()).isEqualTo("checkpoint");
        assertThat(view().inspector.title.getText()).startsWith("Checkpoint");
        assertThat(canvas.isDirty()).as("redrawn after the click").isFalse();
    }

    @Test
    void hoveringAMarkShowsWhatItIs() {
        openDemo();
        int decision = indexOf("approval.decision");
        TimelineCanvas canvas = view().timelineCanvas();
        Point2D point = HeadlessFx.call(() -> canvas.canvas().localToScreen(canvas.xOfEvent(decision), canvas.yOfEvent(decision)));
        robot.moveTo(point);
        HeadlessFx.waitForFx();
        String text = HeadlessFx.call(canvas::hoverText);
        assertThat(text).startsWith("Human decision · approval.decision · deny").contains("human:alice");
        robot.moveTo(view().inspector);
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(canvas::hoverText)).isNull();
    }

    @Test
    void stepWithTheKeyboard() {
        openDemo();
        robot.type(KeyCode.RIGHT);
        assertThat(selectedType()).isEqualTo("session.start");
        robot.type(KeyCode.J);
        assertThat(selectedType()).isEqualTo("model.call");
        robot.press(KeyCode.SHIFT).type(KeyCode.RIGHT).release(KeyCode.SHIFT);
        assertThat(selectedType()).isEqualTo("tool.call");
        robot.press(KeyCode.CONTROL).type(KeyCode.RIGHT).release(KeyCode.CONTROL);
        assertThat(selectedType()).isEqualTo("tool.result");
        assertThat(view().inspector.title.getText()).as("headed by the call that failed, not its call id").isEqualTo("Failed · bash: python -m pytest -q");
        robot.type(KeyCode.END);
        assertThat(selectedType()).isEqualTo("session.end");
        robot.type(KeyCode.K);
        assertThat(selectedType()).isEqualTo("error");
        robot.type(KeyCode.HOME);
        assertThat(model.timeline().selectedIndex()).isZero();
        assertThat(view().playback.position.getText()).startsWith("1 / 28");
    }

    @Test
    void filterMarksMatchesAndEnterJumpsToThem() {
        openDemo();
        robot.clickOn(view().filterBar.text).write("pypi");
        HeadlessFx.waitForFx();
        assertThat(model.filter().matchCountProperty().get()).isEqualTo(3);
        robot.type(KeyCode.ENTER);
        assertThat(model.timeline().selectedEvent().data().toString()).contains("pypi");
        robot.clickOn(view().filterBar.errorsOnly);
        HeadlessFx.waitForFx();
        assertThat(model.filter().matchCountProperty().get()).isEqualTo(1);
    }

    @Test
    void switchRunsInTheForkTreeAndSeeTheStatePanelChange() {
        openDemo();
        robot.type(KeyCode.END);
        assertThat(view().state.current().external()).singleElement().satisfies(e -> assertThat(e.status()).isEqualTo("unknown"));
        assertThat(view().state.external.getText()).contains("1 unknown");

        TreeItem<RunNode> fork = view().forkTree.tree.getRoot().getChildren().getFirst().getChildren().getFirst();
        robot.clickOn(robot.lookup(".tree-cell").match(cell -> cell instanceof javafx.scene.control.TreeCell<?> c
                && c.getTreeItem() == fork).<javafx.scene.Node>query());
        HeadlessFx.waitForFx();
        assertThat(model.currentRun()).isEqualTo(DemoTrace.FORK);
        assertThat(view().breadcrumb.getSelectedCrumb().getValue().run()).isEqualTo(DemoTrace.FORK);
        robot.type(KeyCode.END);
        assertThat(view().state.current().external()).as("the fork skipped the external call").isEmpty();
        assertThat(view().state.current().workspace()).extracting(f -> f.path()).contains("NOTES.md");
        assertThat(view().state.workspace.getText()).startsWith("Workspace (3");
    }

    @Test
    void theTimelineRedrawsOnlyWhenSomethingItShowsChanged() {
        openDemo();
        TimelineCanvas canvas = view().timelineCanvas();
        long frames = HeadlessFx.call(canvas::frames);
        HeadlessFx.call(() -> {
            canvas.requestLayout();
            return null;
        });
        robot.moveTo(view().inspector);
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(canvas::frames)).as("layout passes and pointer moves elsewhere draw nothing").isEqualTo(frames);
        robot.type(KeyCode.RIGHT);
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(canvas::frames)).isEqualTo(frames + 1);
    }

    @Test
    void bracketsStepThroughTheSelectedActorAndTheThemeSwitches() {
        openDemo();
        robot.type(KeyCode.END);
        robot.type(KeyCode.OPEN_BRACKET);
        assertThat(model.timeline().selectedEvent().actor()).isEqualTo("harness");
        assertThat(selectedType()).isEqualTo("error");
        robot.type(KeyCode.OPEN_BRACKET);
        assertThat(selectedType()).isEqualTo("approval.request");

        assertThat(view().isDark()).isFalse();
        HeadlessFx.call(() -> {
            model.themeProperty().set(ThemeChoice.DARK);
            return null;
        });
        assertThat(view().isDark()).isTrue();
        assertThat(view().timelineCanvas().paletteProperty().get()).isSameAs(dev.forkline.views.timeline.render.TimelinePalette.DARK);
        HeadlessFx.call(() -> {
            model.themeProperty().set(ThemeChoice.LIGHT);
            return null;
        });
        assertThat(view().isDark()).isFalse();
    }

    @Test
    void compareTheForkWithItsParent() {
        openDemo();
        HeadlessFx.call(() -> {
            model.selectRun(DemoTrace.FORK);
            view().showComparison();
            return null;
        });
        HeadlessFx.waitForFx();
        javafx.scene.control.Label summary = robot.lookup("#compare-summary").queryAs(javafx.scene.control.Label.class);
        assertThat(summary.getText()).contains("First divergence at row 1");
        javafx.stage.Stage compare = (javafx.stage.Stage) summary.getScene().getWindow();
        assertThat(compare.getTitle()).isEqualTo("Forkline — compare runs");
        assertThat(compare.getOwner()).isSameAs(stage);
        assertThat(compare.getScene().getRoot().getStylesheets()).as("the workbench's stylesheet, as every window of its own")
                .isEqualTo(view().getStylesheets());
        assertThat(compare.getScene().getRoot().getStyleClass()).contains("workbench", "theme-light");
        HeadlessFx.call(() -> {
            summary.getScene().getWindow().hide();
            return null;
        });
    }

    @Test
    void zoomKeysChangeTheVisibleWindow() {
        openDemo();
        robot.type(KeyCode.RIGHT);
        long span = model.timeline().viewport().span();
        robot.type(KeyCode.EQUALS);
        assertThat(model.timeline().viewport().span()).isLessThan(span);
        robot.type(KeyCode.DIGIT0);
        assertThat(model.timeline().viewport().span()).isEqualTo(span);
    }

    @Test
    void importOnTheBackgroundExecutorOpensTheTraceAndABrokenFileGetsADialogNamingFileAndLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        close();
        var executor = new dev.forkline.views.shell.FxTaskExecutor(1);
        try {
            workbench = HeadlessFx.call(() -> {
                stage = new Stage();
                LaunchOptions options = new LaunchOptions(new InMemoryTraceLibrary(), new ReconstructorStateProvider(),
                        null, null, ThemeChoice.LIGHT, null);
                return WorkbenchApp.show(stage, options, executor);
            });
            model = workbench.model();
            HeadlessFx.call(() -> {
                model.importFile(DemoTrace.HAND_WRITTEN_SAMPLE);
                return null;
            });
            awaitFx(() -> model.opened() != null && !model.busyProperty().get());
            assertThat(model.opened().bundle().manifest().traceId()).isEqualTo("sample-wrong-directory-deleted");
            awaitFx(() -> view().library.list.getItems().size() == 1); // the library refreshes in the background too
            assertThat(model.recentFiles().files()).hasSize(1);

            java.nio.file.Path broken = dir.resolve("broken");
            java.nio.file.Files.createDirectories(broken);
            java.nio.file.Files.writeString(broken.resolve("manifest.json"),
                    "{\"formatVersion\":1,\"traceId\":\"x\",\"created\":\"2026-01-01T00:00:00Z\"}");
            java.nio.file.Files.writeString(broken.resolve("trace.jsonl"), "{\"id\":\"a\"}\n");
            HeadlessFx.call(() -> {
                model.importFile(broken);
                return null;
            });
            awaitFx(() -> robot.lookup("#error-dialog").tryQuery().isPresent());
            javafx.scene.control.DialogPane dialog = robot.lookup("#error-dialog").queryAs(javafx.scene.control.DialogPane.class);
            assertThat(dialog.getHeaderText()).isEqualTo("Could not import broken");
            assertThat(dialog.getContentText()).contains("trace.jsonl, line 1");
            HeadlessFx.call(() -> {
                dialog.getScene().getWindow().hide();
                return null;
            });
        } finally {
            executor.close();
        }
    }

    private static void awaitFx(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!HeadlessFx.call(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 20 s");
            }
            Thread.sleep(50);
        }
    }

    private void openDemo() {
        HeadlessFx.call(() -> {
            model.openStored("demo-calc-fix");
            return null;
        });
        robot.clickOn(view().timelineCanvas());
        HeadlessFx.waitForFx();
    }

    private String selectedType() {
        HeadlessFx.waitForFx();
        Event event = model.timeline().selectedEvent();
        return event == null ? null : event.type();
    }

    private int indexOf(String type) {
        var events = model.timeline().events();
        for (int i = 0; i < events.size(); i++) {
            if (events.type(i).equals(type)) {
                return i;
            }
        }
        throw new AssertionError("no " + type);
    }
}
