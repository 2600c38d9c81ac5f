package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code import.rss.<format>}: the peak resident set ({@code VmHWM} of {@code /proc/<pid>/status}) of a child JVM
 * started with the product's options ({@code packaging/jvm.args}) and {@code -Xmx1g} that imports one file as
 * {@code forkline import} does ({@link CommandLineImport}); the floor is the file's size. Goal: the import succeeds and
 * the peak stays at or under 1.5 GB. The description also gives the child's whole run (JVM start, read, checks, store),
 * which is what a user of the command line waits for. Skipped where there is no {@code /proc} (the figure is Linux's).
 */
public final class ImportMemoryFigures {

    /** The heap the child gets, as a user's {@code -Xmx1g}. */
    public static final String HEAP = "-Xmx1g";
    private static final double GOAL_BYTES = 1.5 * 1024 * 1024 * 1024;

    private final Path work;

    public ImportMemoryFigures(Path work) {
        this.work = work;
    }

    /** The JVM options the product runs with (packaging/jvm.args, named by {@code benchmarks/run}). */
    static String productJvmArgs() {
        String file = System.getProperty("forkline.jvm.args");
        if (file == null || !Files.isRegularFile(Path.of(file))) {
            throw new IllegalStateException("forkline.jvm.args does not name packaging/jvm.args (" + file
                    + "): run the benchmarks with benchmarks/run");
        }
        return file;
    }

    /** One figure per file: {@code name} is the figure's suffix, {@code what} names the file. */
    public Figure measure(String name, Path file, String what) throws Exception {
        String figure = "import.rss." + name;
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            return Figure.skipped(figure, "peak resident set of forkline import", "no /proc on this system");
        }
        Path store = work.resolve("rss-store");
        WorkDirs.deleteTree(store);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + productJvmArgs(), HEAP, "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                CommandLineImport.class.getName(), file.toString(), store.resolve("forkline").toString()));
        Path output = work.resolve("rss-child.log");
        long start = System.nanoTime();
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        long peakKb = 0;
        Path status = Path.of("/proc", Long.toString(child.pid()), "status");
        while (!child.waitFor(100, TimeUnit.MILLISECONDS)) {
            peakKb = Math.max(peakKb, highWaterMarkKb(status));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        WorkDirs.deleteTree(store);
        String failure = child.exitValue() == 0 ? "" : ", FAILED after " + Unit.BYTES.format(peakKb * 1024.0) + " (exit "
                + child.exitValue() + "): " + firstError(output);
        return Figure.measured(figure, "peak RSS of forkline import (" + HEAP + ": read, checks, store) of " + what
                        + String.format(", %.1f s in all", seconds) + failure,
                failure.isEmpty() ? peakKb * 1024.0 : Double.POSITIVE_INFINITY, Files.isDirectory(file) ? Files.size(file.resolve("trace.jsonl")) : Files.size(file),
                "size of the file", Unit.BYTES, Goal.valueAtMost(GOAL_BYTES, Unit.BYTES));
    }

    /** The child's first line naming an exception or error (its cause, for an import that failed). */
    private static String firstError(Path output) throws IOException {
        return Files.readAllLines(output).stream().filter(line -> line.contains("Exception") || line.contains("Error")).findFirst()
                .orElse("no message").strip();
    }

    /** The status file's VmHWM in kB, or 0 once the process is gone. */
    private static long highWaterMarkKb(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the child exited between the check and the read
        }
        return 0;
    }
}
