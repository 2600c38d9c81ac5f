package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.views.StartupLog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code library.window-start}: the window as a user starts it on a library, {@code ./forkline open --db=STORE} (the
 * product's launcher, its start-up cache, JavaFX on Monocle's headless screen), from the launcher's spawn until its log
 * says the library is listed ({@link StartupLog}'s line, written after the first layout of the listing). Its floor is
 * a JavaFX stage of the same size with one label ({@link EmptyWindow}) started in a fresh JVM with the product's options,
 * from its spawn to its first layout. Median of 3 after one not counted, each.
 */
public final class WindowStartFigure {

    private static final List<String> HEADLESS = List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw");
    private static final long WAIT_SECONDS = 120;

    private final Path work;
    private final PrintStream out;

    public WindowStartFigure(Path work, PrintStream out) {
        this.work = work;
        this.out = out;
    }

    public Figure measure(Path store, String what) throws Exception {
        Path root = Path.of(ImportMemoryFigures.productJvmArgs()).toAbsolutePath().getParent().getParent();
        Path launcher = root.resolve("forkline");
        // untimed: the benchmarks' build made the jars; this records the start-up cache when there is none for them
        Process prepare = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true)
                .redirectOutput(work.resolve("window-start-prepare.log").toFile()).start();
        if (!prepare.waitFor(WAIT_SECONDS, TimeUnit.SECONDS) || prepare.exitValue() != 0) {
            prepare.destroyForcibly();
            return Figure.skipped("library.window-start", "./forkline open on " + what, "forkline --version failed: see "
                    + work.resolve("window-start-prepare.log"));
        }
        boolean cached = Files.isRegularFile(root.resolve("app/target/forkline.aot"));
        Path state = work.resolve("window-start-state");
        Path log = state.resolve("forkline").resolve("forkline.log");
        double value = medianOfThreeAfterOne(() -> {
            WorkDirs.deleteTree(state);
            ProcessBuilder window = new ProcessBuilder(launcher.toString(), "open", "--db=" + store.toAbsolutePath());
            window.environment().put("XDG_STATE_HOME", state.toString());
            window.environment().put("FORKLINE_JAVA_OPTS", String.join(" ", HEADLESS));
            Shown shown = startAndWait(window, work.resolve("window-start.out"), () -> lineOf(log, StartupLog.LISTED));
            out.printf("library.window-start: %.0f ms, %s%n", shown.millis(), shown.line().substring(shown.line().indexOf(StartupLog.LISTED)));
            return shown.millis();
        });
        List<String> floorCommand = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + ImportMemoryFigures.productJvmArgs()));
        floorCommand.addAll(HEADLESS);
        floorCommand.addAll(List.of("-cp", System.getProperty("java.class.path"), EmptyWindow.class.getName()));
        Path floorOut = work.resolve("window-start-floor.out");
        double floor = medianOfThreeAfterOne(() -> startAndWait(new ProcessBuilder(floorCommand), floorOut,
                () -> lineOf(floorOut, EmptyWindow.LAID_OUT)).millis());
        return Figure.measured("library.window-start", "./forkline open on " + what + " (the product's launcher"
                        + (cached ? ", with its start-up cache" : ", WITHOUT a start-up cache") + "), from its spawn to the library listed",
                value, floor, "an empty JavaFX stage of the same size started in a fresh JVM with the product's options, spawn to first layout",
                Unit.MILLIS, Goal.valueAtMost(1000, Unit.MILLIS));
    }

    private record Shown(double millis, String line) {
    }

    /**
     * Starts the process and waits for {@code done} to give a line: that line and the time from the start to when it
     * was seen (polled every 5 ms); then ends the process (SIGTERM: the JVM's shutdown hooks close the store).
     */
    private static Shown startAndWait(ProcessBuilder builder, Path output, LineSource done) throws Exception {
        long start = System.nanoTime();
        Process process = builder.redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            long deadline = start + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (System.nanoTime() < deadline) {
                String line = done.line();
                if (line != null) {
                    return new Shown((System.nanoTime() - start) / 1e6, line);
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException("the process ended (exit " + process.exitValue() + ") before it was shown: see " + output);
                }
                Thread.sleep(5);
            }
            throw new IllegalStateException("not shown within " + WAIT_SECONDS + " s: see " + output);
        } finally {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    @FunctionalInterface
    private interface Run {
        double millis() throws Exception;
    }

    private static double medianOfThreeAfterOne(Run run) throws Exception {
        run.millis();
        double[] values = new double[3];
        for (int i = 0; i < values.length; i++) {
            values[i] = run.millis();
        }
        return Timing.median(values);
    }

    @FunctionalInterface
    private interface LineSource {
        String line() throws IOException;
    }

    /** The first line of {@code file} holding {@code text} (ASCII), or null; read as Latin-1: the writer may be mid-character. */
    private static String lineOf(Path file, String text) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        return Files.readAllLines(file, StandardCharsets.ISO_8859_1).stream().filter(line -> line.contains(text)).findFirst().orElse(null);
    }
}
