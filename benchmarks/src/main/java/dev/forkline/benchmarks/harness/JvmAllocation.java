package dev.forkline.benchmarks.harness;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * Heap allocated by this JVM's threads, and time its collectors took: unlike wall time they hardly move with the
 * machine's speed or load, so a change that makes less garbage shows in them when the wall-clock figures cannot tell.
 */
public final class JvmAllocation {

    private JvmAllocation() {
    }

    /** Bytes allocated on the heap by all threads so far (those that ended included), or 0 where the platform does not say. */
    public static long bytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
            return Math.max(0, threads.getTotalThreadAllocatedBytes());
        }
        return 0;
    }

    /** Milliseconds the collectors have run so far (pauses, and concurrent work where a collector reports it). */
    public static long collectionMillis() {
        long millis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            millis += Math.max(0, collector.getCollectionTime());
        }
        return millis;
    }
}
