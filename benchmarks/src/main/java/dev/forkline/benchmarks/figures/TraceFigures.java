package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.TraceGenerator;
import dev.forkline.benchmarks.generate.TraceSpec;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.ProcessCpu;
import dev.forkline.benchmarks.harness.RunUsage;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.ThreadCpu;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.StreamedImport;
import dev.forkline.trace.store.TraceStore;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Figure 1: importing a generated trace into the H2 store; the trace stays stored for the workbench figures. */
public final class TraceFigures {

    /** A stored trace as the workbench holds it once open. */
    public record OpenTrace(Bundle bundle, TraceIndex index, TraceGenerator.Generated generated) {
    }

    private static final long SEED = 0x5EED_F02CL;

    private final Sizes sizes;
    private final Path work;
    private final PrintStream log;
    private TraceGenerator.Generated generated;
    private TraceStore store;

    public TraceFigures(Sizes sizes, Path work, PrintStream log) {
        this.sizes = sizes;
        this.work = work;
        this.log = log;
    }

    /** Writes the trace, or reuses the one a run with {@code --keep} left in the work directory. */
    public TraceGenerator.Generated generate() throws Exception {
        Path target = work.resolve("trace-" + sizes.events());
        double millis = Timing.once(() -> generated = TraceGenerator.writeOrReuse(TraceSpec.realistic(sizes.events(), SEED), target));
        log.printf("generated %,d events, %,d blobs, trace.jsonl %s in %s%n", generated.events(), generated.blobs(),
                Unit.BYTES.format(generated.traceBytes()), Unit.MILLIS.format(millis));
        return generated;
    }

    /**
     * Figure 1: the bundle read and stored at once (the store's write starts at the first block read and takes the
     * events as the reader checks them, {@link StreamedImport}), against the larger of its two floors: the Jackson
     * parse and H2 writing the same bytes in one transaction, all three measured warm (after two imports and one run of
     * each floor that are not measured); the figure is the median of three imports. {@code import.store} is what the
     * store adds after the reading ended (the tail that did not overlap), of the median import, against the H2 floor.
     * Leaves the trace stored for the workbench figures.
     */
    public List<Figure> importTrace() throws Exception {
        double[] warmUps = new double[ForeignImportFigures.WARM_UP_IMPORTS];
        for (int i = 0; i < warmUps.length; i++) {
            warmUps[i] = warmUpImport();
        }
        Path jsonl = generated.bundle().resolve(Bundle.EVENTS);
        JsonFloor.parse(jsonl);
        long cpuAtStart = ProcessCpu.nanos();
        double parseFloor = Timing.median(0, 3, () -> JsonFloor.parse(jsonl));
        double parseFloorCpu = (ProcessCpu.nanos() - cpuAtStart) / 3e6;
        // warm, as the parse floor and the import are: H2's first write in a JVM took 3-4 times its later ones here
        double coldWriteFloor = Timing.once(() -> H2WriteFloor.write(jsonl, work.resolve("h2-write-floor")));
        cpuAtStart = ProcessCpu.nanos();
        double writeFloor = Timing.median(0, 2, () -> H2WriteFloor.write(jsonl, work.resolve("h2-write-floor")));
        double writeFloorCpu = (ProcessCpu.nanos() - cpuAtStart) / 2e6;
        log.printf("  first runs in this JVM (not measured): the imports %s, the H2 write floor %s%n", Unit.MILLIS.formatEach(warmUps),
                Unit.MILLIS.format(coldWriteFloor));
        Path storeDir = work.resolve("store");
        StoreResult[] result = new StoreResult[1];
        int runs = ForeignImportFigures.MEASURED_IMPORTS;
        double[] imports = new double[runs];
        double[] reads = new double[runs];
        try (RunUsage usage = new RunUsage()) {
            for (int i = 0; i < runs; i++) {
                // each into a fresh store (as the foreign imports); the last stays open for the workbench figures
                close();
                store = null;
                WorkDirs.deleteTree(storeDir);
                store = TraceStore.open(storeDir.resolve("forkline"));
                double[] read = new double[1];
                usage.start();
                long start = System.nanoTime();
                imports[i] = Timing.once(() -> {
                    try (StreamedImport stream = store.streamedImport(generated.bundle().toString());
                         Bundle bundle = BundleReader.read(generated.bundle(), stream)) {
                        read[0] = (System.nanoTime() - start) / 1e6;
                        result[0] = stream.finish(bundle, List.of(), TraceIntegrity.unverified());
                    }
                });
                usage.stop();
                reads[i] = read[0];
                if (result[0].newEvents() != generated.events()) {
                    throw new IllegalStateException("import stored " + result[0].newEvents() + " of " + generated.events() + " events");
                }
            }
            double value = Timing.median(imports);
            int median = Timing.medianIndex(imports);
            log.printf("  import: %s (median %s: BundleReader.read (storing as it reads) %s, then the store's tail %s); JVM CPU per import %s"
                            + " (floors: parse %s, CPU %s; H2 write %s, CPU %s)%n", Unit.MILLIS.formatEach(imports), Unit.MILLIS.format(value),
                    Unit.MILLIS.format(reads[median]), Unit.MILLIS.format(value - reads[median]), Unit.MILLIS.format(usage.cpuMillisPerRun()),
                    Unit.MILLIS.format(parseFloor), Unit.MILLIS.format(parseFloorCpu), Unit.MILLIS.format(writeFloor),
                    Unit.MILLIS.format(writeFloorCpu));
            log.printf("  import: allocated %s per import by all threads, collections %s%n", Unit.BYTES.format(usage.allocatedBytesPerRun()),
                    Unit.MILLIS.format(usage.collectionMillisPerRun()));
            List<ThreadCpu.Group> byThread = usage.byThreadPerRun();
            if (!byThread.isEmpty()) {
                log.printf("  import: CPU by thread per import: %s%n", ThreadCpu.describe(byThread, 6));
            }
            boolean parseIsLarger = parseFloor >= writeFloor;
            return List.of(
                    Figure.measured("import", String.format("BundleReader.read + StreamedImport (stored while read), %,d events", generated.events()),
                            value, Math.max(parseFloor, writeFloor), parseIsLarger ? "Jackson streaming parse of trace.jsonl (the larger floor)"
                                    : "H2: trace.jsonl as 1 MB BLOB rows, one transaction (the larger floor)", Unit.MILLIS, Goal.ratioAtMost(1.3)),
                    Figure.measured("import.store", "the store's tail: from the end of BundleReader.read to the commit (the median import's)",
                            value - reads[median],
                            writeFloor, "H2: trace.jsonl as 1 MB BLOB rows, one transaction", Unit.MILLIS, Goal.none()));
        }
    }

    /**
     * Opens the store a kept earlier run left with this trace in it, or imports the trace without reporting a figure
     * (for {@code --only open,frame,step} after a {@code --keep} run).
     */
    public void reuseOrImport() throws Exception {
        Path storeDir = work.resolve("store");
        if (Files.exists(storeDir)) {
            store = TraceStore.open(storeDir.resolve("forkline"));
            var stored = store.find(generated.traceId());
            if (stored.isPresent() && stored.get().eventCount() == generated.events()) {
                log.printf("reusing the stored trace in %s%n", storeDir);
                return;
            }
            store.close();
            store = null;
        }
        importTrace();
    }

    public TraceStore store() {
        return store;
    }

    /** The database of the store the trace is imported into (its path without {@code .mv.db}). */
    public Path database() {
        return work.resolve("store").resolve("forkline");
    }

    public void close() {
        if (store != null) {
            store.close();
            store = null;
        }
    }

    /**
     * Imports the trace, unmeasured, into a scratch store, so that the measured imports run as warm as their floors
     * (class loading, the JIT, and the heap's memory first touched; a smaller warm-up left the measured import paying
     * for part of that). Returns how long it took.
     */
    private double warmUpImport() throws Exception {
        Path scratchDir = work.resolve("warm-up-store");
        WorkDirs.deleteTree(scratchDir);
        try (TraceStore scratch = TraceStore.open(scratchDir.resolve("forkline"))) {
            double millis = Timing.once(() -> {
                try (StreamedImport stream = scratch.streamedImport(null); Bundle bundle = BundleReader.read(generated.bundle(), stream)) {
                    stream.finish(bundle, List.of(), TraceIntegrity.unverified());
                }
            });
            scratch.load(generated.traceId()).close();
            return millis;
        } finally {
            WorkDirs.deleteTree(scratchDir);
        }
    }
}
