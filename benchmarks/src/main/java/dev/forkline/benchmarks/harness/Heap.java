package dev.forkline.benchmarks.harness;

import java.lang.management.ManagementFactory;

/** Heap in use after full collections: what objects still reachable retain. */
public final class Heap {

    private Heap() {
    }

    public static long usedAfterGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            long now = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (now >= used - (used >> 6)) {
                return Math.min(now, used);
            }
            used = Math.min(used, now);
        }
        return used;
    }
}
