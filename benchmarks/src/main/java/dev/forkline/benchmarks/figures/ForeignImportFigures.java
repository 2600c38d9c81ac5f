package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.foreign.ForeignFormat;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.JvmAllocation;
import dev.forkline.benchmarks.harness.ProcessCpu;
import dev.forkline.benchmarks.harness.RunUsage;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.ThreadCpu;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceImporter;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.StreamedImport;
import dev.forkline.trace.store.TraceStore;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code import.claude-code}, {@code import.codex-rollout}, {@code import.otel-genai}: the synthetic run written as a
 * Claude Code transcript, a Codex rollout and an OTLP/JSON export ({@link ForeignFormat}), each imported into a fresh
 * store the way the command line does (the built-in importer's read handed a {@link StreamedImport}, which stores the
 * events while they are made, after the importer's first pass), without the command's checks, against a
 * Jackson streaming parse of the same file.
 */
public final class ForeignImportFigures {

    private static final long SEED = 0xF0_4E16_4EL;
    /** Unmeasured imports before the measured ones, of each foreign file and of the bundle (until 4 Dec 2026 13:55: one). */
    static final int WARM_UP_IMPORTS = 2;
    /** Measured imports, of each foreign file and of the bundle; the figure is their median (until 4 Dec 2026 13:55: one). */
    static final int MEASURED_IMPORTS = 3;

    private final Sizes sizes;
    private final Path work;
    private final PrintStream log;

    public ForeignImportFigures(Sizes sizes, Path work, PrintStream log) {
        this.sizes = sizes;
        this.work = work;
        this.log = log;
    }

    /** The file of {@code format} at this run's size, written or reused. */
    public ForeignFormat.Written file(ForeignFormat format) throws Exception {
        ForeignFormat.Written[] written = new ForeignFormat.Written[1];
        double writeMillis = Timing.once(() -> written[0] = format.writeOrReuse(work.resolve("foreign"), sizes.foreignRecords(), SEED));
        log.printf("%s: %,d records, %s in %s%n", format.importerFormat(), written[0].records(), Unit.BYTES.format(written[0].bytes()),
                Unit.MILLIS.format(writeMillis));
        return written[0];
    }

    /** The {@code import.<format>} figure: see docs/benchmarks.md. */
    public Figure measure(ForeignFormat format) throws Exception {
        ForeignFormat.Written[] written = {file(format)};
        TraceImporter importer = Importers.builtIn().detect(written[0].file());
        if (!importer.format().equals(format.importerFormat())) {
            throw new IllegalStateException(written[0].file() + " was detected as " + importer.format() + ", not " + format.importerFormat());
        }
        // The same file imported twice, unmeasured, so that the measured imports run as warm as their floor: after one,
        // the JIT still compiled for seconds during the next import (a third of a Codex import; see docs/benchmarks.md).
        double[] warmUps = new double[WARM_UP_IMPORTS];
        for (int i = 0; i < WARM_UP_IMPORTS; i++) {
            double[] split = new double[2];
            importInto(importer, written[0].file(), work.resolve("foreign-warm-up-store"), split, null, null);
            warmUps[i] = split[0];
        }

        JsonFloor.parse(written[0].file());
        long floorCpu = ProcessCpu.nanos();
        long floorAllocated = JvmAllocation.bytes();
        double floor = Timing.median(0, 3, () -> JsonFloor.parse(written[0].file()));
        floorCpu = (ProcessCpu.nanos() - floorCpu) / 3;
        floorAllocated = (JvmAllocation.bytes() - floorAllocated) / 3;
        double[][] splits = new double[MEASURED_IMPORTS][2];
        Path storedLines = work.resolve("foreign-stored-lines.jsonl");
        StoreResult result = null;
        double importCpu;
        long allocated;
        long collections;
        List<ThreadCpu.Group> byThread;
        try (RunUsage usage = new RunUsage()) {
            for (int i = 0; i < MEASURED_IMPORTS; i++) {
                boolean last = i == MEASURED_IMPORTS - 1;
                result = importInto(importer, written[0].file(), work.resolve("foreign-store"), splits[i], last ? storedLines : null, usage);
            }
            importCpu = usage.cpuMillisPerRun();
            allocated = usage.allocatedBytesPerRun();
            collections = usage.collectionMillisPerRun();
            byThread = usage.byThreadPerRun();
        }
        double[] imports = new double[MEASURED_IMPORTS];
        for (int i = 0; i < MEASURED_IMPORTS; i++) {
            imports[i] = splits[i][0];
        }
        double value = Timing.median(imports);
        double[] median = splits[Timing.medianIndex(imports)];
        log.printf("  %s import: %s (median %s: read %s, then finishing the store %s), %,d events; CPU of the JVM (all threads, GC"
                        + " included) per import %s, one floor parse %s (ratio %.1f); the first imports in this JVM (not measured) %s%n",
                format.importerFormat(), Unit.MILLIS.formatEach(imports), Unit.MILLIS.format(value), Unit.MILLIS.format(median[1]),
                Unit.MILLIS.format(median[0] - median[1]), result.newEvents(), Unit.MILLIS.format(importCpu),
                Unit.MILLIS.format(floorCpu / 1e6), importCpu / (floorCpu / 1e6), Unit.MILLIS.formatEach(warmUps));
        log.printf("  %s import: allocated %s per import by all threads (one floor parse %s), collections %s%n", format.importerFormat(),
                Unit.BYTES.format(allocated), Unit.BYTES.format(floorAllocated), Unit.MILLIS.format(collections));
        if (!byThread.isEmpty()) {
            log.printf("  %s import: CPU by thread per import: %s%n", format.importerFormat(), ThreadCpu.describe(byThread, 6));
        }
        logStoreFloor(format, storedLines, floor);
        return Figure.measured("import." + format.importerFormat(),
                String.format("Importers read into a StreamedImport + its finish, a %,d-record %s file (%s)", written[0].records(),
                        format.importerFormat(), Unit.BYTES.format(written[0].bytes())),
                value, floor, "Jackson streaming parse of the same file", Unit.MILLIS, Goal.ratioAtMost(3));
    }

    /**
     * What storing alone costs for this import: H2 writing the lines the import stored (its events' JSON, not the
     * foreign file) as 1 MB BLOB rows in one transaction, as figure 1's second floor, against the parse floor. It is
     * printed, not a goal: an import that stores its events cannot take less than this floor, and when the floor is
     * near three parses the ratio of 3 is out of reach whatever the importer does.
     */
    private void logStoreFloor(ForeignFormat format, Path storedLines, double parseFloor) throws Exception {
        try {
            double storeFloor = Timing.median(0, 2, () -> H2WriteFloor.write(storedLines, work.resolve("foreign-h2-write-floor")));
            log.printf("  %s import: H2 writing the %s of lines it stored (%s) takes %s, %.2f times the parse floor%n",
                    format.importerFormat(), Unit.BYTES.format(Files.size(storedLines)), storedLines.getFileName(),
                    Unit.MILLIS.format(storeFloor), storeFloor / parseFloor);
        } finally {
            Files.deleteIfExists(storedLines);
        }
    }

    /**
     * Imports {@code file} into a fresh store in {@code storeDir} (deleted afterwards); the store is opened before and
     * closed after the timed part. {@code millis}, when given, receives the import's time and then the read's (which,
     * for a format stored while read, includes most of the storing). {@code storedLines}, when given, receives the
     * stored events' lines, one per line, written after the timed part. {@code usage}, when given, is told just before
     * and after the timed part.
     */
    private static StoreResult importInto(TraceImporter importer, Path file, Path storeDir, double[] millis, Path storedLines,
                                          RunUsage usage) throws Exception {
        WorkDirs.deleteTree(storeDir);
        try (TraceStore store = TraceStore.open(storeDir.resolve("forkline"))) {
            if (usage != null) {
                usage.start();
            }
            long start = System.nanoTime();
            long read;
            StoreResult result;
            try (StreamedImport stream = store.streamedImport(file.toString())) {
                ImportedTrace trace = importer.read(file, stream);
                read = System.nanoTime();
                try (Bundle bundle = trace.bundle()) {
                    result = stream.finish(bundle, trace.findings(), TraceIntegrity.unverified());
                }
            }
            long end = System.nanoTime();
            if (usage != null) {
                usage.stop();
            }
            if (result.newEvents() == 0) {
                throw new IllegalStateException(file + ": the import stored no events");
            }
            if (millis != null) {
                millis[0] = (end - start) / 1e6;
                millis[1] = (read - start) / 1e6;
            }
            if (storedLines != null) {
                writeLines(store, result.traceId(), storedLines);
            }
            return result;
        } finally {
            WorkDirs.deleteTree(storeDir);
        }
    }

    private static void writeLines(TraceStore store, String traceId, Path target) throws Exception {
        try (Bundle stored = store.load(traceId);
             OutputStream out = new BufferedOutputStream(Files.newOutputStream(target), 1 << 20)) {
            EventLines lines = ((EventsWithLines) stored.events()).lines();
            for (int from = 0; from < lines.size(); from += 4096) {
                int[] indexes = new int[Math.min(4096, lines.size() - from)];
                for (int k = 0; k < indexes.length; k++) {
                    indexes[k] = from + k;
                }
                for (byte[] line : lines.lines(indexes)) {
                    out.write(line);
                    out.write('\n');
                }
            }
        }
    }
}
