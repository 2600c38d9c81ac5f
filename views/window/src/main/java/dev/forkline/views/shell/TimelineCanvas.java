package dev.forkline.views.shell;

import dev.forkline.trace.Event;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.views.timeline.MarkBuffer;
import dev.forkline.views.timeline.MarkMerger;
import dev.forkline.views.timeline.TimeLabels;
import dev.forkline.views.timeline.TimelineModel;
import dev.forkline.views.timeline.render.TimelinePalette;
import dev.forkline.views.timeline.render.TimelineRenderer;
import dev.forkline.views.timeline.geometry.OverviewScale;
import dev.forkline.views.timeline.geometry.TimelineLayout;
import dev.forkline.views.viewmodel.TimelineViewModel;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.util.Duration;

import java.util.BitSet;

import static dev.forkline.views.timeline.geometry.TimelineLayout.GUTTER;

/**
 * The run timeline control: one {@link Canvas} with an axis, one lane per actor, spans and marks, the cursor, search
 * matches, an overview strip of the whole run with the visible window, and a legend. It redraws only when something it
 * shows changed (on the next layout pulse); {@link TimelineRenderer} draws a frame, {@link TimelineLayout} says where
 * everything is and what is under the pointer, and {@link MarkMerger} binary-searches the visible window and merges
 * items narrower than {@link TimelineRenderer#MIN_MARK_PX} per lane; a frame allocates nothing but the few axis labels not yet cached.
 * Long idle gaps are drawn as a broken axis (see {@link TimelineModel#breaks()}).
 *
 * <p>Mouse: wheel pans, Ctrl+wheel zooms around the pointer, drag pans, click selects; on the overview, a click centres
 * the window there, a drag inside the window moves it and a drag elsewhere zooms to the dragged range. Lanes that do
 * not all fit scroll: the wheel or a drag over their names, and the selected event's lane is scrolled into view. Keys
 * are handled by the window (see the workbench), which calls the view model.
 */
public final class TimelineCanvas extends Region {

    /** How far (pixels) a press must move on the overview before it is a drag. */
    private static final double DRAG_SLOP = 3;

    private enum OverviewDrag { NONE, MOVE_WINDOW, ZOOM_RANGE }

    private final TimelineViewModel viewModel;
    private final Canvas canvas = new Canvas();
    private final MarkBuffer marks = new MarkBuffer();
    private final TimelineLayout layout = new TimelineLayout();
    private final TimelineRenderer renderer = new TimelineRenderer(layout, marks);
    private final TimelineRenderer.Scene scene = new TimelineRenderer.Scene();
    private final ObjectProperty<TimelinePalette> palette = new SimpleObjectProperty<>(TimelinePalette.LIGHT);
    private final StringProperty placeholder = new SimpleStringProperty(TimelineRenderer.NO_TRACE);
    private final Tooltip tooltip = new Tooltip();

    private boolean dirty = true;
    private long frames;
    private double dragX = Double.NaN;
    private double dragY = Double.NaN;
    private double pressX = Double.NaN;
    private boolean dragMoved;
    private OverviewDrag overviewDrag = OverviewDrag.NONE;
    private double brushFrom = Double.NaN;
    private double brushTo = Double.NaN;
    private int hoveredMark = -1;
    private boolean draggingLanes;
    /** The selection whose lane was last scrolled into view: a reviewer's own scroll is kept until the selection moves. */
    private int followedSelection = -1;

    public TimelineCanvas(TimelineViewModel viewModel) {
        this.viewModel = viewModel;
        getChildren().add(canvas);
        getStyleClass().add("timeline-canvas");
        setMinSize(300, 160);
        setPrefSize(900, 360);
        setFocusTraversable(true);
        tooltip.setShowDelay(Duration.millis(150));
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(420);

        viewModel.modelProperty().addListener((obs, was, now) -> {
            if (was == null || now == null || !was.lanes().equals(now.lanes())) {
                // another trace (a preview that grows keeps its lanes, and where the reviewer scrolled them)
                layout.scrollLanesTo(0);
                followedSelection = -1;
            }
            markDirty();
        });
        viewModel.selectedIndexProperty().addListener(obs -> {
            followSelection();
            markDirty();
        });
        viewModel.matchesProperty().addListener(obs -> markDirty());
        viewModel.hideUnmatchedProperty().addListener(obs -> markDirty());
        viewModel.alteredProperty().addListener(obs -> markDirty());
        viewModel.viewportRevisionProperty().addListener(obs -> markDirty());
        palette.addListener((obs, old, now) -> {
            renderer.setPalette(now);
            markDirty();
        });
        placeholder.addListener(obs -> markDirty());

        canvas.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPressed);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDragged);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::onReleased);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> hideTooltip());
    }

    public ObjectProperty<TimelinePalette> paletteProperty() {
        return palette;
    }

    /** What the timeline says while no trace is open. */
    public StringProperty placeholderProperty() {
        return placeholder;
    }

    /** Requests a redraw on the next pulse; several changes in one pulse draw once. */
    public void markDirty() {
        dirty = true;
        setNeedsLayout(true);
    }

    @Override
    protected void layoutChildren() {
        double w = snapSizeX(getWidth());
        double h = snapSizeY(getHeight());
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            dirty = true;
            followedSelection = -1; // resized: the selected event's lane is brought into view again
        }
        if (dirty) {
            dirty = false;
            frames++;
            followSelection();
            renderer.draw(canvas.getGraphicsContext2D(), scene.set(viewModel.model(), viewModel.viewport(),
                    viewModel.selectedIndex(), viewModel.matchesProperty().get(), viewModel.hidesUnmatched(),
                    viewModel.alteredProperty().get(), brushFrom, brushTo).placeholder(placeholder.get()));
        }
    }

    private void updateLayout() {
        layout.update(canvas.getWidth(), canvas.getHeight(), viewModel.model().laneCount());
    }

    private void followSelection() {
        updateLayout();
        int selected = viewModel.selectedIndex();
        if (selected != followedSelection) {
            followedSelection = selected;
            if (selected >= 0 && selected < viewModel.model().eventCount()) {
                layout.scrollLaneIntoView(viewModel.model().eventLane(selected));
            }
        }
    }

    private void scrollLanesBy(double pixels) {
        double before = layout.laneScroll();
        layout.scrollLanesTo(before + pixels);
        if (layout.laneScroll() != before) {
            hideTooltip();
            markDirty();
        }
    }

    /** How many frames have been drawn (for tests: nothing changed, nothing drawn). */
    public long frames() {
        return frames;
    }

    /** Whether a redraw is pending (for tests). */
    public boolean isDirty() {
        return dirty;
    }

    /** Where the parts sit, as of the last layout. */
    public TimelineLayout layoutGeometry() {
        updateLayout();
        return layout;
    }

    // --- interaction -------------------------------------------------------------------------------------------------

    private void onScroll(ScrollEvent e) {
        updateLayout();
        double plotW = layout.plotWidth();
        if (e.getX() < GUTTER && !e.isControlDown() && !e.isShortcutDown()) {
            scrollLanesBy(-e.getDeltaY());
        } else if (e.isControlDown() || e.isShortcutDown()) {
            viewModel.zoom(e.getDeltaY() > 0 ? 1.25 : 0.8, layout.plotFraction(e.getX()));
        } else {
            double delta = e.getDeltaX() != 0 ? e.getDeltaX() : e.getDeltaY();
            viewModel.panFraction(-delta / plotW);
        }
        e.consume();
    }

    private void onPressed(MouseEvent e) {
        if (e.getButton() != MouseButton.PRIMARY) {
            return;
        }
        requestFocus();
        updateLayout();
        dragX = e.getX();
        pressX = e.getX();
        dragMoved = false;
        overviewDrag = OverviewDrag.NONE;
        draggingLanes = e.getX() < GUTTER && layout.maxLaneScroll() > 0;
        dragY = e.getY();
        if (layout.inOverview(e.getX(), e.getY())) {
            // a narrow window is moved by dragging it; anywhere else (or when the window shows most of the run) a drag
            // picks the range to zoom to
            overviewDrag = insideOverviewWindow(e.getX()) && windowShare() < 0.5 ? OverviewDrag.MOVE_WINDOW : OverviewDrag.ZOOM_RANGE;
        }
    }

    private double windowShare() {
        return viewModel.viewport().span() / (double) OverviewScale.span(TimelineRenderer.overviewLength(viewModel.model()));
    }

    private boolean insideOverviewWindow(double x) {
        long length = TimelineRenderer.overviewLength(viewModel.model());
        double plotW = layout.plotWidth();
        double x0 = GUTTER + OverviewScale.toX(viewModel.viewport().start(), length, plotW);
        double x1 = GUTTER + OverviewScale.toX(viewModel.viewport().end(), length, plotW);
        return x >= x0 - 2 && x <= Math.max(x0 + 3, x1) + 2;
    }

    private void onDragged(MouseEvent e) {
        if (Double.isNaN(dragX)) {
            return;
        }
        switch (overviewDrag) {
            case MOVE_WINDOW -> {
                dragMoved = true;
                centreFromOverview(e.getX());
            }
            case ZOOM_RANGE -> {
                if (Math.abs(e.getX() - pressX) >= DRAG_SLOP) {
                    dragMoved = true;
                    brushFrom = pressX;
                    brushTo = Math.clamp(e.getX(), GUTTER, GUTTER + layout.plotWidth());
                    markDirty();
                }
            }
            case NONE -> {
                if (draggingLanes) {
                    dragMoved |= Math.abs(e.getY() - dragY) >= 1;
                    scrollLanesBy(dragY - e.getY());
                    dragY = e.getY();
                    return;
                }
                double dx = e.getX() - dragX;
                if (Math.abs(dx) >= 1) {
                    dragMoved = true;
                    canvas.setCursor(Cursor.CLOSED_HAND);
                    viewModel.pan((long) (-dx / layout.plotWidth() * viewModel.viewport().span()));
                    dragX = e.getX();
                }
            }
        }
    }

    private void onReleased(MouseEvent e) {
        canvas.setCursor(Cursor.DEFAULT);
        if (e.getButton() == MouseButton.PRIMARY && !Double.isNaN(dragX)) {
            switch (overviewDrag) {
                case ZOOM_RANGE -> {
                    if (dragMoved) {
                        zoomToOverviewRange(brushFrom, brushTo);
                    } else {
                        centreFromOverview(e.getX());
                    }
                }
                case MOVE_WINDOW -> {
                    if (!dragMoved) {
                        centreFromOverview(e.getX());
                    }
                }
                case NONE -> {
                    if (!dragMoved) {
                        int event = eventAt(e.getX(), e.getY());
                        if (event >= 0) {
                            viewModel.select(event);
                        }
                    }
                }
            }
        }
        if (!Double.isNaN(brushFrom)) {
            brushFrom = Double.NaN;
            brushTo = Double.NaN;
            markDirty();
        }
        dragX = Double.NaN;
        draggingLanes = false;
        overviewDrag = OverviewDrag.NONE;
    }

    private long overviewAxisAt(double x) {
        return OverviewScale.toAxis(layout.plotX(x), TimelineRenderer.overviewLength(viewModel.model()), layout.plotWidth());
    }

    private void centreFromOverview(double x) {
        viewModel.centreOn(overviewAxisAt(x));
    }

    private void zoomToOverviewRange(double fromX, double toX) {
        viewModel.zoomTo(overviewAxisAt(fromX), overviewAxisAt(toX));
    }

    private void onMoved(MouseEvent e) {
        int mark = markAt(e.getX(), e.getY());
        if (mark == hoveredMark) {
            return;
        }
        hoveredMark = mark;
        if (mark < 0) {
            hideTooltip();
            return;
        }
        tooltip.setText(describeMark(mark));
        if (getScene() != null && getScene().getWindow() != null) {
            tooltip.show(canvas, e.getScreenX() + 14, e.getScreenY() + 14);
        }
    }

    private void hideTooltip() {
        hoveredMark = -1;
        tooltip.hide();
    }

    /** The mark under a point from the last drawn frame, or -1. */
    int markAt(double x, double y) {
        updateLayout();
        return layout.markAt(marks, x, y);
    }

    /** The event a click at this point selects: the mark's event, or for an aggregate its first most important item. */
    public int eventAt(double x, double y) {
        int mark = markAt(x, y);
        if (mark < 0) {
            return -1;
        }
        TimelineModel model = viewModel.model();
        int item = marks.firstItem(mark);
        if (marks.count(mark) > 1) {
            int seen = 0;
            for (int i = item; i < model.size() && seen < marks.count(mark); i++) {
                if (model.lane(i) == marks.lane(mark)) {
                    seen++;
                    if (model.kind(i) == marks.kind(mark)) {
                        return model.eventIndex(i);
                    }
                }
            }
        }
        return model.eventIndex(item);
    }

    /** The first of {@code keys} the event's payload holds as text, or null. */
    private static String firstText(Event event, String... keys) {
        for (String key : keys) {
            String text = event.text(key);
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    private String describeMark(int mark) {
        TimelineModel model = viewModel.model();
        int item = marks.firstItem(mark);
        if (marks.count(mark) > 1) {
            return marks.count(mark) + " events, most important: " + marks.kind(mark).label() + "\nZoom in (Ctrl+wheel or +) to tell them apart";
        }
        Event event = viewModel.events().event(model.eventIndex(item));
        StringBuilder text = new StringBuilder();
        text.append(model.kind(item).label()).append(" · ").append(event.type());
        String detail = firstText(event, ToolCallData.TOOL, ModelCallData.MODEL, CheckpointData.LABEL, ApprovalDecisionData.VERDICT,
                ErrorData.MESSAGE);
        if (detail != null) {
            text.append(" · ").append(detail);
        }
        text.append('\n').append(event.actor()).append(" · ").append(event.id())
                .append(" · at ").append(TimeLabels.format(model.start(item), 1_000_000L));
        if (model.end(item) > model.start(item)) {
            text.append(" · took ").append(TimeLabels.duration(model.end(item) - model.start(item)));
        }
        BitSet altered = viewModel.alteredProperty().get();
        if (altered != null && altered.get(model.eventIndex(item))) {
            text.append("\nALTERED: does not match its recorded hash, chain or signature (see the inspector)");
        }
        return text.toString();
    }

    // --- for tests -----------------------------------------------------------------------------------------------

    /** The screen-independent x of an event's time in the current window (canvas coordinates). */
    public double xOfEvent(int event) {
        return xOfTime(viewModel.model().eventTime(event));
    }

    /** The x of a run time (nanoseconds since the run's origin) in the current window (canvas coordinates). */
    public double xOfTime(long time) {
        updateLayout();
        return GUTTER + viewModel.viewport().toX(viewModel.model().toAxis(time), layout.plotWidth());
    }

    /** The vertical centre of an event's lane (canvas coordinates). */
    public double yOfEvent(int event) {
        updateLayout();
        return layout.laneMiddle(viewModel.model().eventLane(event));
    }

    /** How many aggregates' counts the last frame wrote under them (for tests). */
    public int countLabelsDrawn() {
        return renderer.countLabelsDrawn();
    }

    /** The marks of the last drawn frame (for tests: what was drawn where). */
    public MarkBuffer drawnMarks() {
        return marks;
    }

    /** The name of the lane whose header (left gutter) is at this point, or null. */
    public String laneNameAt(double x, double y) {
        updateLayout();
        int lane = layout.laneHeaderAt(x, y);
        TimelineModel model = viewModel.model();
        return lane >= 0 && lane < model.lanes().size() ? model.lanes().get(lane) : null;
    }

    /** The hover tooltip's text while it is showing, else null. */
    public String hoverText() {
        return tooltip.isShowing() ? tooltip.getText() : null;
    }

    public Canvas canvas() {
        return canvas;
    }
}
