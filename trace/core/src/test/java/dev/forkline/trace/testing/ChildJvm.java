package dev.forkline.trace.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM on the test classpath whose output lines are collected as they come (so that ACKs survive the kill). For
 * tests of this module and the modules above it.
 */
public final class ChildJvm {

    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    private ChildJvm(Process process) {
        this.process = process;
        this.reader = Thread.ofPlatform().daemon().start(this::collect);
    }

    public static ChildJvm start(Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).redirectErrorStream(true).start());
    }

    private void collect() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException ended) {
            // the child was killed: what was read so far is all there is
        }
    }

    public void awaitLine(String expected, Duration timeout) throws InterruptedException {
        awaitLineStartingWith(expected, timeout);
    }

    /** Waits for a line starting with {@code expected} and returns it. */
    public String awaitLineStartingWith(String expected, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lines) {
            while (lines.stream().noneMatch(line -> line.startsWith(expected))) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !process.isAlive() && !reader.isAlive()) {
                    throw new AssertionError("child did not print " + expected + " within " + timeout + "; output: " + lines);
                }
                lines.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            return lines.stream().filter(line -> line.startsWith(expected)).findFirst().orElseThrow();
        }
    }

    /** SIGKILL (no shutdown hooks, no flushing), then waits for the process and its output to end. */
    public List<String> kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("killed child did not exit");
        }
        reader.join(10_000);
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    public static List<String> acknowledged(List<String> output) {
        return output.stream().filter(line -> line.startsWith("ACK ")).map(line -> line.substring(4)).toList();
    }
}
