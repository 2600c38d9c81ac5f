package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.TraceGenerator;
import dev.forkline.benchmarks.generate.TraceSpec;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.LibrarySearchResult;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Figures of a library: a store holding many generated traces ({@code library.list}, {@code library.escape-queue},
 * {@code library.search}). One trace is generated and stored under as many trace ids as asked for (the events are
 * the same, so every trace costs the same), then each figure runs as the window runs it, on a store opened afresh:
 * the list of traces; the escape queue read trace by trace, only those whose stored count of events that can wait is
 * not zero ({@code EscapeQueueViewModel.refresh}); the library search ({@link TraceStore#searchLibrary}) for a tool's name
 * and two words of the tools' outputs, answered from the search index, which is built once after the fill
 * ({@link TraceStore#updateSearchIndex()}, its time printed as {@code library.search-index}). Their floor is H2 opening the same database
 * file and counting the stored chunk rows (what any answer about the library must at least do).
 */
public final class LibraryFigures {

    private static final long SEED = 20_001;
    /** Two words of the generated test logs as they print them (about 2% of the tool results hold them). */
    private static final String OUTPUT_WORDS = "timeout/lock";

    private final int traces;
    private final int eventsPerTrace;
    private final boolean windowStart;
    private final Path work;
    private final PrintStream out;

    public LibraryFigures(int traces, int eventsPerTrace, boolean windowStart, Path work, PrintStream out) {
        this.traces = traces;
        this.windowStart = windowStart;
        this.eventsPerTrace = eventsPerTrace;
        this.work = work;
        this.out = out;
    }

    public List<Figure> measure() throws Exception {
        Path dir = work.resolve("library-" + traces + "x" + eventsPerTrace);
        Path database = dir.resolve("store").resolve("forkline");
        String what = String.format("%,d traces of %,d events", traces, eventsPerTrace);
        if (!Files.exists(dir.resolve("store.complete"))) {
            WorkDirs.deleteTree(dir);
            Files.createDirectories(dir);
            fill(dir, database);
            Files.writeString(dir.resolve("store.complete"), what);
        }
        index(database);
        List<Figure> figures = new ArrayList<>();
        int[] listed = new int[1];
        double list = Timing.median(1, 3, () -> {
            try (TraceStore store = TraceStore.open(database)) {
                listed[0] = store.list().size();
            }
        });
        check(listed[0] == traces, "the store lists " + listed[0] + " traces, " + traces + " were stored");
        double[] parts = new double[2];
        try (TraceStore store = openTimed(database, parts)) {
            parts[1] = Timing.once(store::list);
        }
        out.printf("library.list: TraceStore.open %.1f ms, list() %.1f ms%n", parts[0], parts[1]);
        // after the store's first open: H2 must be loaded by TraceStore (H2Hardening restricts it before it loads)
        double floor = Timing.median(1, 3, () -> countChunks(database));
        String floorWhat = "H2 opening the database and counting its chunk rows";
        figures.add(Figure.measured("library.list", "TraceStore.open + list() of " + what, list, floor, floorWhat, Unit.MILLIS,
                Goal.valueAtMost(1000, Unit.MILLIS)));
        try (TraceStore store = TraceStore.open(database)) {
            int[] items = new int[1];
            double queue = timed(() -> items[0] = escapeQueue(store).size());
            out.printf("library.escape-queue: %,d open items%n", items[0]);
            figures.add(Figure.measured("library.escape-queue", "the escape queue over " + what + " (each trace that can hold an item loaded, EscapeQueue.pending)",
                    queue, floor, floorWhat, Unit.MILLIS, Goal.valueAtMost(2000, Unit.MILLIS)));
            LibrarySearchResult[] found = new LibrarySearchResult[2];
            double search = timed(() -> {
                found[0] = store.searchLibrary("bash");
                found[1] = store.searchLibrary(OUTPUT_WORDS);
            });
            for (int q = 0; q < 2; q++) {
                LibrarySearchResult result = found[q];
                out.printf("library.search: '%s' in %,d traces, %,d events%s (%,d traces from the index, %,d read)%n",
                        q == 0 ? "bash" : OUTPUT_WORDS, result.hits().size(), events(result),
                        result.hits().stream().allMatch(LibrarySearchResult.Hit::exact) ? "" : " at most", result.indexedTraces(),
                        result.scannedTraces());
                check(result.scannedTraces() == 0, "the search read " + result.scannedTraces() + " traces: the index is not complete");
            }
            check(found[0].hits().size() == traces, "the search for the tool name 'bash' found " + found[0].hits().size()
                    + " traces of " + traces + ": the generated traces changed");
            figures.add(Figure.measured("library.search", "library search (TraceStore.searchLibrary, from the search index) for a tool name"
                            + " and for two words of outputs over " + what, search, floor, floorWhat, Unit.MILLIS, Goal.valueAtMost(500, Unit.MILLIS)));
        }
        figures.add(windowStart ? new WindowStartFigure(work, out).measure(database, what)
                : Figure.skipped("library.window-start", "./forkline open on " + what, "not with --quick: it runs the product's launcher, which may build"));
        return figures;
    }

    private void fill(Path dir, Path database) throws Exception {
        TraceGenerator.Generated generated = TraceGenerator.write(TraceSpec.realistic(eventsPerTrace, SEED), dir.resolve("bundle"));
        long start = System.nanoTime();
        try (TraceStore store = TraceStore.open(database); Bundle one = BundleReader.read(generated.bundle())) {
            for (int t = 0; t < traces; t++) {
                Manifest m = one.manifest();
                Manifest named = new Manifest(m.formatVersion(), String.format("library-%04d", t), m.title() + " #" + t,
                        m.created().plusSeconds(t), m.producer(), m.sourceFormat());
                store.importTrace(new Bundle(one.source(), named, one.events(), one.lines(), one.blobs(), one.columns()), List.of(),
                        generated.bundle().toString());
            }
        }
        out.printf("library: stored %,d traces of %,d events in %.1f s%n", traces, generated.events(), (System.nanoTime() - start) / 1e9);
    }

    /** One run when it takes longer than 5 s (a miss by far, at full size), else the median of 3 after that one. */
    private static double timed(Timing.Operation operation) throws Exception {
        double first = Timing.once(operation);
        return first > 5_000 ? first : Timing.median(0, 3, operation);
    }

    private static TraceStore openTimed(Path database, double[] millis) throws Exception {
        TraceStore[] store = new TraceStore[1];
        millis[0] = Timing.once(() -> store[0] = TraceStore.open(database));
        return store[0];
    }

    private static List<QueueItem> escapeQueue(TraceStore store) throws Exception {
        List<QueueItem> found = new ArrayList<>();
        for (TraceSummary summary : store.listQueueCandidates()) {
            try (Bundle trace = store.load(summary.traceId())) {
                found.addAll(EscapeQueue.pending(trace, TrustedKeys.none()));
            }
        }
        return EscapeQueue.newestFirst(found);
    }

    private static long events(LibrarySearchResult result) {
        return result.hits().stream().mapToLong(LibrarySearchResult.Hit::events).sum();
    }

    /**
     * Builds the search index of the filled store as the window does after opening it, and prints the time it took:
     * after the fill, or after a schema change emptied the index of a kept store; nothing when it is complete.
     */
    private void index(Path database) throws Exception {
        long start = System.nanoTime();
        long cpuStart = processCpuNanos();
        int indexed;
        try (TraceStore store = TraceStore.open(database)) {
            indexed = store.updateSearchIndex();
        }
        if (indexed > 0) {
            out.printf("library.search-index: indexed %,d traces in %.1f s (process CPU %.1f s)%n", indexed,
                    (System.nanoTime() - start) / 1e9, (processCpuNanos() - cpuStart) / 1e9);
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void countChunks(Path database) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + database.toAbsolutePath(), "forkline", "");
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM event_chunks")) {
            rows.next();
        }
    }

    private static void check(boolean holds, String message) {
        if (!holds) {
            throw new IllegalStateException(message);
        }
    }
}
