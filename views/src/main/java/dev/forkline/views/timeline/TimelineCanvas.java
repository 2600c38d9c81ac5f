package dev.forkline.views.timeline;

import dev.forkline.trace.Event;
import dev.forkline.views.viewmodel.TimelineViewModel;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.VPos;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

import java.util.BitSet;

/**
 * The run timeline: one {@link Canvas} with an axis, one lane per actor, spans and marks, the cursor, search matches,
 * an overview strip of the whole run with the visible window, and a legend. It redraws only when something it shows
 * changed (on the next layout pulse), draws only the items inside the visible window (binary search) and merges
 * items narrower than {@link #MIN_MARK_PX} per lane; a frame allocates nothing but the few axis labels not yet cached.
 *
 * <p>Mouse: wheel pans, Ctrl+wheel zooms around the pointer, drag pans, click selects, click/drag in the overview moves
 * the window. Keys are handled by the window (see the workbench), which calls the view model.
 */
public final class TimelineCanvas extends Region {

    public static final double MIN_MARK_PX = 2.0;
    static final double GUTTER = 140;
    static final double AXIS = 26;
    static final double OVERVIEW = 38;
    static final double LEGEND = 26;
    static final double MIN_LANE = 30;
    static final double MAX_LANE = 84;
    private static final String[] COUNT_LABELS = new String[100];
    private static final double[] DASHES = {3, 2};

    static {
        for (int i = 0; i < COUNT_LABELS.length; i++) {
            COUNT_LABELS[i] = Integer.toString(i);
        }
    }

    private final TimelineViewModel viewModel;
    private final Canvas canvas = new Canvas();
    private final MarkBuffer marks = new MarkBuffer();
    private final TimeLabels labels = new TimeLabels();
    private final ObjectProperty<TimelinePalette> palette = new SimpleObjectProperty<>(TimelinePalette.LIGHT);
    private final Font font = Font.font("System", 12);
    private final Font smallFont = Font.font("System", 10);
    private final Font boldFont = Font.font("System", FontWeight.BOLD, 12);
    private final Tooltip tooltip = new Tooltip();

    private boolean dirty = true;
    private long frames;
    private byte[] overviewKinds = new byte[0];
    private int overviewColumns = -1;
    private TimelineModel overviewModel;
    private double dragX = Double.NaN;
    private boolean dragMoved;
    private boolean draggingOverview;
    private int hoveredMark = -1;

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

        viewModel.modelProperty().addListener(obs -> markDirty());
        viewModel.selectedIndexProperty().addListener(obs -> markDirty());
        viewModel.matchesProperty().addListener(obs -> markDirty());
        viewModel.alteredProperty().addListener(obs -> markDirty());
        viewModel.viewportRevisionProperty().addListener(obs -> markDirty());
        palette.addListener(obs -> {
            derivePaletteColors();
            markDirty();
        });
        derivePaletteColors();

        canvas.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPressed);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDragged);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::onReleased);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMoved);
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> hideTooltip());
    }

    // colours derived from the palette once, not per frame
    private final Color[] spanFill = new Color[MarkKind.values().length];
    private final Color[] spanEdge = new Color[MarkKind.values().length];
    private final Color[] aggregateFill = new Color[MarkKind.values().length];
    private Color matchFill;
    private Color windowFill;

    private void derivePaletteColors() {
        TimelinePalette p = palette.get();
        for (MarkKind kind : MarkKind.values()) {
            spanFill[kind.ordinal()] = p.kind(kind).deriveColor(0, 1, 1, 0.85);
            spanEdge[kind.ordinal()] = p.kind(kind).darker();
            aggregateFill[kind.ordinal()] = p.kind(kind).deriveColor(0, 1, 1, 0.28);
        }
        matchFill = p.match().deriveColor(0, 1, 1, 0.55);
        windowFill = p.overviewWindow().deriveColor(0, 1, 1, 0.15);
    }

    public ObjectProperty<TimelinePalette> paletteProperty() {
        return palette;
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
        }
        if (dirty) {
            dirty = false;
            frames++;
            draw();
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

    // --- geometry ----------------------------------------------------------------------------------------------------

    double plotWidth() {
        return Math.max(1, canvas.getWidth() - GUTTER - 12);
    }

    double laneHeight() {
        int lanes = Math.max(1, viewModel.model().laneCount());
        double available = canvas.getHeight() - AXIS - OVERVIEW - LEGEND - 12;
        return Math.clamp(available / lanes, MIN_LANE, MAX_LANE);
    }

    double laneTop(int lane) {
        return AXIS + lane * laneHeight();
    }

    /** The overview strip sits right under the lanes (lanes grow to fill the height up to {@link #MAX_LANE}). */
    double overviewTop() {
        return Math.min(canvas.getHeight() - LEGEND - OVERVIEW - 4, laneTop(Math.max(1, viewModel.model().laneCount())) + 8);
    }

    // --- drawing -----------------------------------------------------------------------------------------------------

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        TimelinePalette p = palette.get();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(p.background());
        g.fillRect(0, 0, w, h);
        TimelineModel model = viewModel.model();
        if (model.laneCount() == 0) {
            g.setFill(p.mutedText());
            g.setFont(font);
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.CENTER);
            g.fillText("Open a trace to see its timeline", w / 2, h / 2);
            return;
        }
        TimelineViewport viewport = viewModel.viewport();
        double plotW = plotWidth();
        double laneH = laneHeight();
        int lanes = model.laneCount();
        double lanesBottom = laneTop(lanes);

        drawLaneBackgrounds(g, p, model, w, laneH);
        drawAxis(g, p, viewport, plotW, lanesBottom);

        g.save();
        g.beginPath();
        g.rect(GUTTER, AXIS, plotW, lanesBottom - AXIS);
        g.clip();
        drawMatches(g, p, model, viewport, plotW, laneH);
        MarkMerger.merge(model, viewport.start(), viewport.end(), plotW, MIN_MARK_PX, marks);
        for (int m = 0; m < marks.size(); m++) {
            drawBase(g, p, m, laneH);
        }
        resetSymbolLanes(model.laneCount());
        for (int m = 0; m < marks.size(); m++) {
            drawSymbols(g, p, m, laneH);
        }
        drawAltered(g, p, model, viewport, plotW, laneH);
        drawCursor(g, p, model, viewport, plotW, laneH, lanesBottom);
        g.restore();

        drawOverview(g, p, model, viewport, plotW);
        drawAlteredInOverview(g, p, model, plotW);
        drawLegend(g, p, overviewTop() + OVERVIEW + 4 + LEGEND);
    }

    private void drawLaneBackgrounds(GraphicsContext g, TimelinePalette p, TimelineModel model, double w, double laneH) {
        g.setFill(p.gutter());
        g.fillRect(0, 0, GUTTER, laneTop(model.laneCount()));
        for (int lane = 0; lane < model.laneCount(); lane++) {
            double top = laneTop(lane);
            if (lane % 2 == 1) {
                g.setFill(p.laneAlternate());
                g.fillRect(GUTTER, top, w - GUTTER, laneH);
            }
            g.setStroke(p.grid());
            g.setLineWidth(1);
            g.strokeLine(0, top + laneH - 0.5, w, top + laneH - 0.5);
            g.setFill(laneColor(p, model.laneKind(lane)));
            g.fillRoundRect(10, top + laneH / 2 - 5, 10, 10, 4, 4);
            g.setFill(p.text());
            g.setFont(font);
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.CENTER);
            g.fillText(model.lanes().get(lane), 28, top + laneH / 2, GUTTER - 34);
        }
        g.setStroke(p.grid());
        g.strokeLine(GUTTER - 0.5, AXIS, GUTTER - 0.5, laneTop(model.laneCount()));
    }

    private static Color laneColor(TimelinePalette p, LaneKind kind) {
        return switch (kind) {
            case AGENT -> p.kind(MarkKind.TOOL_SPAN);
            case HARNESS -> p.kind(MarkKind.CHECKPOINT);
            case SANDBOX -> p.kind(MarkKind.TICK);
            case HUMAN -> p.kind(MarkKind.DECISION);
            case OTHER -> p.mutedText();
        };
    }

    private void drawAxis(GraphicsContext g, TimelinePalette p, TimelineViewport viewport, double plotW, double lanesBottom) {
        long step = TimeLabels.step(viewport.span(), plotW, 90);
        long first = Math.floorDiv(viewport.start(), step) * step;
        g.setFont(smallFont);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        g.setLineWidth(1);
        for (long t = first; t <= viewport.end(); t += step) {
            double x = GUTTER + viewport.toX(t, plotW);
            if (x < GUTTER) {
                continue;
            }
            double sx = Math.floor(x) + 0.5;
            g.setStroke(p.grid());
            g.strokeLine(sx, AXIS - 6, sx, lanesBottom);
            g.setFill(p.mutedText());
            g.fillText(labels.label(t, step), sx + 4, AXIS / 2);
        }
        g.setStroke(p.grid());
        g.strokeLine(GUTTER, AXIS - 0.5, GUTTER + plotW + 12, AXIS - 0.5);
        g.setFill(p.mutedText());
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("Actors", 10, AXIS / 2);
    }

    private void drawMatches(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW, double laneH) {
        BitSet matches = viewModel.matchesProperty().get();
        if (matches == null) {
            return;
        }
        g.setFill(matchFill);
        for (int i = matches.nextSetBit(0); i >= 0 && i < model.eventCount(); i = matches.nextSetBit(i + 1)) {
            long t = model.eventTime(i);
            if (t < viewport.start() || t > viewport.end()) {
                continue;
            }
            double x = GUTTER + viewport.toX(t, plotW);
            double top = laneTop(model.eventLane(i));
            g.fillRoundRect(x - 6, top + 2, 12, laneH - 4, 6, 6);
        }
    }

    /** Events whose integrity check failed: a dashed frame in the failure colour with a "!" flag above it. */
    private void drawAltered(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW, double laneH) {
        BitSet altered = viewModel.alteredProperty().get();
        if (altered == null) {
            return;
        }
        Color colour = p.kind(MarkKind.FAILURE);
        g.setStroke(colour);
        g.setLineWidth(1.5);
        g.setLineDashes(DASHES);
        g.setFont(boldFont);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        for (int i = altered.nextSetBit(0); i >= 0 && i < model.eventCount(); i = altered.nextSetBit(i + 1)) {
            long t = model.eventTime(i);
            if (t < viewport.start() || t > viewport.end()) {
                continue;
            }
            double x = GUTTER + viewport.toX(t, plotW);
            double top = laneTop(model.eventLane(i));
            g.strokeRect(x - 8, top + 2, 16, laneH - 4);
            g.setFill(colour);
            g.fillText("!", x, top + 2);
        }
        g.setLineDashes((double[]) null);
    }

    /** Where the altered events sit in the whole run: a line across the overview strip for each. */
    private void drawAlteredInOverview(GraphicsContext g, TimelinePalette p, TimelineModel model, double plotW) {
        BitSet altered = viewModel.alteredProperty().get();
        if (altered == null) {
            return;
        }
        double top = overviewTop();
        long total = overviewSpan(model);
        g.setStroke(p.kind(MarkKind.FAILURE));
        g.setLineWidth(2);
        for (int i = altered.nextSetBit(0); i >= 0 && i < model.eventCount(); i = altered.nextSetBit(i + 1)) {
            double x = GUTTER + (model.eventTime(i) - overviewStart(model)) * plotW / total;
            g.strokeLine(x, top, x, top + OVERVIEW);
        }
    }

    /**
     * First pass: bars and strokes. A single span or event is drawn as itself; an aggregate as a small block in the colour
     * of the busiest base kind it holds (adjacent blocks read as a density strip).
     */
    private void drawBase(GraphicsContext g, TimelinePalette p, int m, double laneH) {
        double mid = laneTop(marks.lane(m)) + laneH / 2;
        double x0 = GUTTER + marks.x0(m);
        double x1 = GUTTER + marks.x1(m);
        if (marks.count(m) > 1) {
            MarkKind base = marks.mostImportantBase(m);
            if (base == null) {
                return; // only symbol kinds: the second pass draws them
            }
            double half = base == MarkKind.TICK ? Math.min(10, laneH * 0.25) : Math.min(12, laneH * 0.21);
            g.setFill(aggregateFill[base.ordinal()]);
            g.fillRect(x0 - 1, mid - half, Math.max(3, x1 - x0 + 2), 2 * half);
            g.setFill(spanFill[base.ordinal()]);
            g.fillRect(x0 - 1, mid - half, Math.max(3, x1 - x0 + 2), 2);
            return;
        }
        MarkKind kind = marks.kind(m);
        if (kind.isSpan()) {
            double spanH = Math.min(kind == MarkKind.TOOL_SPAN ? 24 : 18, laneH * (kind == MarkKind.TOOL_SPAN ? 0.42 : 0.32));
            double width = Math.max(3, x1 - x0);
            g.setFill(spanFill[kind.ordinal()]);
            g.fillRoundRect(x0, mid - spanH / 2, width, spanH, 5, 5);
            g.setStroke(spanEdge[kind.ordinal()]);
            g.setLineWidth(1);
            g.strokeRoundRect(x0, mid - spanH / 2, width, spanH, 5, 5);
            g.setFill(p.kind(kind));
            g.fillRect(x0, mid - spanH / 2 - 3, 2, spanH + 6);
        } else if (kind == MarkKind.TICK) {
            drawSymbol(g, p, kind, x0, mid, laneH);
        }
    }

    // per lane: where the last symbol and count label went, so that dense lanes do not pile symbols on each other
    private double[] lastSymbolX = new double[0];
    private byte[] lastSymbolKind = new byte[0];
    private double[] lastLabelX = new double[0];
    private double[] lastMarkEnd = new double[0];

    private void resetSymbolLanes(int lanes) {
        if (lastSymbolX.length < lanes) {
            lastSymbolX = new double[lanes];
            lastSymbolKind = new byte[lanes];
            lastLabelX = new double[lanes];
            lastMarkEnd = new double[lanes];
        }
        java.util.Arrays.fill(lastMarkEnd, 0, lanes, -1e9);
        java.util.Arrays.fill(lastSymbolX, 0, lanes, -1e9);
        java.util.Arrays.fill(lastLabelX, 0, lanes, -1e9);
        java.util.Arrays.fill(lastSymbolKind, 0, lanes, (byte) -1);
    }

    /**
     * Second pass: symbols (checkpoint, decision, unknown outcome, escape, failure) and aggregate counts. A symbol that
     * would overlap the previous one in its lane is skipped unless it is more important, so a failure always shows.
     */
    private void drawSymbols(GraphicsContext g, TimelinePalette p, int m, double laneH) {
        int lane = marks.lane(m);
        double mid = laneTop(lane) + laneH / 2;
        double x0 = GUTTER + marks.x0(m);
        double x1 = GUTTER + marks.x1(m);
        double x = marks.count(m) > 1 ? (x0 + x1) / 2 : x0;
        double r = Math.min(8, laneH * 0.26);
        MarkKind symbol = marks.count(m) > 1 ? marks.mostImportantSymbol(m) : marks.kind(m);
        if (symbol != null && symbol.ordinal() >= MarkKind.CHECKPOINT.ordinal()) {
            boolean overlaps = x - lastSymbolX[lane] < 2 * r;
            if (!overlaps || symbol.code() > lastSymbolKind[lane]) {
                drawSymbol(g, p, symbol, x, mid, laneH);
                double sx = x;
                // the other important kinds merged into this mark go beside it: an escape next to its failure stays visible
                for (int k = symbol.ordinal() - 1; marks.count(m) > 1 && k >= MarkKind.CHECKPOINT.ordinal(); k--) {
                    MarkKind inside = MarkKind.of((byte) k);
                    if (marks.contains(m, inside)) {
                        sx += 2.2 * r;
                        drawSymbol(g, p, inside, sx, mid, laneH);
                    }
                }
                lastSymbolX[lane] = sx;
                lastSymbolKind[lane] = symbol.code();
            }
        }
        int count = marks.count(m);
        boolean isolated = x0 - lastMarkEnd[lane] >= 12;
        lastMarkEnd[lane] = x1;
        if (count > 1 && isolated && x - lastLabelX[lane] >= 16) {
            g.setFill(p.mutedText());
            g.setFont(smallFont);
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.TOP);
            g.fillText(count < COUNT_LABELS.length ? COUNT_LABELS[count] : "99+", x, mid + Math.min(12, laneH * 0.25) + 2);
            lastLabelX[lane] = x;
        }
    }

    private void drawSymbol(GraphicsContext g, TimelinePalette p, MarkKind kind, double x, double mid, double laneH) {
        Color color = p.kind(kind);
        double r = Math.min(8, laneH * 0.26);
        g.setLineWidth(1.5);
        switch (kind) {
            case TICK -> {
                double half = Math.min(12, laneH * 0.28);
                g.setStroke(color);
                g.setLineWidth(2);
                g.strokeLine(x, mid - half, x, mid + half);
            }
            case CHECKPOINT -> {
                double half = Math.min(14, laneH * 0.36);
                g.setStroke(color);
                g.setLineWidth(2);
                g.strokeLine(x, mid + half, x, mid - half);
                g.setFill(color);
                double top = mid - half;
                fillPolygon(g, x, top, x + r * 1.6, top + r * 0.6, x, top + r * 1.2);
            }
            case DECISION -> {
                g.setFill(color);
                setDiamond(x, mid, r);
                g.fillPolygon(polyX, polyY, 4);
                g.setStroke(p.background());
                g.strokePolygon(polyX, polyY, 4);
            }
            case UNKNOWN_EFFECT -> {
                g.setFill(p.background());
                g.fillOval(x - r, mid - r, 2 * r, 2 * r);
                g.setStroke(color);
                g.setLineWidth(2);
                g.setLineDashes(DASHES);
                g.strokeOval(x - r, mid - r, 2 * r, 2 * r);
                g.setLineDashes((double[]) null);
                g.setFill(color);
                g.setFont(boldFont);
                g.setTextAlign(TextAlignment.CENTER);
                g.setTextBaseline(VPos.CENTER);
                g.fillText("?", x, mid);
            }
            case ESCAPE -> {
                g.setFill(color);
                fillPolygon(g, x, mid - r * 1.1, x + r * 1.1, mid + r * 0.9, x - r * 1.1, mid + r * 0.9);
                g.setFill(p.background());
                g.fillRect(x - 0.75, mid - r * 0.45, 1.5, r * 0.75);
                g.fillRect(x - 0.75, mid + r * 0.45, 1.5, 1.5);
            }
            case FAILURE -> {
                g.setFill(color);
                g.fillOval(x - r, mid - r, 2 * r, 2 * r);
                g.setStroke(Color.WHITE);
                g.setLineWidth(2);
                double k = r * 0.45;
                g.strokeLine(x - k, mid - k, x + k, mid + k);
                g.strokeLine(x - k, mid + k, x + k, mid - k);
            }
            case TOOL_SPAN, MODEL_SPAN -> {
                g.setFill(color);
                g.fillRoundRect(x - 2, mid - laneH * 0.2, 4, laneH * 0.4, 2, 2);
            }
        }
    }

    // reused vertex buffers: drawing symbols allocates no arrays
    private final double[] polyX = new double[4];
    private final double[] polyY = new double[4];

    private void fillPolygon(GraphicsContext g, double x0, double y0, double x1, double y1, double x2, double y2) {
        polyX[0] = x0;
        polyY[0] = y0;
        polyX[1] = x1;
        polyY[1] = y1;
        polyX[2] = x2;
        polyY[2] = y2;
        g.fillPolygon(polyX, polyY, 3);
    }

    private void setDiamond(double x, double mid, double r) {
        polyX[0] = x;
        polyY[0] = mid - r;
        polyX[1] = x + r;
        polyY[1] = mid;
        polyX[2] = x;
        polyY[2] = mid + r;
        polyX[3] = x - r;
        polyY[3] = mid;
    }

    private void drawCursor(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW,
                            double laneH, double lanesBottom) {
        int selected = viewModel.selectedIndex();
        if (selected < 0 || selected >= model.eventCount()) {
            return;
        }
        long t = model.eventTime(selected);
        double x = Math.floor(GUTTER + viewport.toX(t, plotW)) + 0.5;
        g.setStroke(p.cursor());
        g.setLineWidth(1.5);
        g.strokeLine(x, AXIS, x, lanesBottom);
        double top = laneTop(model.eventLane(selected));
        g.setLineWidth(2);
        double ring = Math.min(laneH - 6, 36);
        g.strokeRoundRect(x - 9, top + (laneH - ring) / 2, 18, ring, 8, 8);
        g.setFill(p.cursor());
        fillPolygon(g, x - 5, AXIS, x + 5, AXIS, x, AXIS + 6);
    }

    private void drawOverview(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW) {
        double top = overviewTop();
        int columns = (int) plotW;
        int lanes = model.laneCount();
        if (overviewModel != model || overviewColumns != columns) {
            computeOverview(model, columns);
        }
        g.setFill(p.laneAlternate());
        g.fillRect(GUTTER, top, plotW, OVERVIEW);
        g.setStroke(p.grid());
        g.setLineWidth(1);
        g.strokeRect(GUTTER + 0.5, top + 0.5, plotW - 1, OVERVIEW - 1);
        g.setFill(p.mutedText());
        g.setFont(smallFont);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        g.fillText("Whole run", 10, top + OVERVIEW / 2);
        double rowH = (OVERVIEW - 6) / Math.max(1, lanes);
        for (int lane = 0; lane < lanes; lane++) {
            double y = top + 3 + lane * rowH;
            for (int c = 0; c < columns; c++) {
                byte kind = overviewKinds[lane * columns + c];
                if (kind >= 0) {
                    g.setFill(p.kinds()[kind]);
                    g.fillRect(GUTTER + c, y, 1, Math.max(1, rowH - 1));
                }
            }
        }
        long total = overviewSpan(model);
        double x0 = GUTTER + (viewport.start() - overviewStart(model)) * plotW / total;
        double x1 = GUTTER + (viewport.end() - overviewStart(model)) * plotW / total;
        g.setFill(windowFill);
        g.fillRect(x0, top, Math.max(3, x1 - x0), OVERVIEW);
        g.setStroke(p.overviewWindow());
        g.setLineWidth(1.5);
        g.strokeRect(x0, top + 0.75, Math.max(3, x1 - x0), OVERVIEW - 1.5);
        int selected = viewModel.selectedIndex();
        if (selected >= 0 && selected < model.eventCount()) {
            double cx = GUTTER + (model.eventTime(selected) - overviewStart(model)) * plotW / total;
            g.setStroke(p.cursor());
            g.strokeLine(cx, top, cx, top + OVERVIEW);
        }
    }

    private static long overviewStart(TimelineModel model) {
        return -(long) (Math.max(model.duration(), TimelineViewport.MIN_SPAN_NANOS) * 0.02);
    }

    private static long overviewSpan(TimelineModel model) {
        return Math.max(model.duration(), TimelineViewport.MIN_SPAN_NANOS) - 2 * overviewStart(model);
    }

    /** Once per model and width: the most important kind per lane and pixel column of the whole run. */
    private void computeOverview(TimelineModel model, int columns) {
        int lanes = model.laneCount();
        if (overviewKinds.length < lanes * columns) {
            overviewKinds = new byte[lanes * columns];
        }
        java.util.Arrays.fill(overviewKinds, 0, lanes * columns, (byte) -1);
        long start = overviewStart(model);
        double perNano = columns / (double) overviewSpan(model);
        for (int item = 0; item < model.size(); item++) {
            int lane = model.lane(item);
            int c0 = (int) Math.clamp((model.start(item) - start) * perNano, 0, columns - 1);
            int c1 = (int) Math.clamp((model.end(item) - start) * perNano, 0, columns - 1);
            byte kind = model.kindCode(item);
            for (int c = c0; c <= c1; c++) {
                int at = lane * columns + c;
                if (kind > overviewKinds[at]) {
                    overviewKinds[at] = kind;
                }
            }
        }
        overviewModel = model;
        overviewColumns = columns;
    }

    private static final String[] LEGEND_LABELS = {"Event", "Model call", "Tool call", "Checkpoint", "Human decision",
            "Unknown outcome", "Escape attempt", "Failure"};
    private double[] legendWidths;

    /** Text widths measured once (not per frame) with the legend font. */
    private double[] legendWidths() {
        if (legendWidths == null) {
            javafx.scene.text.Text probe = new javafx.scene.text.Text();
            probe.setFont(smallFont);
            legendWidths = new double[LEGEND_LABELS.length + 2];
            for (int i = 0; i < LEGEND_LABELS.length; i++) {
                probe.setText(LEGEND_LABELS[i]);
                legendWidths[i] = probe.getLayoutBounds().getWidth();
            }
            probe.setText("Search match");
            legendWidths[LEGEND_LABELS.length] = probe.getLayoutBounds().getWidth();
            probe.setText("Cursor");
            legendWidths[LEGEND_LABELS.length + 1] = probe.getLayoutBounds().getWidth();
        }
        return legendWidths;
    }

    private void drawLegend(GraphicsContext g, TimelinePalette p, double h) {
        double y = h - LEGEND / 2;
        double x = 10;
        double[] widths = legendWidths();
        MarkKind[] kinds = MarkKind.values();
        for (int i = 0; i < kinds.length; i++) {
            MarkKind kind = kinds[i];
            if (kind.isSpan()) {
                g.setFill(p.kind(kind));
                g.fillRoundRect(x, y - 4, 14, 8, 4, 4);
                x += 18;
            } else {
                drawSymbol(g, p, kind, x + 6, y, 22);
                x += 15;
            }
            g.setFont(smallFont);
            g.setFill(p.mutedText());
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.CENTER);
            g.fillText(LEGEND_LABELS[i], x, y);
            x += widths[i] + 12;
        }
        g.setFill(matchFill);
        g.fillRoundRect(x, y - 7, 10, 14, 5, 5);
        g.setFill(p.mutedText());
        g.fillText("Search match", x + 14, y);
        x += 14 + widths[kinds.length] + 12;
        g.setStroke(p.cursor());
        g.setLineWidth(1.5);
        g.strokeLine(x + 4, y - 8, x + 4, y + 8);
        g.fillText("Cursor", x + 10, y);
        if (viewModel.alteredProperty().get() != null) {
            x += 10 + widths[kinds.length + 1] + 12;
            g.setStroke(p.kind(MarkKind.FAILURE));
            g.setLineDashes(DASHES);
            g.strokeRect(x, y - 7, 10, 14);
            g.setLineDashes((double[]) null);
            g.setFill(p.mutedText());
            g.fillText("Altered (integrity check failed)", x + 14, y);
        }
    }

    // --- interaction -------------------------------------------------------------------------------------------------

    private void onScroll(ScrollEvent e) {
        double plotW = plotWidth();
        if (e.isControlDown() || e.isShortcutDown()) {
            double anchor = (e.getX() - GUTTER) / plotW;
            viewModel.zoom(e.getDeltaY() > 0 ? 1.25 : 0.8, anchor);
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
        dragX = e.getX();
        dragMoved = false;
        draggingOverview = e.getY() >= overviewTop() && e.getY() <= overviewTop() + OVERVIEW && e.getX() >= GUTTER;
        if (draggingOverview) {
            centreFromOverview(e.getX());
        }
    }

    private void onDragged(MouseEvent e) {
        if (Double.isNaN(dragX)) {
            return;
        }
        if (draggingOverview) {
            centreFromOverview(e.getX());
            return;
        }
        double dx = e.getX() - dragX;
        if (Math.abs(dx) >= 1) {
            dragMoved = true;
            canvas.setCursor(Cursor.CLOSED_HAND);
            viewModel.pan((long) (-dx / plotWidth() * viewModel.viewport().span()));
            dragX = e.getX();
        }
    }

    private void onReleased(MouseEvent e) {
        canvas.setCursor(Cursor.DEFAULT);
        if (!dragMoved && !draggingOverview && e.getButton() == MouseButton.PRIMARY && !Double.isNaN(dragX)) {
            int event = eventAt(e.getX(), e.getY());
            if (event >= 0) {
                viewModel.select(event);
            }
        }
        dragX = Double.NaN;
        draggingOverview = false;
    }

    private void centreFromOverview(double x) {
        TimelineModel model = viewModel.model();
        long t = overviewStart(model) + (long) ((x - GUTTER) / plotWidth() * overviewSpan(model));
        viewModel.centreOn(t);
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
        TimelineModel model = viewModel.model();
        if (x < GUTTER || y < AXIS || y >= laneTop(model.laneCount())) {
            return -1;
        }
        int lane = (int) ((y - AXIS) / laneHeight());
        double px = x - GUTTER;
        int best = -1;
        double bestDistance = 6;
        for (int m = 0; m < marks.size(); m++) {
            if (marks.lane(m) != lane) {
                continue;
            }
            double distance = px < marks.x0(m) ? marks.x0(m) - px : px > marks.x1(m) ? px - marks.x1(m) : 0;
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = m;
            }
        }
        return best;
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

    private String describeMark(int mark) {
        TimelineModel model = viewModel.model();
        int item = marks.firstItem(mark);
        if (marks.count(mark) > 1) {
            return marks.count(mark) + " events, most important: " + marks.kind(mark).label() + "\nZoom in (Ctrl+wheel or +) to tell them apart";
        }
        Event event = viewModel.events().event(model.eventIndex(item));
        StringBuilder text = new StringBuilder();
        text.append(model.kind(item).label()).append(" · ").append(event.type());
        String detail = event.text("tool") != null ? event.text("tool") : event.text("model") != null ? event.text("model")
                : event.text("label") != null ? event.text("label") : event.text("verdict") != null ? event.text("verdict")
                : event.text("message");
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
        return GUTTER + viewModel.viewport().toX(viewModel.model().eventTime(event), plotWidth());
    }

    /** The vertical centre of an event's lane (canvas coordinates). */
    public double yOfEvent(int event) {
        return laneTop(viewModel.model().eventLane(event)) + laneHeight() / 2;
    }

    /** The name of the lane whose header (left gutter) is at this point, or null. */
    public String laneNameAt(double x, double y) {
        TimelineModel model = viewModel.model();
        if (x < 0 || x >= GUTTER || y < AXIS || y >= laneTop(model.laneCount())) {
            return null;
        }
        int lane = (int) ((y - AXIS) / laneHeight());
        return lane < model.lanes().size() ? model.lanes().get(lane) : null;
    }

    /** The hover tooltip's text while it is showing, else null. */
    public String hoverText() {
        return tooltip.isShowing() ? tooltip.getText() : null;
    }

    public Canvas canvas() {
        return canvas;
    }
}
