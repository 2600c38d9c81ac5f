package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.NativeBundleImporter;
import dev.forkline.importers.TraceImporter;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input: every importer and the bundle reader are fed mutated copies of real traces (shared/samples and the
 * repository's sample bundles, as directories and zips). For each case, within a deadline: no importer's content check
 * throws; reading either succeeds or fails with TraceFormatException/IOException whose message names the file; a trace
 * that was read is imported into a store that then holds all of it or (when the store refuses it) nothing new; and the
 * store passes its integrity check.
 */
class HostileInputFuzzTest {

    private static final int CI_CASES = 300;

    @TempDir
    Path work;

    enum SeedKind { FILE, DIRECTORY, ZIP }

    record Seed(Path source, SeedKind kind) {
        String name() {
            return source.getFileName() + (kind == SeedKind.ZIP ? ".zip" : "");
        }
    }

    record Tally(String target, int cases, int stored, int refusedByStore, int rejected, int rejectedWithLineOrEntry,
                 List<String> failures) {
        String summary() {
            return String.format("%s: %d cases, %d read and stored whole, %d read but refused by the store (unchanged),"
                            + " %d rejected with a message naming the file (%d also naming the line or entry), %d failures",
                    target, cases, stored, refusedByStore, rejected, rejectedWithLineOrEntry, failures.size());
        }
    }

    @TestFactory
    Stream<DynamicTest> everyImporterSurvivesHostileVariantsOfRealTraces() {
        return Importers.builtIn().all().stream().filter(importer -> FuzzSettings.selected(importer.format()))
                .map(importer -> DynamicTest.dynamicTest(importer.format(), () -> {
            List<Seed> seeds = seedsFor(importer);
            assumeTrue(!seeds.isEmpty(), "no sample of format " + importer.format()
                    + " found (shared/samples beside the repository, or sample-traces/): skipped");
            Tally tally = fuzz(importer.format(), seeds, importer::read);
            report(tally);
            assertThat(tally.failures()).as(tally.summary()).isEmpty();
        }));
    }

    @TestFactory
    Stream<DynamicTest> theBundleReaderSurvivesHostileDirectoriesAndZips() throws IOException {
        List<Path> bundles = SharedSamples.sampleBundles();
        return Stream.of(SeedKind.DIRECTORY, SeedKind.ZIP).filter(kind -> FuzzSettings.selected("bundle-reader-" + kind.name().toLowerCase()))
                .map(kind -> DynamicTest.dynamicTest("BundleReader " + kind, () -> {
            assumeTrue(!bundles.isEmpty(), "no sample-traces/ bundles found: skipped");
            List<Seed> seeds = bundles.stream().map(b -> new Seed(b, kind)).toList();
            Tally tally = fuzz("bundle-reader-" + kind.name().toLowerCase(), seeds,
                    path -> new ImportedTrace(BundleReader.read(path), List.of()));
            report(tally);
            assertThat(tally.failures()).as(tally.summary()).isEmpty();
        }));
    }

    @FunctionalInterface
    interface Reader {
        ImportedTrace read(Path path) throws IOException, TraceFormatException;
    }

    private Tally fuzz(String target, List<Seed> seeds, Reader reader) throws Exception {
        int cases = FuzzSettings.cases(CI_CASES);
        Random random = new Random(FuzzSettings.SEED ^ target.hashCode());
        List<TraceImporter> everyImporter = Importers.builtIn().all();
        List<String> failures = new ArrayList<>();
        int stored = 0;
        int refused = 0;
        int rejected = 0;
        int located = 0;
        Path storeDir = Files.createDirectories(work.resolve("store-" + target));
        try (TraceStore store = TraceStore.open(storeDir.resolve("forkline"));
             BoundedCall bounded = new BoundedCall()) {
            StoreWitness witness = new StoreWitness(store);
            for (int i = 0; i < cases; i++) {
                Seed seed = seeds.get(random.nextInt(seeds.size()));
                Path caseDir = Files.createDirectories(work.resolve("case-" + i));
                Path input = caseDir.resolve(String.format("c%05d-%s", i, seed.name()));
                String mutation = SeedVariants.write(seed, input, random);
                String what = "case " + i + " (seed " + FuzzSettings.SEED + ") of " + seed.source() + ": " + mutation;
                List<TraceSummary> before = store.list();
                boolean checkIntegrity = i % 10 == 0 || i == cases - 1;
                // Odd cases get a trace id of their own, so that they are stored whole rather than refused as a
                // conflicting version of a trace already stored; even cases keep theirs and exercise that refusal.
                String ownId = i % 2 == 1 ? "~case" + i : null;
                BoundedCall.Result<StoreWitness.Outcome> result = bounded.run(() -> {
                    probeDetection(everyImporter, input);
                    ImportedTrace trace = reader.read(input);
                    try (Bundle read = trace.bundle()) {
                        Bundle bundle = ownId == null ? read : withTraceId(read, read.manifest().traceId() + ownId);
                        return witness.importAndCheck(bundle, trace.findings(), input.toString(), checkIntegrity);
                    }
                }, FuzzSettings.CASE_TIMEOUT);
                if (result.timedOut()) {
                    failures.add(what + ": no answer within " + FuzzSettings.CASE_TIMEOUT.toSeconds() + " s (hang)");
                } else if (result.thrown() == null) {
                    if (result.value() == StoreWitness.Outcome.STORED) {
                        stored++;
                    } else {
                        refused++;
                    }
                } else if (isCleanRejection(result.thrown())) {
                    String message = String.valueOf(result.thrown().getMessage());
                    if (!message.contains(input.getFileName().toString())) {
                        failures.add(what + ": rejected without naming the file: " + result.thrown());
                    } else {
                        rejected++;
                        if (namesLineOrEntry(result.thrown(), message, input)) {
                            located++;
                        }
                    }
                    try {
                        witness.assertUnchangedSince(before);
                    } catch (AssertionError e) {
                        failures.add(what + ": " + e.getMessage());
                    }
                } else {
                    failures.add(what + ": " + describe(result.thrown()));
                }
                deleteTree(caseDir);
            }
            witness.assertIntact();
        }
        return new Tally(target, cases, stored, refused, rejected, located, failures);
    }

    private static Bundle withTraceId(Bundle bundle, String traceId) {
        Manifest m = bundle.manifest();
        return new Bundle(bundle.source(), new Manifest(m.formatVersion(), traceId, m.title(), m.created(), m.producer(), m.sourceFormat()),
                bundle.events(), bundle.lines(), bundle.blobs());
    }

    private static void probeDetection(List<TraceImporter> importers, Path input) throws IOException {
        byte[] head = new byte[0];
        if (Files.isRegularFile(input)) {
            try (InputStream in = Files.newInputStream(input)) {
                head = in.readNBytes(64 * 1024);
            }
        }
        for (TraceImporter importer : importers) {
            try {
                importer.accepts(input, head);
            } catch (RuntimeException e) {
                throw new AssertionError(importer.format() + ".accepts threw on hostile input", e);
            }
        }
    }

    private static boolean isCleanRejection(Throwable thrown) {
        return thrown instanceof TraceFormatException || thrown instanceof IOException;
    }

    private static boolean namesLineOrEntry(Throwable thrown, String message, Path input) {
        if (thrown instanceof TraceFormatException format && format.line() > 0) {
            return true;
        }
        String name = input.getFileName().toString();
        int at = message.indexOf(name);
        String rest = message.substring(at + name.length());
        return rest.startsWith(":") || rest.startsWith("!") || rest.startsWith("/") || rest.startsWith("#");
    }

    private static String describe(Throwable thrown) {
        StringWriter text = new StringWriter();
        thrown.printStackTrace(new PrintWriter(text));
        String[] lines = text.toString().split("\n");
        return String.join("\n    ", java.util.Arrays.copyOf(lines, Math.min(lines.length, 14)));
    }

    private List<Seed> seedsFor(TraceImporter importer) throws IOException {
        List<Seed> seeds = new ArrayList<>();
        if (importer instanceof NativeBundleImporter) {
            for (Path bundle : SharedSamples.sampleBundles()) {
                seeds.add(new Seed(bundle, SeedKind.DIRECTORY));
                seeds.add(new Seed(bundle, SeedKind.ZIP));
            }
            return seeds;
        }
        List<Path> candidates = new ArrayList<>(SharedSamples.sharedSampleFiles());
        candidates.addAll(SharedSamples.resourceSamples());
        for (Path file : candidates) {
            byte[] head;
            try (InputStream in = Files.newInputStream(file)) {
                head = in.readNBytes(64 * 1024);
            }
            if (importer.accepts(file, head)) {
                seeds.add(new Seed(file, SeedKind.FILE));
            }
        }
        return seeds;
    }

    private static void report(Tally tally) throws IOException {
        System.out.println("[fuzz] " + tally.summary());
        Path reports = Files.createDirectories(Path.of("target", "reliability"));
        Files.writeString(reports.resolve("fuzz-" + tally.target() + ".txt"), tally.summary() + "\n"
                + String.join("\n", tally.failures()) + "\n", StandardCharsets.UTF_8);
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
