package dev.forkline.benchmarks.harness;

import java.lang.management.ManagementFactory;

/**
 * CPU time of this JVM, all threads (GC and H2's included): on a machine shared with other work it moves less than
 * wall time, so figures print it next to their wall-clock ratio.
 */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    /** Nanoseconds of CPU used by this process so far, or 0 where the platform does not say. */
    public static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
