package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.generate.EditSessionFixture;
import dev.forkline.benchmarks.generate.WorkspaceFixture;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.workspace.EditCheck;
import dev.forkline.replay.workspace.MutationOutcome;
import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.replay.workspace.WorkspaceRebuilder;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.EventType;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code workspace.rebuild}: the workspace at the last event of an imported session of 1,000 edits
 * ({@link EditSessionFixture}), rebuilt by {@link WorkspaceRebuilder} from the start tree and the session's
 * {@code state.mutation}s, against copying the final tree.
 *
 * <p>Timed: {@code WorkspaceRebuilder.of(tree, events, blobs).filesAt(last)} and one pass over what it hands out (in path
 * order, as the state panel lists it), with the events already read and the blobs read from the bundle on disk, as an
 * open trace has them. The floor is what handing out the same final tree costs when it is already known: a fresh
 * path-ordered map of the final tree's files, each file's content copied into a new array (a tree is its files'
 * contents: a copy without them would be a lookup table, not a copy of the tree). Each run is timed right after its
 * floor run; median of the runs after warm-ups.
 */
public final class WorkspaceRebuildFigure {

    public static final String NAME = "workspace.rebuild";
    private static final int EDITED_FILES = 100;
    private static final int WARMUPS = 5;
    private static final int RUNS = 15;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Sizes sizes;
    private final Path work;
    private final PrintStream out;

    public WorkspaceRebuildFigure(Sizes sizes, Path work, PrintStream out) {
        this.sizes = sizes;
        this.work = work;
        this.out = out;
    }

    public Figure measure() throws Exception {
        Map<String, byte[]> start = WorkspaceFixture.of(sizes.rebuildFiles(), sizes.rebuildBytes(), 13);
        Path dir = work.resolve("rebuild-session");
        WorkDirs.deleteTree(dir);
        EditSessionFixture.Generated session = EditSessionFixture.write(start, sizes.rebuildEdits(), EDITED_FILES, 14, dir);
        StartingTree tree = new StartingTree("generated start tree", files(start), null, List.of());
        List<WorkspaceFile> end = files(session.end());
        try (Bundle bundle = BundleReader.read(session.bundle())) {
            List<Event> events = bundle.events();
            check(tree, events, bundle.blobs(), session);
            double[] floors = new double[RUNS];
            double[] times = new double[RUNS];
            double[] floorCpu = new double[RUNS];
            double[] cpu = new double[RUNS];
            double[] blobReads = new double[RUNS];
            List<String> afterBlobs = events.stream().filter(e -> e.is(EventType.STATE_MUTATION)).map(e -> e.text("after")).toList();
            for (int i = -WARMUPS; i < RUNS; i++) {
                double[] floor = timed(() -> consume(copy(end)));
                double[] rebuilt = timed(() -> consume(rebuild(tree, events, bundle.blobs())));
                double[] reads = timed(() -> readAll(bundle.blobs(), afterBlobs));
                if (i >= 0) {
                    floors[i] = floor[0];
                    floorCpu[i] = floor[1];
                    times[i] = rebuilt[0];
                    cpu[i] = rebuilt[1];
                    blobReads[i] = reads[0];
                }
            }
            out.printf(Locale.ROOT, "%-22s CPU time of the thread (median): rebuild %.1f ms, floor %.1f ms (ratio %.2f); reading the %,d"
                            + " after-blobs alone (wall): %.1f ms%n", NAME, Timing.median(cpu), Timing.median(floorCpu),
                    Timing.median(cpu) / Timing.median(floorCpu), afterBlobs.size(), Timing.median(blobReads));
            return Figure.measured(NAME, String.format("WorkspaceRebuilder.of(...).filesAt(last event) and a pass over it: %,d-file"
                            + " start tree (%s), %,d Claude Code edits/writes, blobs from the bundle on disk", start.size(),
                            Unit.BYTES.format(WorkspaceFixture.bytes(start)), session.edits()), Timing.median(times), Timing.median(floors),
                    String.format("copying the final tree (%,d files, %s) into a fresh path-ordered map, contents copied", end.size(),
                            Unit.BYTES.format(WorkspaceFixture.bytes(session.end()))), Unit.MILLIS, Goal.ratioAtMost(2));
        } finally {
            WorkDirs.deleteTree(dir);
        }
    }

    /**
     * Wall and thread CPU milliseconds of one run, after a collection so that no collection of earlier runs' garbage
     * falls into it (the floor allocates the whole tree each run).
     */
    private static double[] timed(Timing.Operation operation) throws Exception {
        System.gc();
        long cpu = THREADS.getCurrentThreadCpuTime();
        double wall = Timing.once(operation);
        return new double[] {wall, (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6};
    }

    private static void readAll(BlobSource blobs, List<String> names) throws Exception {
        for (String name : names) {
            if (blobs.read(name).isEmpty()) {
                throw new IllegalStateException("the bundle lacks blob " + name);
            }
        }
    }

    private static Map<String, WorkspaceFile> rebuild(StartingTree tree, List<Event> events, BlobSource blobs) throws Exception {
        return WorkspaceRebuilder.of(tree, events, blobs).filesAt(events.size() - 1);
    }

    /** The floor: the final tree handed out as a new tree, in path order, contents copied. */
    private static Map<String, WorkspaceFile> copy(List<WorkspaceFile> end) {
        Map<String, WorkspaceFile> copy = new TreeMap<>();
        for (WorkspaceFile file : end) {
            copy.put(file.path(), new WorkspaceFile(file.path(), Arrays.copyOf(file.content(), file.content().length), file.mode(),
                    file.linkTarget()));
        }
        return copy;
    }

    /** One pass over the files, as a consumer lists them; the sum keeps the JIT from dropping the work. */
    private static long consume(Map<String, WorkspaceFile> files) {
        long bytes = 0;
        for (Map.Entry<String, WorkspaceFile> entry : files.entrySet()) {
            bytes += entry.getValue().content().length + entry.getKey().length();
        }
        if (bytes == 0) {
            throw new IllegalStateException("an empty workspace");
        }
        return bytes;
    }

    /** The rebuild must give the generated final tree, every edit applied on the file it was made on. */
    private static void check(StartingTree tree, List<Event> events, BlobSource blobs, EditSessionFixture.Generated session)
            throws Exception {
        WorkspaceRebuilder rebuilder = WorkspaceRebuilder.of(tree, events, blobs);
        List<EditCheck> failed = rebuilder.checks().stream()
                .filter(c -> !c.ok() || ((MutationOutcome.Applied) c.outcome()).note() != null).toList();
        if (rebuilder.checks().size() != session.edits() || !failed.isEmpty()) {
            throw new IllegalStateException(rebuilder.checks().size() + " checks for " + session.edits() + " edits; not cleanly applied: "
                    + failed.stream().limit(3).map(c -> c.path() + ": " + c.outcome().summary()).toList());
        }
        Map<String, WorkspaceFile> rebuilt = rebuilder.filesAt(events.size() - 1);
        if (rebuilt.size() != session.end().size()) {
            throw new IllegalStateException("rebuilt " + rebuilt.size() + " files, expected " + session.end().size());
        }
        session.end().forEach((path, content) -> {
            WorkspaceFile file = rebuilt.get(path);
            if (file == null || !Arrays.equals(file.content(), content)) {
                throw new IllegalStateException("the rebuilt " + path + " differs from the session's final tree");
            }
        });
    }

    private static List<WorkspaceFile> files(Map<String, byte[]> tree) {
        List<WorkspaceFile> files = new ArrayList<>(tree.size());
        new TreeMap<>(tree).forEach((path, content) -> files.add(WorkspaceFile.regular(path, content, 0644)));
        return files;
    }
}
