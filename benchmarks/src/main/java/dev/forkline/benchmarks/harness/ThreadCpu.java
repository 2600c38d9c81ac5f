package dev.forkline.benchmarks.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * This JVM's CPU time per thread, split into user and kernel time, from Linux's {@code /proc/self/task}: where an
 * import's time goes beyond the importing thread (hashing, the store's page writer, the collector, the compiler), and
 * how much of it the kernel spends writing files and handing out fresh memory, which a parse floor does not pay. A
 * thread that ends during a measurement (an import's chaining thread, a store's writer) is polled while it runs and
 * keeps its last reading (Linux hands out thread ids in order, so a new thread does not take an ended one's place
 * within a run). Nothing is measured where {@code /proc} is missing.
 */
public final class ThreadCpu implements AutoCloseable {

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final double TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture Forkline runs on
    private static final long POLL_MILLIS = 200;

    /** One thread's reading: its name as the kernel keeps it (15 characters) and its clock ticks so far. */
    record Reading(String name, long userTicks, long kernelTicks) {
    }

    /** CPU seconds of a group of threads (those whose names differ only in a trailing number). */
    public record Group(String name, double userSeconds, double kernelSeconds) {

        public double seconds() {
            return userSeconds + kernelSeconds;
        }
    }

    private final Map<String, Reading> lastByThread = new HashMap<>();
    private final Thread poller;
    private volatile boolean closed;

    private ThreadCpu() {
        poller = Thread.ofPlatform().daemon().name("bench-thread-cpu").unstarted(this::pollUntilClosed);
    }

    /** Starts polling; where {@code /proc/self/task} is missing, the totals stay empty. */
    public static ThreadCpu start() {
        ThreadCpu sampler = new ThreadCpu();
        if (Files.isDirectory(TASKS)) {
            sampler.poll();
            sampler.poller.start();
        }
        return sampler;
    }

    /** The ticks of every thread seen so far (ended ones at their last reading), by thread group. */
    public synchronized Map<String, long[]> totals() {
        poll();
        Map<String, long[]> totals = new LinkedHashMap<>();
        for (Reading reading : lastByThread.values()) {
            long[] ticks = totals.computeIfAbsent(group(reading.name()), name -> new long[2]);
            ticks[0] += reading.userTicks();
            ticks[1] += reading.kernelTicks();
        }
        return totals;
    }

    /** What each group used between two {@link #totals}, most first. */
    public static List<Group> between(Map<String, long[]> before, Map<String, long[]> after) {
        List<Group> groups = new ArrayList<>();
        after.forEach((name, ticks) -> {
            long[] earlier = before.getOrDefault(name, new long[2]);
            long user = ticks[0] - earlier[0];
            long kernel = ticks[1] - earlier[1];
            if (user + kernel > 0) {
                groups.add(new Group(name, user / TICKS_PER_SECOND, kernel / TICKS_PER_SECOND));
            }
        });
        groups.sort((a, b) -> Double.compare(b.seconds(), a.seconds()));
        return groups;
    }

    /** The groups of {@code runs} runs as what one run used on average. */
    public static List<Group> perRun(List<Group> groups, int runs) {
        return groups.stream().map(g -> new Group(g.name(), g.userSeconds() / runs, g.kernelSeconds() / runs)).toList();
    }

    /** The groups as one line: the largest {@code shown}, then the kernel's share of all of them. */
    public static String describe(List<Group> groups, int shown) {
        StringBuilder line = new StringBuilder();
        double total = 0;
        double kernel = 0;
        for (Group group : groups) {
            total += group.seconds();
            kernel += group.kernelSeconds();
        }
        for (Group group : groups.subList(0, Math.min(shown, groups.size()))) {
            line.append(line.isEmpty() ? "" : ", ").append(String.format("%s %.1f s (kernel %.1f)", group.name(), group.seconds(),
                    group.kernelSeconds()));
        }
        return line.append(String.format("; kernel %.0f%% of %.1f s", total == 0 ? 0 : 100 * kernel / total, total)).toString();
    }

    /**
     * A thread's group: its name without a trailing number ({@code GC Thread#1}, {@code forkline-event-sweep-0}). The
     * thread the launcher started keeps the process's name, {@code java}: that is {@code main}.
     */
    static String group(String name) {
        return name.equals("java") ? "main" : name.replaceFirst("[#-]?\\d+$", "");
    }

    /** The reading in a {@code /proc/<pid>/task/<tid>/stat} line, or null when it is not one. */
    static Reading parse(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open || close + 2 > stat.length()) {
            return null;
        }
        // after the name's closing parenthesis: state(0) ppid(1) ... utime(11) stime(12)
        String[] fields = stat.substring(close + 2).trim().split(" ");
        if (fields.length < 13) {
            return null;
        }
        try {
            return new Reading(stat.substring(open + 1, close), Long.parseLong(fields[11]), Long.parseLong(fields[12]));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private void pollUntilClosed() {
        while (!closed) {
            poll();
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void poll() {
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : tasks.toList()) {
                try {
                    Reading reading = parse(Files.readString(task.resolve("stat")));
                    if (reading != null) {
                        lastByThread.put(task.getFileName().toString(), reading);
                    }
                } catch (IOException | RuntimeException ended) {
                    // the thread ended between the listing and the reading: its last reading stands
                }
            }
        } catch (IOException e) {
            // no /proc here, or the listing failed this time; the next poll tries again
        }
    }

    @Override
    public void close() {
        closed = true;
        poller.interrupt();
    }
}
