package dev.forkline.benchmarks;

import dev.forkline.benchmarks.figures.CheckpointStorageFigure;
import dev.forkline.benchmarks.figures.FanOutFigure;
import dev.forkline.benchmarks.figures.ForeignImportFigures;
import dev.forkline.benchmarks.figures.ImportMemoryFigures;
import dev.forkline.benchmarks.figures.LibraryFigures;
import dev.forkline.benchmarks.generate.foreign.ForeignFormat;
import dev.forkline.benchmarks.figures.RealReplayFigure;
import dev.forkline.benchmarks.figures.SharedReplay;
import dev.forkline.benchmarks.figures.SandboxFigures;
import dev.forkline.benchmarks.figures.SearchFigures;
import dev.forkline.benchmarks.figures.StepFigure;
import dev.forkline.benchmarks.figures.TraceFigures;
import dev.forkline.benchmarks.figures.ViewFigures;
import dev.forkline.benchmarks.figures.WorkspaceRebuildFigure;
import dev.forkline.benchmarks.generate.TraceGenerator;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.SandboxImages;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The benchmark driver behind {@code benchmarks/run}: measures each figure and its floor in the same run and prints one
 * line per figure. Full sizes enforce the goals (exit 3 when one is missed); {@code --quick} uses small sizes and
 * enforces none.
 *
 * <pre>Bench [--quick] [--only import,open,step,frame,search,sandbox,restore,storage,real-replay,rebuild,live,formats,memory,library,postgresql,fanout,first-frame.FORMAT,formats.FORMAT,memory.FORMAT] [--events N] [--library TRACES,EVENTS] [--work DIR] [--keep]</pre>
 */
public final class Bench {

    /**
     * Every group of figures (what a run without {@code --only} measures); {@code first-frame.<format>},
     * {@code formats.<format>} and {@code memory.<format>} are one {@link ForeignFormat}'s figures of {@code open},
     * {@code formats} and {@code memory}, to run alone.
     */
    public static final Set<String> GROUPS = Stream.concat(Stream.of("import", "open", "step", "frame", "sandbox", "restore", "storage",
            "real-replay", "rebuild", "live", "formats", "memory", "library", "postgresql", "fanout", "search"),
            Arrays.stream(ForeignFormat.values()).flatMap(format -> Stream.of("first-frame.", "formats.", "memory.")
                    .map(group -> group + format.importerFormat()))).collect(Collectors.toUnmodifiableSet());

    private final Sizes sizes;
    private final Set<String> only;
    private final Path work;
    private final PrintStream out;
    private final List<Figure> figures = new ArrayList<>();

    public Bench(Sizes sizes, Set<String> only, Path work, PrintStream out) {
        this.sizes = sizes;
        this.only = only;
        this.work = work;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        boolean quick = false;
        boolean keep = false;
        Set<String> only = GROUPS;
        Path work = null;
        Integer events = null;
        int[] library = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--keep" -> keep = true;
                case "--only" -> only = Set.of(args[++i].split(","));
                case "--work" -> work = Path.of(args[++i]);
                case "--events" -> events = Integer.parseInt(args[++i]);
                case "--library" -> library = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                default -> {
                    System.err.println("usage: benchmarks/run [--quick] [--only " + String.join(",", GROUPS)
                            + "] [--events N] [--library TRACES,EVENTS] [--work DIR] [--keep]");
                    System.exit(2);
                }
            }
        }
        Path dir = work != null ? Files.createDirectories(work) : Files.createTempDirectory("forkline-bench-");
        List<Figure> figures = null;
        try {
            Sizes sizes = quick ? Sizes.quick() : Sizes.full();
            sizes = events == null ? sizes : sizes.withEvents(events);
            sizes = library == null ? sizes : sizes.withLibrary(library[0], library[1]);
            figures = new Bench(sizes, only, dir, System.out).run();
        } catch (Exception | Error e) {
            e.printStackTrace();
        } finally {
            if (!keep && work == null) {
                WorkDirs.deleteTree(dir);
            }
        }
        if (figures == null) {
            System.exit(1); // explicitly: the FX platform's threads would keep the JVM alive
        }
        boolean missed = figures.stream().anyMatch(figure -> !figure.meetsGoal());
        if (missed && !quick) {
            System.out.println("bench: goals missed (see MISS above)");
            System.exit(3);
        }
        System.exit(0);
    }

    /** Measures the selected figures; prints each line as soon as it is known. */
    public List<Figure> run() throws Exception {
        out.println("bench: " + (sizes.isQuick() ? "quick (small sizes, goals not enforced)" : "full") + ", " + MachineInfo.describe());
        TraceFigures trace = new TraceFigures(sizes, work, out);
        try {
            if (wants("import") || wants("open") || wants("frame") || wants("step") || wants("memory") || wants("postgresql")
                    || wants("search")) {
                TraceGenerator.Generated generated = trace.generate();
                if (wants("postgresql")) {
                    new dev.forkline.benchmarks.figures.PostgresImportFigure(work, out).measure(generated).forEach(this::report);
                }
                if (wants("memory")) {
                    report(new ImportMemoryFigures(work).measure("bundle", generated.bundle(),
                            String.format("the generated bundle (%,d events)", generated.events())));
                }
                if (wants("import")) {
                    trace.importTrace().forEach(this::report);
                } else if (wants("open") || wants("frame") || wants("step")) {
                    trace.reuseOrImport();
                }
                if (wants("open") || wants("frame") || wants("step")) {
                    workbenchFigures(trace, generated);
                }
                if (wants("search")) {
                    if (!wants("import") && !wants("open") && !wants("frame") && !wants("step")) {
                        trace.reuseOrImport();
                    }
                    trace.close();
                    new SearchFigures(trace.database(), out).measure(generated).forEach(this::report);
                }
            }
        } finally {
            trace.close();
        }
        for (ForeignFormat format : ForeignFormat.values()) {
            if (wants("open") || wants("first-frame." + format.importerFormat())) {
                ForeignFormat.Written file = new ForeignImportFigures(sizes, work, out).file(format);
                ViewFigures views = new ViewFigures(sizes, work, out);
                try {
                    views.firstFrameForeign(format, file.file(), file.records()).forEach(this::report);
                } finally {
                    views.close();
                }
            }
        }
        ForeignImportFigures foreign = new ForeignImportFigures(sizes, work, out);
        for (ForeignFormat format : ForeignFormat.values()) {
            if (wants("formats") || wants("formats." + format.importerFormat())) {
                report(foreign.measure(format));
            }
        }
        for (ForeignFormat format : ForeignFormat.values()) {
            if (wants("memory") || wants("memory." + format.importerFormat())) {
                ForeignFormat.Written file = foreign.file(format);
                report(new ImportMemoryFigures(work).measure(format.importerFormat(), file.file(),
                        String.format("a %,d-record %s file", file.records(), format.importerFormat())));
            }
        }
        if (wants("storage")) {
            report(new CheckpointStorageFigure(sizes, work).measure());
        }
        if (wants("rebuild")) {
            report(new WorkspaceRebuildFigure(sizes, work, out).measure());
        }
        if (wants("library")) {
            new LibraryFigures(sizes.libraryTraces(), sizes.libraryEvents(), !sizes.isQuick(), work, out).measure().forEach(this::report);
        }
        if (wants("live")) {
            new dev.forkline.benchmarks.figures.LiveFigures(sizes, work).measure().forEach(this::report);
        }
        if (wants("sandbox") || wants("restore")) {
            sandboxFigures();
        }
        if (wants("real-replay")) {
            realReplayFigure();
        }
        if (wants("fanout")) {
            fanOutFigure();
        }
        long misses = figures.stream().filter(figure -> !figure.meetsGoal()).count();
        out.printf("bench: %d figures, %d measured, %d goals missed%n", figures.size(),
                figures.stream().filter(Figure::measured).count(), misses);
        return figures;
    }

    private void workbenchFigures(TraceFigures trace, TraceGenerator.Generated generated) throws Exception {
        ViewFigures views = new ViewFigures(sizes, work, out);
        try {
            for (Figure figure : views.open(trace.store(), generated.traceId(), generated.bundle().resolve(Bundle.EVENTS))) {
                report(figure);
            }
            if (wants("open")) {
                views.firstFrame(generated.bundle()).forEach(this::report);
            }
            if (wants("frame")) {
                views.frames().forEach(this::report);
            }
            if (wants("step")) {
                report(views.step());
                for (Figure figure : new StepFigure(sizes).measure(views.openTrace(generated))) {
                    report(figure);
                }
            }
        } finally {
            views.close();
        }
    }

    private void sandboxFigures() throws Exception {
        String missing = dockerMissing();
        if (missing != null) {
            for (String name : List.of("replay.start.cold", "replay.start.warm", "step.exec", "restore")) {
                report(Figure.skipped(name, "sandbox figure", missing));
            }
            return;
        }
        try (DockerEngine engine = DockerEngine.fromEnvironment()) {
            SandboxFigures sandbox = new SandboxFigures(sizes, work, engine);
            if (wants("sandbox")) {
                report(sandbox.coldStart());
                for (Figure figure : sandbox.warmAndPerStep()) {
                    report(figure);
                }
            }
            if (wants("restore")) {
                report(sandbox.restore());
            }
        }
    }

    /** The replay of a real SWE-agent session (shared/replay) in the Debian image, skipped without either. */
    private void realReplayFigure() throws Exception {
        String missing = dockerMissing(SandboxImages.DEBIAN);
        if (missing == null) {
            missing = SharedReplay.whyMissing();
        }
        if (missing != null) {
            report(Figure.skipped(RealReplayFigure.NAME, "real-session replay figure", missing));
            return;
        }
        try (DockerEngine engine = DockerEngine.fromEnvironment()) {
            report(new RealReplayFigure(sizes, work, engine, SharedReplay.find().orElseThrow(), out).measure());
        }
    }

    /** Replays fanned out over the main engine and a second one started for it; skipped without either. */
    private void fanOutFigure() throws Exception {
        String missing = dockerMissing();
        if (missing != null) {
            report(Figure.skipped(FanOutFigure.NAME, "fan-out figure", missing));
            return;
        }
        report(new FanOutFigure(sizes, work, out).measure());
    }

    /** Why the Docker figures cannot run, or null when they can. */
    static String dockerMissing() {
        return dockerMissing(IsolationBoundary.DEFAULT_IMAGE);
    }

    /** Why figures running in {@code image} cannot run, or null when they can. */
    static String dockerMissing(String image) {
        try (DockerEngine engine = DockerEngine.fromEnvironment()) {
            if (!engine.isAvailable()) {
                return "no Docker engine answered";
            }
            Process inspect = new ProcessBuilder("docker", "image", "inspect", image)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (inspect.waitFor() != 0) {
                return "image " + image + " is missing (packaging/sandbox-image/build)";
            }
            return null;
        } catch (IOException e) {
            return "docker is not usable: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private boolean wants(String group) {
        return only.contains(group);
    }

    private void report(Figure figure) {
        figures.add(figure);
        out.println(figure.line());
        out.flush();
    }
}
