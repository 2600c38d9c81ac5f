package dev.forkline.benchmarks.harness;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the timed parts of several runs of one figure used, summed: JVM CPU, allocation, collections and each thread
 * group's CPU. Each run starts after a full collection, so that none collects the garbage of an earlier run or figure
 * (the runs of one figure follow those of the figures before it in the same JVM).
 */
public final class RunUsage implements AutoCloseable {

    private final ThreadCpu threads = ThreadCpu.start();
    private final Map<String, long[]> threadTicks = new HashMap<>();
    private int runs;
    private long cpuNanos;
    private long allocatedBytes;
    private long collectionMillis;
    private Map<String, long[]> threadsAtStart;
    private long cpuAtStart;
    private long allocatedAtStart;
    private long collectionsAtStart;

    /** Collects the garbage, then notes where the counters stand: just before a timed part. */
    public void start() {
        System.gc();
        threadsAtStart = threads.totals();
        cpuAtStart = ProcessCpu.nanos();
        allocatedAtStart = JvmAllocation.bytes();
        collectionsAtStart = JvmAllocation.collectionMillis();
    }

    /** Adds what was used since {@link #start}: just after a timed part. */
    public void stop() {
        cpuNanos += ProcessCpu.nanos() - cpuAtStart;
        allocatedBytes += JvmAllocation.bytes() - allocatedAtStart;
        collectionMillis += JvmAllocation.collectionMillis() - collectionsAtStart;
        threads.totals().forEach((group, ticks) -> {
            long[] before = threadsAtStart.getOrDefault(group, new long[2]);
            long[] sum = threadTicks.computeIfAbsent(group, g -> new long[2]);
            sum[0] += ticks[0] - before[0];
            sum[1] += ticks[1] - before[1];
        });
        runs++;
    }

    /** The JVM's CPU (all threads, collector included) per run, in milliseconds. */
    public double cpuMillisPerRun() {
        return cpuNanos / 1e6 / runs;
    }

    public long allocatedBytesPerRun() {
        return allocatedBytes / runs;
    }

    public long collectionMillisPerRun() {
        return collectionMillis / runs;
    }

    /** Each thread group's CPU per run, largest first; empty where threads cannot be read (no {@code /proc}). */
    public List<ThreadCpu.Group> byThreadPerRun() {
        return ThreadCpu.perRun(ThreadCpu.between(Map.of(), threadTicks), runs);
    }

    @Override
    public void close() {
        threads.close();
    }
}
