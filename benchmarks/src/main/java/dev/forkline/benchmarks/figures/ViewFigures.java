package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.foreign.ForeignFormat;
import dev.forkline.benchmarks.harness.DeferringTaskExecutor;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Heap;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.shell.TimelineCanvas;
import dev.forkline.views.timeline.TimelineModel;
import dev.forkline.views.timeline.TimelineViewport;
import dev.forkline.views.viewmodel.RecentFiles;
import dev.forkline.views.viewmodel.StepScope;
import dev.forkline.views.viewmodel.TimelineViewModel;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;

/**
 * Figures 2 to 4 through the workbench itself (views module), headless (Monocle, software pipeline): opening a stored
 * trace up to the first painted timeline, drawing frames at three zoom levels, and stepping at the end of the run.
 * Everything runs on the FX thread with a same-thread executor, so each measured call returns with its work done,
 * except the check of the runs' test files, which the window starts once a trace is shown and which runs after the
 * open's paint here; and {@link #firstFrame}, which imports on the window's own background threads, as a drop into the
 * window does.
 */
public final class ViewFigures {

    private static final double WIDTH = 1600;
    private static final double HEIGHT = 420;
    /** How long measured FX work may take: a 1M-event open on a slow machine. */
    private static final Duration FX_LIMIT = Duration.ofMinutes(30);

    private final Sizes sizes;
    private final Path work;
    private final PrintStream log;

    private WorkbenchViewModel workbench;
    private DeferringTaskExecutor executor;
    private TimelineCanvas canvas;
    /** The open figure's floor, when it was measured in this run. */
    private double parseFloor;

    public ViewFigures(Sizes sizes, Path work, PrintStream log) {
        this.sizes = sizes;
        this.work = work;
        this.log = log;
    }

    /**
     * Figure 2: openStored (load, index, lineage, the timeline's columnar model) and the first paint. The workbench is
     * started before the clock runs (its library list and escape queue are start-up work, not opening a trace); the
     * heap is measured once the state pass the open starts in the background has finished, so it holds what an open
     * workbench holds. The JVM's first open is not measured (printed): class loading, the JIT and the heap's first
     * touch of its memory fall on it, as on the other figures' warm-up runs.
     */
    public List<Figure> open(TraceStore store, String traceId, Path jsonl) throws Exception {
        HeadlessFx.ensureStarted();
        double floor = Timing.median(0, 3, () -> JsonFloor.parse(jsonl));
        parseFloor = floor;
        double[] times = new double[sizes.openRuns()];
        long retained = 0;
        for (int i = -1; i < times.length; i++) {
            workbench = null;
            canvas = null;
            double startUp = HeadlessFx.call(() -> Timing.once(() -> startWorkbench(store)), FX_LIMIT);
            long before = Heap.usedAfterGc();
            double time = HeadlessFx.call(() -> Timing.once(() -> openAndPaint(traceId)), FX_LIMIT);
            // the window checks the runs' test files in the background once the trace is shown, beside the state pass
            double testsCheck = HeadlessFx.call(() -> Timing.once(executor::runDeferred), FX_LIMIT);
            double statePass = Timing.once(() -> workbench.state().preparation().get());
            retained = Heap.usedAfterGc() - before;
            log.printf("  %s: %s, retained %s (workbench start-up %s before; after the paint: test files checked in %s,"
                            + " state pass done %s after that)%n", i < 0 ? "the first open in this JVM (not measured)" : "open #" + (i + 1),
                    Unit.MILLIS.format(time), Unit.BYTES.format(retained), Unit.MILLIS.format(startUp), Unit.MILLIS.format(testsCheck),
                    Unit.MILLIS.format(statePass));
            if (i >= 0) {
                times[i] = time;
            }
        }
        TimelineModel model = workbench.timeline().model();
        return List.of(
                Figure.measured("open", String.format("openStored (TraceStore.load, TraceIndex, timeline model of %,d events) + first paint",
                        model.eventCount()), Timing.median(times), floor, "Jackson streaming parse of trace.jsonl", Unit.MILLIS,
                        Goal.valueAtMost(1500, Unit.MILLIS)),
                Figure.measured("open.heap", "heap retained by the open workbench after GC", retained, java.nio.file.Files.size(jsonl),
                        "size of trace.jsonl on disk", Unit.BYTES, Goal.valueAtMost(512L << 20, Unit.BYTES)));
    }

    /**
     * open.first-frame: from the window's import of the generated bundle (into a store of its own, empty, on the
     * window's background threads) to the first timeline frame painted of what was read so far; each import then runs
     * to its end, and the stored trace must replace what was shown. The floor is the {@code open} figure's: the Jackson
     * streaming parse of the whole trace.jsonl.
     */
    public List<Figure> firstFrame(Path bundle) throws Exception {
        Path jsonl = bundle.resolve(dev.forkline.trace.bundle.Bundle.EVENTS);
        double floor = parseFloor > 0 ? parseFloor : Timing.median(0, 3, () -> JsonFloor.parse(jsonl));
        FirstFrames frames = firstFrames(bundle, 3);
        List<Figure> figures = new ArrayList<>(List.of(Figure.measured("open.first-frame", String.format(
                        "window import of the %,d-event bundle to the first timeline frame of what was read so far", frames.stored()),
                frames.median(), floor, "Jackson streaming parse of trace.jsonl", Unit.MILLIS, Goal.valueAtMost(2000, Unit.MILLIS)),
                Figure.measured("open.heap.after-import", "heap retained by the workbench after GC, once its import of the bundle "
                                + "(previews shown while it was read) and the search index pass after it have ended and the stored "
                                + "trace is open", frames.retained(),
                        java.nio.file.Files.size(jsonl), "size of trace.jsonl on disk", Unit.BYTES, Goal.valueAtMost(512L << 20, Unit.BYTES))));
        figures.addAll(frames.stepFigures("", String.format("the %,d-event bundle", frames.stored())));
        return figures;
    }

    /**
     * open.first-frame.claude-code, .codex-rollout and .otel-genai: as {@link #firstFrame} for the generated Claude Code
     * transcript, Codex rollout or OTLP export, whose importers read it twice (a first pass, then the events), so the
     * whole import is long: the first import runs to its end (the stored trace must replace what was shown), the others
     * are cancelled once their first frame is painted (nothing may be stored). The floor is the Jackson streaming parse
     * of the file.
     */
    public List<Figure> firstFrameForeign(ForeignFormat format, Path file, long records) throws Exception {
        double floor = Timing.median(0, 3, () -> JsonFloor.parse(file));
        FirstFrames frames = firstFrames(file, 1);
        List<Figure> figures = new ArrayList<>();
        figures.add(Figure.measured("open.first-frame." + format.importerFormat(), String.format(
                        "window import of the %,d-record %s file (%s, %,d events stored) to the first timeline frame of what was read so far",
                        records, format.importerFormat(), Unit.BYTES.format(java.nio.file.Files.size(file)), frames.stored()),
                frames.median(), floor, "Jackson streaming parse of the file", Unit.MILLIS, Goal.valueAtMost(2000, Unit.MILLIS)));
        figures.addAll(frames.stepFigures("." + format.importerFormat(), String.format("the %,d-record %s file", records,
                format.importerFormat())));
        return figures;
    }

    /**
     * The times to the first frame of three imports, the events of the trace stored by one run to its end, and the heap
     * the workbench retained then (the heap used after GC with the stored trace open, minus that before the import).
     */
    private record FirstFrames(double[] times, int stored, long retained, List<SteppingWhileImporting.Step> steps) {
        double median() {
            return Timing.median(times);
        }

        /** {@code step.while-importing.*}: the median step and the 95th percentile, against the parse of the stepped events' lines. */
        List<Figure> stepFigures(String suffix, String file) throws Exception {
            if (steps.isEmpty()) {
                String why = "the import ended before a step was shown";
                return List.of(Figure.skipped("step.while-importing" + suffix, "steps while the window imports " + file, why),
                        Figure.skipped("step.while-importing" + suffix + ".p95", "steps while the window imports " + file, why));
            }
            String[] lines = steps.stream().map(SteppingWhileImporting.Step::line).toArray(String[]::new);
            double floor = Timing.median(lines.length, lines.length, new ParseLines(lines));
            String what = String.format("step-next posted to the FX thread until the timeline, inspector and state panel show the "
                    + "event, every %d ms while the window imports %s (%d steps)", SteppingWhileImporting.PAUSE_MILLIS, file, steps.size());
            return List.of(
                    Figure.measured("step.while-importing" + suffix, what + ", median",
                            SteppingWhileImporting.quantile(steps, SteppingWhileImporting.Step::shownMillis, 0.5), floor,
                            "Jackson parse of the stepped events' lines", Unit.MILLIS, Goal.valueAtMost(50, Unit.MILLIS)),
                    Figure.measured("step.while-importing" + suffix + ".p95", what + ", 95th percentile",
                            SteppingWhileImporting.quantile(steps, SteppingWhileImporting.Step::shownMillis, 0.95), floor,
                            "Jackson parse of the stepped events' lines", Unit.MILLIS, Goal.none()));
        }
    }

    /** Three imports of {@code source} through the window, each into an empty store; the first {@code toEnd} run to their end, the others are cancelled at their first frame. */
    private FirstFrames firstFrames(Path source, int toEnd) throws Exception {
        HeadlessFx.ensureStarted();
        double[] times = new double[3];
        int total = 0;
        long retained = 0;
        List<SteppingWhileImporting.Step> steps = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            // a directory of its own for each file's imports, never one an earlier figure closed and deleted: while
            // closing the executor interrupted running work, an interrupted library-index read kept H2's lock file alive
            // there, and opening the path again failed ("Connection refused", a full run of 6 Dec 2026)
            Path storeDir = work.resolve("first-frame-" + source.getFileName() + "-" + i);
            try (TraceStore store = TraceStore.open(storeDir.resolve("forkline").toAbsolutePath());
                 FxTaskExecutor executor = new FxTaskExecutor(dev.forkline.views.WorkbenchApp.BACKGROUND_THREADS)) {
                WorkbenchViewModel window = HeadlessFx.call(() -> new WorkbenchViewModel(executor, new StoreTraceLibrary(store),
                        new ReconstructorStateProvider(), new RecentFiles(null)), FX_LIMIT);
                TimelineCanvas painter = HeadlessFx.call(() -> {
                    TimelineCanvas c = new TimelineCanvas(window.timeline());
                    c.resize(WIDTH, HEIGHT);
                    return c;
                }, FX_LIMIT);
                Thread.sleep(500); // the window's start-up reads (library list, escape queue) are not part of the figure
                long heapBefore = i < toEnd ? Heap.usedAfterGc() : 0;
                java.util.concurrent.CompletableFuture<long[]> painted = new java.util.concurrent.CompletableFuture<>();
                String[] shownTrace = new String[1];
                int[] previews = new int[1];
                // when the import's phases began, from its status messages: reading ends at "Checking"
                java.util.Map<String, Long> phases = new java.util.concurrent.ConcurrentHashMap<>();
                long start = HeadlessFx.call(() -> {
                    window.backgroundMessageProperty().addListener((obs, old, now) -> {
                        for (String phase : List.of("Checking", "Storing", "Stored")) {
                            if (now.startsWith(phase)) {
                                phases.putIfAbsent(phase, System.nanoTime());
                            }
                        }
                    });
                    window.openedProperty().addListener((obs, old, now) -> {
                        if (now != null && window.previewingProperty().get()) {
                            previews[0]++;
                        }
                        // painted once the workbench has shown it (the listener runs while it is being shown)
                        javafx.application.Platform.runLater(() -> {
                            if (painted.isDone() || window.opened() == null) {
                                return;
                            }
                            long framesBefore = painter.frames();
                            painter.layout();
                            if (painter.frames() > framesBefore && window.timeline().model().eventCount() > 0) {
                                shownTrace[0] = window.opened().bundle().manifest().traceId();
                                painted.complete(new long[] {System.nanoTime(), window.timeline().model().eventCount(),
                                        window.previewingProperty().get() ? 1 : 0});
                            }
                        });
                    });
                    long now = System.nanoTime();
                    window.importFile(source);
                    return now;
                }, FX_LIMIT);
                long[] frame = painted.get(FX_LIMIT.toMinutes(), java.util.concurrent.TimeUnit.MINUTES);
                times[i] = (frame[0] - start) / 1e6;
                String what = frame[1] + " events " + (frame[2] == 1 ? "read so far" : "(the stored trace: a bundle below "
                        + "BundleReader.LAZY_FROM_BYTES is not streamed)");
                if (i >= toEnd) {
                    HeadlessFx.call(() -> {
                        window.cancelImport();
                        return null;
                    }, FX_LIMIT);
                    awaitNoImportThreads();
                    if (store.find(shownTrace[0]).isPresent() || !store.list().isEmpty()) {
                        throw new IllegalStateException("a cancelled import stored " + store.list());
                    }
                    log.printf("  first frame #%d: %s with %s; then cancelled, nothing stored%n", i + 1, Unit.MILLIS.format(times[i]), what);
                    continue;
                }
                SteppingWhileImporting stepping = HeadlessFx.call(() -> new SteppingWhileImporting(window, painter), FX_LIMIT);
                steps.addAll(stepping.stepWhile(() -> HeadlessFx.call(() -> window.importRunningProperty().get(), FX_LIMIT), start));
                while (HeadlessFx.call(() -> window.busyProperty().get(), FX_LIMIT)) {
                    Thread.sleep(50);
                }
                long ended = System.nanoTime();
                phases.put("end", ended);
                double importMillis = (ended - start) / 1e6;
                HeadlessFx.call(() -> window.state().preparation(), FX_LIMIT).get(); // the stored trace's state pass reads the store: done before it closes
                total = HeadlessFx.call(() -> {
                    if (window.errorProperty().get() != null) {
                        throw new IllegalStateException("the import failed: " + window.errorProperty().get());
                    }
                    if (window.previewingProperty().get() || window.opened() == null) {
                        throw new IllegalStateException("the stored trace did not replace what was read so far");
                    }
                    return window.opened().bundle().events().size();
                }, FX_LIMIT);
                if (retained == 0) {
                    // the library refresh after an import starts the search index's pass over the new trace, which
                    // reads it again: what the window keeps is measured once that pass has ended, what it held
                    // meanwhile is printed
                    long beforeIndexEnded = Heap.usedAfterGc() - heapBefore;
                    awaitNoWindowTask("library-search"); // the refresh, whose end starts the index pass on the FX thread
                    HeadlessFx.call(() -> null, FX_LIMIT);
                    awaitNoWindowTask("library-index", WorkbenchViewModel.CHECK_TESTS);
                    retained = Heap.usedAfterGc() - heapBefore;
                    java.lang.ref.Reference.reachabilityFence(window);
                    java.lang.ref.Reference.reachabilityFence(painter);
                    log.printf("  after the whole import: the workbench retains %s once the library's search index pass has ended"
                            + " (%s before waiting for it)%n", Unit.BYTES.format(retained), Unit.BYTES.format(beforeIndexEnded));
                }
                log.printf("  first frame #%d: %s with %s; whole import %s (read %s, check %s, store's tail %s, load "
                                + "and open %s), %d previews, then the stored %,d%n", i + 1,
                        Unit.MILLIS.format(times[i]), what, Unit.MILLIS.format(importMillis),
                        since(phases, null, "Checking", start), since(phases, "Checking", "Storing", start),
                        since(phases, "Storing", "Stored", start), since(phases, "Stored", "end", start), previews[0], total);
                log.printf("  stepped while importing: %s%n", stepping.summary());
            } finally {
                awaitNoImportThreads();
                dev.forkline.benchmarks.harness.WorkDirs.deleteTree(storeDir);
            }
        }
        return new FirstFrames(times, total, retained, steps);
    }

    /** Waits until none of {@code tasks} runs on the window's threads (which take the name of the task they run). */
    private static void awaitNoWindowTask(String... tasks) throws InterruptedException {
        java.util.Set<String> names = java.util.Arrays.stream(tasks).map(task -> "forkline-" + task)
                .collect(java.util.stream.Collectors.toSet());
        while (Thread.getAllStackTraces().keySet().stream().anyMatch(thread -> names.contains(thread.getName()))) {
            Thread.sleep(50);
        }
    }

    /** Waits until no import or preview runs on the window's threads (a cancelled one's preview may still be prepared). */
    private static void awaitNoImportThreads() throws InterruptedException {
        awaitNoWindowTask("import-trace", "import-preview");
    }

    /** The time from one phase's start (null: the import's start) to the next's, or "?" when one was not seen. */
    private static String since(java.util.Map<String, Long> phases, String from, String to, long start) {
        Long begin = from == null ? Long.valueOf(start) : phases.get(from);
        Long end = phases.get(to);
        return begin == null || end == null ? "?" : Unit.MILLIS.format((end - begin) / 1e6);
    }

    private void startWorkbench(TraceStore store) {
        executor = new DeferringTaskExecutor(Set.of(WorkbenchViewModel.CHECK_TESTS));
        workbench = new WorkbenchViewModel(executor, new StoreTraceLibrary(store),
                new ReconstructorStateProvider(), new RecentFiles(null));
        canvas = new TimelineCanvas(workbench.timeline());
        canvas.resize(WIDTH, HEIGHT);
    }

    private void openAndPaint(String traceId) {
        long framesBefore = canvas.frames();
        workbench.openStored(traceId);
        if (workbench.errorProperty().get() != null) {
            throw new IllegalStateException("open failed: " + workbench.errorProperty().get());
        }
        canvas.layout();
        if (canvas.frames() == framesBefore || workbench.timeline().model().eventCount() == 0) {
            throw new IllegalStateException("the timeline was not painted");
        }
    }

    /** Figure 3: one frame at full zoom-out, mid zoom and full zoom-in. */
    public List<Figure> frames() {
        return HeadlessFx.call(() -> {
            TimelineViewModel timeline = workbench.timeline();
            TimelineViewport viewport = timeline.viewport();
            TimelineModel model = timeline.model();
            int frames = sizes.isQuick() ? 30 : 120;
            var g = canvas.canvas().getGraphicsContext2D();
            int lanes = Math.max(1, model.laneCount());
            double laneHeight = HEIGHT / lanes;
            // the most a frame can need once marks closer than a pixel are merged: one rect per pixel column and lane
            double floor = Timing.median(10, frames, () -> {
                g.clearRect(0, 0, WIDTH, HEIGHT);
                for (int lane = 0; lane < lanes; lane++) {
                    for (int x = 0; x < WIDTH; x++) {
                        g.fillRect(x, lane * laneHeight, 1, laneHeight - 2);
                    }
                }
            });
            long middle = model.eventTime(model.eventCount() / 2);
            long perEvent = Math.max(TimelineViewport.MIN_SPAN_NANOS, model.duration() / Math.max(1, model.eventCount()));
            List<Figure> figures = new ArrayList<>();
            String[] names = {"frame.zoomed-out", "frame.mid-zoom", "frame.zoomed-in"};
            String[] what = {"whole run", "1/1000 of the run", "about 20 events"};
            for (int level = 0; level < 3; level++) {
                switch (level) {
                    case 0 -> timeline.fit();
                    case 1 -> viewport.setWindow(middle - model.duration() / 2000, Math.max(TimelineViewport.MIN_SPAN_NANOS, model.duration() / 1000));
                    default -> viewport.setWindow(middle - perEvent * 10, perEvent * 20);
                }
                double median = Timing.median(10, frames, () -> {
                    canvas.markDirty();
                    canvas.layout();
                });
                figures.add(Figure.measured(names[level], "TimelineCanvas draw (FX thread), " + what[level] + ", "
                        + String.format("%,d", model.eventCount()) + " events, " + (int) WIDTH + "x" + (int) HEIGHT, median, floor,
                        "one fillRect per pixel column and lane on the same canvas", Unit.MILLIS, Goal.valueAtMost(8, Unit.MILLIS)));
            }
            // a broad search: the filter set to the run's commonest event type (the zoomed-in frame highlights a few
            // of its matches, the zoomed-out one at most one per lane and pixel column)
            workbench.filter().typeProperty().set(commonestType(timeline.events()));
            BitSet matches = timeline.matchesProperty().get();
            if (matches == null || matches.cardinality() < model.eventCount() / 10) {
                throw new IllegalStateException("the type filter matched " + (matches == null ? 0 : matches.cardinality()) + " events");
            }
            String[] searched = {"frame.zoomed-out.matches", "frame.zoomed-in.matches"};
            for (int level = 0; level < 2; level++) {
                if (level == 0) {
                    timeline.fit();
                } else {
                    viewport.setWindow(middle - perEvent * 10, perEvent * 20);
                }
                double median = Timing.median(10, frames, () -> {
                    canvas.markDirty();
                    canvas.layout();
                });
                figures.add(Figure.measured(searched[level], "TimelineCanvas draw (FX thread) with " + String.format("%,d", matches.cardinality())
                        + " search matches, " + what[level * 2] + ", " + String.format("%,d", model.eventCount()) + " events",
                        median, floor, "one fillRect per pixel column and lane on the same canvas", Unit.MILLIS,
                        Goal.valueAtMost(8, Unit.MILLIS)));
            }
            workbench.filter().clear();
            timeline.fit();
            return figures;
        }, FX_LIMIT);
    }

    private static String commonestType(RunEvents events) {
        int[] counts = new int[events.columns().types().size()];
        for (int i = 0; i < events.size(); i++) {
            counts[events.columns().typeCode(events.fileIndex(i))]++;
        }
        int commonest = 0;
        for (int code = 1; code < counts.length; code++) {
            if (counts[code] > counts[commonest]) {
                commonest = code;
            }
        }
        return events.columns().types().get(commonest);
    }

    /** Figure 4: step-next at the end of the root run until the inspector and state panel show the new event. */
    public Figure step() {
        return HeadlessFx.call(() -> {
            TimelineViewModel timeline = workbench.timeline();
            RunEvents events = timeline.events();
            int steps = sizes.isQuick() ? 20 : 60;
            timeline.select(events.size() - steps - 2);
            double[] times = new double[steps];
            String[] lines = new String[steps];
            for (int i = 0; i < steps; i++) {
                times[i] = Timing.once(() -> {
                    timeline.step(1, StepScope.ALL);
                    canvas.layout();
                });
                Event shown = timeline.selectedEvent();
                if (!shown.id().equals(workbench.state().snapshot().atEventId()) || workbench.inspector().details().title() == null) {
                    throw new IllegalStateException("after a step the state panel shows " + workbench.state().snapshot().atEventId()
                            + " instead of " + shown.id());
                }
                lines[i] = EventCodec.toLine(shown);
            }
            double floor;
            try {
                floor = Timing.median(steps, steps, new ParseLines(lines));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return Figure.measured("step", "step-next to inspector + state panel (5 kinds) at the end of a "
                            + String.format("%,d", events.size()) + "-event run", Timing.median(times), floor,
                    "Jackson parse of the event's line", Unit.MILLIS, Goal.valueAtMost(50, Unit.MILLIS));
        }, FX_LIMIT);
    }

    /** Parses the next line on each call. */
    private static final class ParseLines implements Timing.Operation {
        private final String[] lines;
        private int next;

        ParseLines(String[] lines) {
            this.lines = lines;
        }

        @Override
        public void run() throws Exception {
            Json.MAPPER.readTree(lines[next]);
            next = (next + 1) % lines.length;
        }
    }

    /** The trace as the open workbench holds it (for the trace-level step benchmark). */
    public TraceFigures.OpenTrace openTrace(dev.forkline.benchmarks.generate.TraceGenerator.Generated generated) {
        var opened = workbench.opened();
        var lineage = (dev.forkline.views.data.IndexRunLineage) opened.lineage();
        return new TraceFigures.OpenTrace(opened.bundle(), lineage.index(), generated);
    }

    /** Drops the workbench so that its heap can be reclaimed. */
    public void close() {
        workbench = null;
        canvas = null;
    }
}
