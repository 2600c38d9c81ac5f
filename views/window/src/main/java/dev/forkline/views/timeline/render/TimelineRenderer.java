package dev.forkline.views.timeline.render;

import dev.forkline.views.timeline.EventHighlights;
import dev.forkline.views.timeline.OverviewColumns;
import dev.forkline.views.timeline.LaneKind;
import dev.forkline.views.timeline.MarkBuffer;
import dev.forkline.views.timeline.MarkKind;
import dev.forkline.views.timeline.MarkMerger;
import dev.forkline.views.timeline.TimeLabels;
import dev.forkline.views.timeline.TimelineModel;
import dev.forkline.views.timeline.TimelineViewport;
import dev.forkline.views.timeline.geometry.AxisBreaks;
import dev.forkline.views.timeline.geometry.OverviewScale;
import dev.forkline.views.timeline.geometry.TimelineLayout;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

import java.util.BitSet;

import static dev.forkline.views.timeline.geometry.TimelineLayout.AXIS;
import static dev.forkline.views.timeline.geometry.TimelineLayout.GUTTER;
import static dev.forkline.views.timeline.geometry.TimelineLayout.OVERVIEW;

/**
 * Draws one frame of the timeline onto a canvas' graphics context: lanes, the (broken) axis, search matches, the marks
 * the {@link MarkMerger} made for the visible window, integrity flags, the cursor, the overview strip with the visible
 * window and a drag-to-zoom range, and the legend. Holds the frame-to-frame caches (colours derived from the palette,
 * axis labels, the overview's columns, reused vertex buffers) so that a frame allocates nothing but the few axis labels
 * not yet cached. Knows nothing of input; the control ({@code views.shell.TimelineCanvas}) decides when to draw.
 */
public final class TimelineRenderer {

    /** Items narrower than this many pixels in one lane are merged into one aggregate mark. */
    public static final double MIN_MARK_PX = 2.0;

    private static final String[] COUNT_LABELS = new String[100];
    private static final double[] DASHES = {3, 2};
    /** Axis labels closer than this (pixels) to the previous one are left out. */
    private static final double MIN_LABEL_GAP = 70;
    /** Width of the lanes' scroll thumb in the gutter. */
    private static final double LANE_SCROLL_BAR = 4;

    static {
        for (int i = 0; i < COUNT_LABELS.length; i++) {
            COUNT_LABELS[i] = Integer.toString(i);
        }
    }

    /**
     * What one frame shows: the model, viewport, cursor, matches, integrity flags and a drag-to-zoom range. One instance
     * is refilled for every frame, so drawing allocates nothing for it.
     */
    public static final class Scene {
        private TimelineModel model;
        private TimelineViewport viewport;
        private int selected;
        private BitSet matches;
        private boolean hideUnmatched;
        private BitSet altered;
        private double brushFrom;
        private double brushTo;
        private String placeholder = TimelineRenderer.NO_TRACE;

        /** What is written across an empty timeline (no trace open). */
        public Scene placeholder(String text) {
            placeholder = text;
            return this;
        }

        public Scene set(TimelineModel shownModel, TimelineViewport shownViewport, int selectedEvent, BitSet matchedEvents,
                  boolean hideOthers, BitSet alteredEvents, double brushFromX, double brushToX) {
            model = shownModel;
            viewport = shownViewport;
            selected = selectedEvent;
            matches = matchedEvents;
            hideUnmatched = hideOthers;
            altered = alteredEvents;
            brushFrom = brushFromX;
            brushTo = brushToX;
            return this;
        }

        TimelineModel model() {
            return model;
        }

        TimelineViewport viewport() {
            return viewport;
        }

        int selected() {
            return selected;
        }

        BitSet matches() {
            return matches;
        }

        boolean hideUnmatched() {
            return hideUnmatched;
        }

        BitSet altered() {
            return altered;
        }

        double brushFrom() {
            return brushFrom;
        }

        double brushTo() {
            return brushTo;
        }

        String placeholder() {
            return placeholder;
        }
    }

    /** The empty timeline's text when nothing else is said. */
    public static final String NO_TRACE = "Open a trace to see its timeline";

    private final TimelineLayout layout;
    private final MarkBuffer marks;
    private final EventHighlights matchHighlights = new EventHighlights();
    private final EventHighlights alteredHighlights = new EventHighlights();
    private final OverviewColumns alteredInOverview = new OverviewColumns();
    private final TimeLabels labels = new TimeLabels();
    private final Font font = Font.font("System", 12);
    private final Font smallFont = Font.font("System", 10);
    private final Font boldFont = Font.font("System", FontWeight.BOLD, 12);

    private TimelinePalette palette = TimelinePalette.LIGHT;
    // colours derived from the palette once, not per frame
    private final Color[] spanFill = new Color[MarkKind.values().length];
    private final Color[] spanEdge = new Color[MarkKind.values().length];
    private final Color[] aggregateFill = new Color[MarkKind.values().length];
    private Color matchFill;
    private Color windowFill;
    private Color breakFill;
    private Color laneScrollFill;

    private byte[] overviewKinds = new byte[0];
    private int overviewColumns = -1;
    private TimelineModel overviewModel;
    private BitSet overviewShown;

    public TimelineRenderer(TimelineLayout layout, MarkBuffer marks) {
        this.layout = layout;
        this.marks = marks;
        setPalette(TimelinePalette.LIGHT);
    }

    public void setPalette(TimelinePalette p) {
        palette = p;
        for (MarkKind kind : MarkKind.values()) {
            spanFill[kind.ordinal()] = p.kind(kind).deriveColor(0, 1, 1, 0.85);
            spanEdge[kind.ordinal()] = p.kind(kind).darker();
            aggregateFill[kind.ordinal()] = p.kind(kind).deriveColor(0, 1, 1, 0.28);
        }
        matchFill = p.match().deriveColor(0, 1, 1, 0.55);
        windowFill = p.overviewWindow().deriveColor(0, 1, 1, 0.15);
        breakFill = p.mutedText().deriveColor(0, 1, 1, 0.12);
        laneScrollFill = p.mutedText().deriveColor(0, 1, 1, 0.55);
    }

    public void draw(GraphicsContext g, Scene scene) {
        TimelinePalette p = palette;
        double w = layout.width();
        double h = layout.height();
        g.setFill(p.background());
        g.fillRect(0, 0, w, h);
        TimelineModel model = scene.model();
        if (model.laneCount() == 0) {
            g.setFill(p.mutedText());
            g.setFont(font);
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.CENTER);
            g.fillText(scene.placeholder(), w / 2, h / 2);
            return;
        }
        TimelineViewport viewport = scene.viewport();
        double plotW = layout.plotWidth();
        double laneH = layout.laneHeight();
        double lanesBottom = layout.lanesBottom();
        BitSet shown = scene.hideUnmatched() ? scene.matches() : null;

        drawLaneBackgrounds(g, p, model, w, laneH);
        drawAxis(g, p, model, viewport, plotW, lanesBottom);

        g.save();
        g.beginPath();
        g.rect(GUTTER, AXIS, plotW, lanesBottom - AXIS);
        g.clip();
        drawBreaks(g, p, model, viewport, plotW, lanesBottom);
        if (shown == null) {
            drawMatches(g, model, viewport, plotW, laneH, scene.matches());
        }
        MarkMerger.merge(model, viewport.start(), viewport.end(), plotW, MIN_MARK_PX,
                MarkMerger.DEFAULT_MAX_AGGREGATE_PX, shown, marks);
        for (int m = 0; m < marks.size(); m++) {
            drawBase(g, p, m, laneH);
        }
        resetSymbolLanes(model.laneCount(), laneH);
        for (int m = 0; m < marks.size(); m++) {
            drawSymbols(g, p, m, laneH);
        }
        drawAltered(g, p, model, viewport, plotW, laneH, scene.altered());
        drawCursor(g, p, model, viewport, plotW, laneH, lanesBottom, scene.selected());
        g.restore();

        drawOverview(g, p, model, viewport, plotW, scene.selected(), shown);
        drawAlteredInOverview(g, p, model, plotW, scene.altered());
        drawBrush(g, p, scene.brushFrom(), scene.brushTo());
        drawLegend(g, p, scene.altered() != null);
    }

    private double xOf(TimelineModel model, TimelineViewport viewport, long time, double plotW) {
        return GUTTER + viewport.toX(model.toAxis(time), plotW);
    }

    private void drawLaneBackgrounds(GraphicsContext g, TimelinePalette p, TimelineModel model, double w, double laneH) {
        double lanesBottom = layout.lanesBottom();
        g.setFill(p.gutter());
        g.fillRect(0, 0, GUTTER, lanesBottom);
        g.save();
        g.beginPath();
        g.rect(0, AXIS, w, lanesBottom - AXIS);
        g.clip();
        for (int lane = 0; lane < model.laneCount(); lane++) {
            double top = layout.laneTop(lane);
            if (top + laneH <= AXIS || top >= lanesBottom) {
                continue; // scrolled out of view
            }
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
        g.restore();
        g.setStroke(p.grid());
        g.strokeLine(GUTTER - 0.5, AXIS, GUTTER - 0.5, lanesBottom);
        drawLaneScrollBar(g, lanesBottom);
    }

    /** When the lanes do not all fit: a thumb at the gutter's right edge, as long and as far down as the part shown. */
    private void drawLaneScrollBar(GraphicsContext g, double lanesBottom) {
        double hidden = layout.maxLaneScroll();
        if (hidden <= 0) {
            return;
        }
        double room = lanesBottom - AXIS;
        double whole = room + hidden;
        double top = AXIS + room * layout.laneScroll() / whole;
        g.setFill(laneScrollFill);
        g.fillRoundRect(GUTTER - LANE_SCROLL_BAR - 2, top + 1, LANE_SCROLL_BAR, Math.max(12, room * room / whole) - 2,
                LANE_SCROLL_BAR, LANE_SCROLL_BAR);
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

    /**
     * Ticks at nice multiples of run time, segment by segment between the broken gaps, so the labels after a gap read
     * the real time (e.g. 40:00:05) and no tick is drawn inside a gap.
     */
    private void drawAxis(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW,
                          double lanesBottom) {
        long step = TimeLabels.step(viewport.span(), plotW, 90);
        AxisBreaks breaks = model.breaks();
        g.setFont(smallFont);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        g.setLineWidth(1);
        double lastLabel = Double.NEGATIVE_INFINITY;
        long visibleFrom = breaks.toTime(viewport.start());
        long visibleTo = breaks.toTime(viewport.end());
        for (int segment = 0; segment <= breaks.count(); segment++) {
            long from = segment == 0 ? Long.MIN_VALUE : breaks.gapEnd(segment - 1);
            long to = segment == breaks.count() ? Long.MAX_VALUE : breaks.gapStart(segment);
            from = Math.max(from, visibleFrom);
            to = Math.min(to, visibleTo);
            if (from > to) {
                continue;
            }
            for (long t = Math.floorDiv(from + step - 1, step) * step; t <= to; t += step) {
                double x = xOf(model, viewport, t, plotW);
                if (x < GUTTER) {
                    continue;
                }
                double sx = Math.floor(x) + 0.5;
                g.setStroke(p.grid());
                g.strokeLine(sx, AXIS - 6, sx, lanesBottom);
                if (sx - lastLabel >= MIN_LABEL_GAP) { // right after a break the next label may sit too close
                    String label = labels.label(t, step);
                    if (fitsBeforeRightEdge(label, sx + 4)) {
                        g.setFill(p.mutedText());
                        g.fillText(label, sx + 4, AXIS / 2);
                    }
                    lastLabel = sx;
                }
            }
        }
        g.setStroke(p.grid());
        g.strokeLine(GUTTER, AXIS - 0.5, GUTTER + plotW + TimelineLayout.RIGHT_MARGIN, AXIS - 0.5);
        g.setFill(p.mutedText());
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("Actors", 10, AXIS / 2);
    }

    /** Each broken gap: a shaded band across the lanes between two zig-zag cuts, labelled with how long it lasted. */
    private void drawBreaks(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW,
                            double lanesBottom) {
        AxisBreaks breaks = model.breaks();
        for (int i = 0; i < breaks.count(); i++) {
            double x0 = GUTTER + viewport.toX(breaks.axisGapStart(i), plotW);
            double x1 = GUTTER + viewport.toX(breaks.axisGapStart(i) + breaks.shownNanos(), plotW);
            if (x1 < GUTTER || x0 > GUTTER + plotW) {
                continue;
            }
            g.setFill(breakFill);
            g.fillRect(x0, AXIS, Math.max(2, x1 - x0), lanesBottom - AXIS);
            g.setStroke(p.mutedText());
            g.setLineWidth(1.2);
            zigzag(g, x0, AXIS, lanesBottom);
            zigzag(g, Math.max(x0 + 3, x1), AXIS, lanesBottom);
            g.setFill(p.mutedText());
            g.setFont(smallFont);
            // left of the band, where the activity before the gap ended: a compressed band is too narrow for text
            g.setTextAlign(TextAlignment.RIGHT);
            g.setTextBaseline(VPos.TOP);
            g.fillText(TimeLabels.duration(breaks.gapEnd(i) - breaks.gapStart(i)) + " idle", x0 - 4, AXIS + 4);
        }
    }

    private static void zigzag(GraphicsContext g, double x, double top, double bottom) {
        g.beginPath();
        g.moveTo(x, top);
        boolean right = true;
        for (double y = top + 5; y <= bottom; y += 5) {
            g.lineTo(right ? x + 2.5 : x, y);
            right = !right;
        }
        g.stroke();
    }

    private void drawMatches(GraphicsContext g, TimelineModel model, TimelineViewport viewport, double plotW, double laneH,
                             BitSet matches) {
        matchHighlights.collect(model, viewport, plotW, matches);
        g.setFill(matchFill);
        for (int h = 0; h < matchHighlights.size(); h++) {
            double x = GUTTER + matchHighlights.x(h);
            double top = layout.laneTop(matchHighlights.lane(h));
            g.fillRoundRect(x - 6, top + 2, 12, laneH - 4, 6, 6);
        }
    }

    /** Events whose integrity check failed: a dashed frame in the failure colour with a "!" flag above it. */
    private void drawAltered(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW,
                             double laneH, BitSet altered) {
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
        alteredHighlights.collect(model, viewport, plotW, altered);
        for (int h = 0; h < alteredHighlights.size(); h++) {
            double x = GUTTER + alteredHighlights.x(h);
            double top = layout.laneTop(alteredHighlights.lane(h));
            g.strokeRect(x - 8, top + 2, 16, laneH - 4);
            g.setFill(colour);
            g.fillText("!", x, top + 2);
        }
        g.setLineDashes((double[]) null);
    }

    /** Where the altered events sit in the whole run: a line across the overview strip at each pixel column holding one. */
    private void drawAlteredInOverview(GraphicsContext g, TimelinePalette p, TimelineModel model, double plotW, BitSet altered) {
        if (altered == null) {
            return;
        }
        alteredInOverview.update(model, altered, overviewLength(model), plotW);
        double top = layout.overviewTop();
        g.setStroke(p.kind(MarkKind.FAILURE));
        g.setLineWidth(2);
        for (int c = alteredInOverview.next(0); c >= 0; c = alteredInOverview.next(c + 1)) {
            g.strokeLine(GUTTER + c, top, GUTTER + c, top + OVERVIEW);
        }
    }

    /**
     * First pass: bars and strokes. A single span or event is drawn as itself; an aggregate as a small block in the colour
     * of the busiest base kind it holds (adjacent blocks read as a density strip).
     */
    private void drawBase(GraphicsContext g, TimelinePalette p, int m, double laneH) {
        double mid = layout.laneMiddle(marks.lane(m));
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
    private int countLabels;
    /** This frame's: how far under a lane's middle an aggregate's count goes, and whether it then stays in its lane. */
    private double countLabelOffset;
    private boolean countLabelsFit;

    /** How many aggregates' counts the last frame wrote under them. */
    public int countLabelsDrawn() {
        return countLabels;
    }

    private void resetSymbolLanes(int lanes, double laneH) {
        countLabels = 0;
        countLabelOffset = Math.min(12, laneH * 0.25) + 2;
        countLabelsFit = countLabelOffset + smallFont.getSize() <= laneH / 2; // else drawn over the next lane
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
        double mid = layout.laneMiddle(lane);
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
        if (count > 1 && isolated && x - lastLabelX[lane] >= 16 && countLabelsFit) {
            g.setFill(p.mutedText());
            g.setFont(smallFont);
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.TOP);
            g.fillText(count < COUNT_LABELS.length ? COUNT_LABELS[count] : "99+", x, mid + countLabelOffset);
            countLabels++;
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
                            double laneH, double lanesBottom, int selected) {
        if (selected < 0 || selected >= model.eventCount()) {
            return;
        }
        double x = Math.floor(xOf(model, viewport, model.eventTime(selected), plotW)) + 0.5;
        g.setStroke(p.cursor());
        g.setLineWidth(1.5);
        g.strokeLine(x, AXIS, x, lanesBottom);
        double top = layout.laneTop(model.eventLane(selected));
        g.setLineWidth(2);
        double ring = Math.min(laneH - 6, 36);
        g.strokeRoundRect(x - 9, top + (laneH - ring) / 2, 18, ring, 8, 8);
        g.setFill(p.cursor());
        fillPolygon(g, x - 5, AXIS, x + 5, AXIS, x, AXIS + 6);
    }

    /** The axis length the overview spans (never shorter than the viewport's least span). */
    public static long overviewLength(TimelineModel model) {
        return Math.max(model.axisLength(), TimelineViewport.MIN_SPAN_NANOS);
    }

    private void drawOverview(GraphicsContext g, TimelinePalette p, TimelineModel model, TimelineViewport viewport, double plotW,
                              int selected, BitSet shown) {
        double top = layout.overviewTop();
        int columns = (int) plotW;
        int lanes = model.laneCount();
        if (overviewModel != model || overviewColumns != columns || overviewShown != shown) {
            computeOverview(model, columns, shown);
        }
        // in a pane too short for every lane the strip sits over the last lanes: its own band hides what lies under
        // it (lane names in the gutter included), so "Whole run" is never drawn over a lane's name
        g.setFill(p.background());
        g.fillRect(0, top - 2, layout.width(), OVERVIEW + 4);
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
        long length = overviewLength(model);
        AxisBreaks breaks = model.breaks();
        g.setStroke(p.mutedText());
        g.setLineWidth(1);
        for (int i = 0; i < breaks.count(); i++) {
            double bx0 = GUTTER + OverviewScale.toX(breaks.axisGapStart(i), length, plotW);
            double bx1 = GUTTER + OverviewScale.toX(breaks.axisGapStart(i) + breaks.shownNanos(), length, plotW);
            g.setFill(breakFill);
            g.fillRect(bx0, top, Math.max(2, bx1 - bx0), OVERVIEW);
            zigzag(g, bx0, top, top + OVERVIEW);
        }
        double x0 = GUTTER + OverviewScale.toX(viewport.start(), length, plotW);
        double x1 = GUTTER + OverviewScale.toX(viewport.end(), length, plotW);
        g.setFill(windowFill);
        g.fillRect(x0, top, Math.max(3, x1 - x0), OVERVIEW);
        g.setStroke(p.overviewWindow());
        g.setLineWidth(1.5);
        g.strokeRect(x0, top + 0.75, Math.max(3, x1 - x0), OVERVIEW - 1.5);
        if (selected >= 0 && selected < model.eventCount()) {
            double cx = GUTTER + OverviewScale.toX(model.toAxis(model.eventTime(selected)), length, plotW);
            g.setStroke(p.cursor());
            g.strokeLine(cx, top, cx, top + OVERVIEW);
        }
    }

    /** The range being dragged out on the overview (drag-to-zoom), in surface x; NaN when none. */
    private void drawBrush(GraphicsContext g, TimelinePalette p, double from, double to) {
        if (Double.isNaN(from) || Double.isNaN(to)) {
            return;
        }
        double top = layout.overviewTop();
        double x = Math.min(from, to);
        double width = Math.max(1, Math.abs(to - from));
        g.setFill(matchFill);
        g.fillRect(x, top, width, OVERVIEW);
        g.setStroke(p.cursor());
        g.setLineWidth(1);
        g.setLineDashes(DASHES);
        g.strokeRect(x, top + 0.5, width, OVERVIEW - 1);
        g.setLineDashes((double[]) null);
    }

    /** Once per model, width and hidden set: the most important kind per lane and pixel column of the whole run. */
    private void computeOverview(TimelineModel model, int columns, BitSet shown) {
        int lanes = model.laneCount();
        if (overviewKinds.length < lanes * columns) {
            overviewKinds = new byte[lanes * columns];
        }
        java.util.Arrays.fill(overviewKinds, 0, lanes * columns, (byte) -1);
        long length = overviewLength(model);
        for (int item = 0; item < model.size(); item++) {
            if (shown != null && !shown.get(model.eventIndex(item))) {
                continue;
            }
            int lane = model.lane(item);
            int c0 = (int) Math.clamp(OverviewScale.toX(model.toAxis(model.start(item)), length, columns), 0, columns - 1);
            int c1 = (int) Math.clamp(OverviewScale.toX(model.toAxis(model.end(item)), length, columns), 0, columns - 1);
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
        overviewShown = shown;
    }

    private javafx.scene.text.Text axisProbe;
    /** The last label measured and its width: a frame after frame of panning measures the same last label. */
    private String measuredLabel;
    private double measuredWidth;

    /**
     * Whether an axis label drawn from {@code x} ends inside the timeline, as far from its edge as labels are from their
     * ticks (only the last one or two are measured).
     */
    private boolean fitsBeforeRightEdge(String label, double x) {
        double room = layout.width() - x;
        if (room >= MIN_LABEL_GAP) {
            return true; // labels are narrower than the gap kept between them
        }
        if (!label.equals(measuredLabel)) {
            if (axisProbe == null) {
                axisProbe = new javafx.scene.text.Text();
                axisProbe.setFont(smallFont);
            }
            axisProbe.setText(label);
            measuredLabel = label;
            measuredWidth = axisProbe.getLayoutBounds().getWidth();
        }
        return measuredWidth + 4 <= room;
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

    private void drawLegend(GraphicsContext g, TimelinePalette p, boolean altered) {
        double y = layout.legendMiddle();
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
        if (altered) {
            x += 10 + widths[kinds.length + 1] + 12;
            g.setStroke(p.kind(MarkKind.FAILURE));
            g.setLineDashes(DASHES);
            g.strokeRect(x, y - 7, 10, 14);
            g.setLineDashes((double[]) null);
            g.setFill(p.mutedText());
            g.fillText("Altered (integrity check failed)", x + 14, y);
        }
    }
}
