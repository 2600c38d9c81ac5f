package dev.forkline.views.shell;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.AxisTraces;
import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.timeline.MarkBuffer;
import dev.forkline.views.timeline.MarkKind;
import dev.forkline.views.timeline.TimelineModel;
import dev.forkline.views.timeline.geometry.TimelineLayout;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22's timeline and navigation, driven through the real window with TestFX (headless Monocle): the broken axis
 * and fit, zoom to selection and drag-to-zoom, spans inside their run, search combined with errors only and the mode
 * that hides what does not match, J/K, menus with their keys, the shortcuts dialog and the playback bar's labels.
 */
class TimelineFlowsTest {

    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;

    @AfterEach
    void close() {
        if (stage != null) {
            HeadlessFx.call(() -> {
                stage.close();
                return null;
            });
        }
    }

    private void show(TraceLibrary library) {
        HeadlessFx.ensureStarted();
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            LaunchOptions options = new LaunchOptions(library, new ReconstructorStateProvider(), null, null, ThemeChoice.LIGHT, null);
            return WorkbenchApp.show(stage, options, new SameThreadTaskExecutor());
        });
        model = workbench.model();
        HeadlessFx.waitForFx();
    }

    private void open(Bundle bundle) {
        show(new InMemoryTraceLibrary(bundle));
        HeadlessFx.call(() -> {
            model.openStored(bundle.manifest().traceId());
            return null;
        });
        robot.clickOn(canvas());
        HeadlessFx.waitForFx();
    }

    private TimelineCanvas canvas() {
        return workbench.view().timelineCanvas();
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

    private String selectedType() {
        HeadlessFx.waitForFx();
        var event = model.timeline().selectedEvent();
        return event == null ? null : event.type();
    }

    // --- item 1: a decision does not wreck the time axis ------------------------------------------------------------

    @Test
    void afterFitTheIncidentSpansMostOfTheWidthThoughItsDecisionCame40HoursLater() {
        open(AxisTraces.lateDecision());
        robot.type(KeyCode.DIGIT0);
        HeadlessFx.waitForFx();
        TimelineCanvas canvas = canvas();
        double plotWidth = HeadlessFx.call(() -> canvas.layoutGeometry().plotWidth());
        double incident = HeadlessFx.call(() -> canvas.xOfEvent(indexOf("session.end")) - canvas.xOfEvent(indexOf("session.start")));
        assertThat(incident / plotWidth).as("share of the width the 90-second incident takes after fit").isGreaterThan(0.8);
        double decision = HeadlessFx.call(() -> canvas.xOfEvent(indexOf("approval.decision")));
        assertThat(decision).as("the decision is still on screen").isLessThanOrEqualTo(TimelineLayout.GUTTER + plotWidth);
        assertThat(HeadlessFx.call(() -> model.timeline().model().breaks().count())).isEqualTo(1);
    }

    /** Whatever part of the run is shown, the last time label ends inside the timeline or is left out, never cut at its edge. */
    @Test
    void noTimeLabelIsCutAtTheTimelinesRightEdge() {
        open(AxisTraces.lateModelCall());
        TimelineCanvas canvas = canvas();
        long length = HeadlessFx.call(() -> model.timeline().model().axisLength());
        double plotWidth = HeadlessFx.call(() -> canvas.layoutGeometry().plotWidth());
        long span = length / 4;
        long shift = (long) (span / plotWidth * 5); // five pixels a step: every place of a label against the edge
        List<Long> cut = new java.util.ArrayList<>();
        for (long start = 0; start + span <= length && start < 120 * shift; start += shift) {
            long from = start;
            HeadlessFx.call(() -> {
                model.timeline().zoomTo(from, from + span);
                return null;
            });
            HeadlessFx.waitForFx();
            javafx.scene.image.Image frame = HeadlessFx.call(() -> canvas.canvas().snapshot(null, null));
            javafx.scene.image.PixelReader pixels = frame.getPixelReader();
            int right = (int) frame.getWidth() - 1;
            int background = pixels.getArgb(right, 1);
            for (int y = 3; y <= TimelineLayout.AXIS - 8 && !cut.contains(from); y++) {
                for (int x = right - 2; x <= right; x++) {
                    if (pixels.getArgb(x, y) != background) {
                        cut.add(from);
                        break;
                    }
                }
            }
        }
        assertThat(cut).as("views (by start) with text at the axis's right edge").isEmpty();
    }

    @Test
    void fZoomsToTheSelectedEvent() {
        open(AxisTraces.lateDecision());
        robot.type(KeyCode.DIGIT0);
        int tests = HeadlessFx.call(() -> {
            var events = model.timeline().events();
            for (int i = 0; i < events.size(); i++) {
                if (events.type(i).equals("tool.call") && events.event(i).data().toString().contains("pytest")) {
                    return i;
                }
            }
            throw new AssertionError("no pytest call");
        });
        HeadlessFx.call(() -> {
            model.timeline().select(tests);
            return null;
        });
        robot.type(KeyCode.F);
        HeadlessFx.waitForFx();
        TimelineCanvas canvas = canvas();
        TimelineModel timeline = model.timeline().model();
        int item = timeline.itemOfEvent(tests);
        double plotWidth = HeadlessFx.call(() -> canvas.layoutGeometry().plotWidth());
        double span = HeadlessFx.call(() -> canvas.xOfTime(timeline.end(item)) - canvas.xOfTime(timeline.start(item)));
        assertThat(span / plotWidth).as("the 13-second test run fills the window").isBetween(0.75, 1.0);
    }

    /** F alone zooms; with the shortcut key it is Find, as the menu and the search field's prompt say, from the timeline too. */
    @Test
    void shortcutFFocusesTheSearchFieldInsteadOfZooming() {
        open(AxisTraces.lateDecision());
        robot.type(KeyCode.DIGIT0);
        HeadlessFx.call(() -> {
            model.timeline().select(1);
            canvas().canvas().requestFocus();
            return null;
        });
        HeadlessFx.waitForFx();
        long spanBefore = model.timeline().viewport().span();

        robot.press(KeyCode.SHORTCUT).press(KeyCode.F).release(KeyCode.F).release(KeyCode.SHORTCUT);
        HeadlessFx.waitForFx();

        javafx.scene.Node search = HeadlessFx.call(() -> canvas().getScene().lookup("#filter-text"));
        assertThat(HeadlessFx.call(search::isFocused)).as("the search field has the focus").isTrue();
        assertThat(model.timeline().viewport().span()).as("not zoomed to the selection").isEqualTo(spanBefore);
    }

    @Test
    void draggingAcrossTheOverviewZoomsToThatRange() {
        open(AxisTraces.lateDecision());
        robot.type(KeyCode.DIGIT0);
        HeadlessFx.waitForFx();
        TimelineCanvas canvas = canvas();
        long spanBefore = model.timeline().viewport().span();
        TimelineLayout layout = HeadlessFx.call(canvas::layoutGeometry);
        double y = layout.overviewTop() + TimelineLayout.OVERVIEW / 2;
        double from = TimelineLayout.GUTTER + layout.plotWidth() * 0.10;
        double to = TimelineLayout.GUTTER + layout.plotWidth() * 0.30;
        Point2D start = HeadlessFx.call(() -> canvas.canvas().localToScreen(from, y));
        Point2D end = HeadlessFx.call(() -> canvas.canvas().localToScreen(to, y));
        robot.drag(start, MouseButton.PRIMARY).moveTo(end).release(MouseButton.PRIMARY);
        HeadlessFx.waitForFx();
        long spanAfter = model.timeline().viewport().span();
        assertThat((double) spanAfter / spanBefore).as("a fifth of the overview's width").isBetween(0.15, 0.25);
    }

    // --- item 2: spans on the right side of their timestamp -------------------------------------------------------

    @Test
    void aModelCallNearTheEndIsDrawnInsideTheSession() {
        open(AxisTraces.lateModelCall());
        TimelineCanvas canvas = canvas();
        double sessionEnd = HeadlessFx.call(() -> canvas.xOfEvent(indexOf("session.end")));
        double callStart = HeadlessFx.call(() -> canvas.xOfEvent(indexOf("model.call")));
        MarkBuffer marks = canvas.drawnMarks();
        double[] modelSpan = HeadlessFx.call(() -> {
            for (int m = 0; m < marks.size(); m++) {
                if (marks.kind(m) == MarkKind.MODEL_SPAN) {
                    return new double[]{TimelineLayout.GUTTER + marks.x0(m), TimelineLayout.GUTTER + marks.x1(m)};
                }
            }
            throw new AssertionError("no model span drawn");
        });
        assertThat(modelSpan[0]).as("starts at its ts").isCloseTo(callStart, org.assertj.core.data.Offset.offset(0.5));
        assertThat(modelSpan[1]).as("ends by the session's end").isLessThanOrEqualTo(sessionEnd + 0.5);
    }

    // --- item 4: search and filters ---------------------------------------------------------------------------------

    @Test
    void searchCombinedWithErrorsOnlyFindsWhatEachFindsAlone(@TempDir Path db) throws Exception {
        try (TraceStore store = TraceStore.open(db.resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);
            String traceId = library.importTrace(DemoTrace.HAND_WRITTEN_SAMPLE, Progress.NONE).trace().traceId();
            show(library);
            HeadlessFx.call(() -> {
                model.openStored(traceId);
                return null;
            });
            HeadlessFx.waitForFx();
            FilterBar filter = workbench.view().filterBar;
            robot.clickOn(filter.text).write("tests cannot run");
            HeadlessFx.waitForFx();
            BitSet byText = (BitSet) model.timeline().matchesProperty().get().clone();
            assertThat(byText.cardinality()).as("the failed session end's summary").isPositive();
            robot.clickOn(filter.errorsOnly);
            HeadlessFx.waitForFx();
            BitSet combined = (BitSet) model.timeline().matchesProperty().get().clone();
            HeadlessFx.call(() -> {
                model.filter().textProperty().set("");
                return null;
            });
            BitSet errors = model.timeline().matchesProperty().get();
            BitSet both = (BitSet) byText.clone();
            both.and(errors);
            assertThat(both.cardinality()).as("text and errors only share an event").isPositive();
            assertThat(combined).isEqualTo(both);
        }
    }

    @Test
    void hideOthersDrawsOnlyTheMatchesAndStepsThroughThem() {
        open(DemoTrace.bundle());
        FilterBar filter = workbench.view().filterBar;
        robot.clickOn(filter.text).write("pypi");
        robot.clickOn(filter.hideOthers);
        HeadlessFx.waitForFx();
        BitSet matches = model.timeline().matchesProperty().get();
        assertThat(matches.cardinality()).isEqualTo(3);
        MarkBuffer marks = canvas().drawnMarks();
        TimelineModel timeline = model.timeline().model();
        List<Integer> drawn = HeadlessFx.call(() -> {
            List<Integer> events = new java.util.ArrayList<>();
            for (int m = 0; m < marks.size(); m++) {
                events.add(timeline.eventIndex(marks.firstItem(m)));
            }
            return events;
        });
        assertThat(drawn).isNotEmpty().allSatisfy(event -> assertThat(matches.get(event)).as("event " + event + " matches").isTrue());
        robot.clickOn(canvas());
        robot.type(KeyCode.HOME);
        robot.type(KeyCode.J);
        assertThat(matches.get(model.timeline().selectedIndex())).as("J steps to the next match while the others are hidden").isTrue();
        robot.clickOn(filter.hideOthers);
        HeadlessFx.waitForFx();
        assertThat(canvas().drawnMarks().size()).as("shown again").isGreaterThan(drawn.size());
    }

    // --- lanes that do not all fit ------------------------------------------------------------------------------------

    /**
     * Sixteen lanes where about half fit: those below are not drawn under the overview, they scroll into view when the
     * selection steps onto them, and the wheel or a drag over the lane names scrolls them.
     */
    @Test
    void lanesThatDoNotFitScrollAndTheSelectedEventsLaneIsScrolledIntoView() {
        open(AxisTraces.manyAgents(14));
        TimelineCanvas canvas = canvas();
        TimelineLayout layout = HeadlessFx.call(canvas::layoutGeometry);
        assertThat(HeadlessFx.call(() -> model.timeline().model().laneCount())).isEqualTo(16);
        assertThat(layout.maxLaneScroll()).as("the test needs lanes that do not fit").isGreaterThan(2 * TimelineLayout.MIN_LANE);
        int last = HeadlessFx.call(() -> lastEventOf("agent:worker-14"));
        assertThat(HeadlessFx.call(() -> canvas.yOfEvent(last))).as("below the lanes' room at first")
                .isGreaterThan(layout.lanesBottom());

        HeadlessFx.call(() -> {
            model.timeline().select(last);
            return null;
        });
        HeadlessFx.waitForFx();
        double y = HeadlessFx.call(() -> canvas.yOfEvent(last));
        assertThat(y).as("stepped onto, its lane is shown").isBetween(TimelineLayout.AXIS, layout.lanesBottom());
        assertThat(HeadlessFx.call(() -> canvas.laneNameAt(10, y))).isEqualTo("agent:worker-14");
        assertThat(HeadlessFx.call(() -> canvas.eventAt(canvas.xOfEvent(last), y))).as("and hit where it is drawn").isEqualTo(last);

        robot.type(KeyCode.HOME);
        HeadlessFx.waitForFx();
        double start = HeadlessFx.call(() -> canvas.yOfEvent(0));
        assertThat(start).as("the session's start, stepped to with Home").isBetween(TimelineLayout.AXIS, layout.lanesBottom());
        assertThat(HeadlessFx.call(() -> canvas.laneNameAt(10, start))).isEqualTo("harness");

        int first = HeadlessFx.call(() -> model.timeline().events().positionOf(model.timeline().events().id(1)));
        assertThat(HeadlessFx.call(() -> model.timeline().events().actor(first))).isEqualTo("agent:worker-1");
        HeadlessFx.call(() -> {
            model.timeline().select(first);
            return null;
        });
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(layout::laneScroll)).as("the top lane's event").isZero();

        Point2D names = canvas.canvas().localToScreen(20, TimelineLayout.AXIS + 40);
        wheel(canvas, 20, TimelineLayout.AXIS + 40, -120); // three notches towards the reviewer, as a desktop's wheel sends them
        double scrolled = HeadlessFx.call(layout::laneScroll);
        assertThat(scrolled).as("the wheel over the names").isPositive();
        assertThat(model.timeline().selectedIndex()).isEqualTo(first);

        robot.drag(names, MouseButton.PRIMARY).moveBy(0, 60).release(MouseButton.PRIMARY);
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(layout::laneScroll)).as("dragging the names down shows lanes above").isLessThan(scrolled);
        assertThat(model.timeline().selectedIndex()).as("a drag selects nothing").isEqualTo(first);

        HeadlessFx.call(() -> {
            model.open(AxisTraces.manyAgents(15));
            return null;
        });
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(layout::maxLaneScroll)).isPositive();
        assertThat(HeadlessFx.call(layout::laneScroll)).as("another trace's lanes shown from the top").isZero();
    }

    /** An aggregate's count is written under it where its lane has room, and left out where it would cover the next lane. */
    @Test
    void aggregatesCountsAreLeftOutWhereTheyWouldCoverTheNextLane() {
        open(AxisTraces.manyAgents(3, 400));
        TimelineCanvas canvas = canvas();
        robot.type(KeyCode.DIGIT0);
        HeadlessFx.waitForFx();
        assertThat(HeadlessFx.call(() -> canvas.layoutGeometry().laneHeight())).isGreaterThan(50.0);
        assertThat(HeadlessFx.call(() -> canvas.drawnMarks().size())).as("lanes of merged marks").isPositive();
        assertThat(HeadlessFx.call(canvas::countLabelsDrawn)).as("lanes with room").isPositive();
        close();

        open(AxisTraces.manyAgents(14, 40));
        robot.type(KeyCode.DIGIT0);
        HeadlessFx.waitForFx();
        TimelineCanvas narrow = canvas();
        assertThat(HeadlessFx.call(() -> narrow.layoutGeometry().laneHeight())).isEqualTo(TimelineLayout.MIN_LANE);
        assertThat(HeadlessFx.call(narrow::countLabelsDrawn)).as("lanes of the least height").isZero();
    }

    /** A wheel turn over the canvas as the desktop delivers it (Monocle's robot sends one pixel a notch, upwards). */
    private static void wheel(TimelineCanvas canvas, double x, double y, double deltaY) {
        HeadlessFx.call(() -> {
            Point2D screen = canvas.canvas().localToScreen(x, y);
            canvas.canvas().fireEvent(new javafx.scene.input.ScrollEvent(javafx.scene.input.ScrollEvent.SCROLL, x, y,
                    screen.getX(), screen.getY(), false, false, false, false, false, false, 0, deltaY, 0, deltaY,
                    javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                    javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null));
            return null;
        });
        HeadlessFx.waitForFx();
    }

    private int lastEventOf(String actor) {
        var events = model.timeline().events();
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.actor(i).equals(actor)) {
                return i;
            }
        }
        throw new AssertionError("no event of " + actor);
    }

    // --- keyboard and menus -----------------------------------------------------------------------------------------

    @Test
    void jStepsForwardAndKBackAndTypingInTheSearchFieldStepsNothing() {
        open(DemoTrace.bundle());
        robot.type(KeyCode.HOME);
        robot.type(KeyCode.J);
        assertThat(model.timeline().selectedIndex()).isEqualTo(1);
        robot.type(KeyCode.J);
        assertThat(model.timeline().selectedIndex()).as("one step per press, not two (key and menu accelerator)").isEqualTo(2);
        robot.type(KeyCode.K);
        assertThat(model.timeline().selectedIndex()).isEqualTo(1);
        robot.clickOn(workbench.view().filterBar.text).write("jk f");
        HeadlessFx.waitForFx();
        assertThat(model.timeline().selectedIndex()).as("letters typed into the search are text").isEqualTo(1);
        assertThat(model.timeline().playingProperty().get()).isFalse();
        assertThat(workbench.view().filterBar.text.getText()).isEqualTo("jk f");
    }

    @Test
    void menusShowTheirKeys() {
        open(DemoTrace.bundle());
        MenuBar bar = (MenuBar) workbench.view().getTop();
        Menu navigate = bar.getMenus().stream().filter(m -> m.getText().equals("Navigate")).findFirst().orElseThrow();
        assertThat(accelerator(navigate, "Next event")).isEqualTo("J");
        assertThat(accelerator(navigate, "Previous event")).isEqualTo("K");
        Menu view = bar.getMenus().stream().filter(m -> m.getText().equals("View")).findFirst().orElseThrow();
        assertThat(accelerator(view, "Zoom to selection")).isEqualTo("F");
        assertThat(accelerator(view, "Fit run")).isEqualTo("0");
        assertThat(view.getItems()).filteredOn(item -> item.getText() != null && item.getText().startsWith("Zoom"))
                .allSatisfy(item -> assertThat(item.getAccelerator()).as(item.getText()).isNotNull());
    }

    private static String accelerator(Menu menu, String text) {
        MenuItem item = menu.getItems().stream().filter(i -> text.equals(i.getText())).findFirst().orElseThrow();
        return item.getAccelerator().getDisplayText();
    }

    @Test
    void theShortcutsDialogAlignsItsColumns() {
        open(DemoTrace.bundle());
        GridPane table = HeadlessFx.call(() -> {
            GridPane grid = Shortcuts.table();
            new javafx.scene.Scene(grid);
            grid.applyCss();
            grid.layout();
            return grid;
        });
        List<Double> keysX = HeadlessFx.call(() -> table.getChildren().stream().filter(n -> n.getStyleClass().contains("shortcut-keys"))
                .map(Node::getBoundsInParent).map(b -> b.getMinX()).distinct().toList());
        List<Double> doesX = HeadlessFx.call(() -> table.getChildren().stream().filter(n -> n.getStyleClass().contains("shortcut-does"))
                .map(Node::getBoundsInParent).map(b -> b.getMinX()).distinct().toList());
        assertThat(keysX).hasSize(1);
        assertThat(doesX).as("every description starts at the same x").hasSize(1);
        assertThat(doesX.getFirst()).isGreaterThan(keysX.getFirst());
        assertThat(Shortcuts.ROWS).anySatisfy(row -> assertThat(row.keys()).contains("J").contains("K"));
        assertThat(Shortcuts.ROWS.getFirst().does()).isEqualTo("next / previous event");
    }

    @Test
    void thePlaybackSpeedAndStepModeHaveLabels() {
        open(DemoTrace.bundle());
        Label pace = robot.lookup("#play-pace-label").queryAs(Label.class);
        Label scope = robot.lookup("#play-scope-label").queryAs(Label.class);
        assertThat(pace.getText()).isNotBlank();
        assertThat(pace.getLabelFor()).isSameAs(robot.lookup("#play-pace").query());
        assertThat(scope.getText()).isNotBlank();
        assertThat(scope.getLabelFor()).isSameAs(robot.lookup("#play-scope").query());
        assertThat(pace.isVisible() && scope.isVisible()).isTrue();
    }
}
