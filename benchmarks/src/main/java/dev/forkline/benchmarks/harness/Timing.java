package dev.forkline.benchmarks.harness;

import java.util.Arrays;

/** Wall-clock timing of whole operations: warm-up runs, then the median of measured runs. */
public final class Timing {

    @FunctionalInterface
    public interface Operation {
        void run() throws Exception;
    }

    private Timing() {
    }

    /** Milliseconds taken by one run. */
    public static double once(Operation operation) throws Exception {
        long start = System.nanoTime();
        operation.run();
        return (System.nanoTime() - start) / 1e6;
    }

    /** The median in milliseconds of {@code runs} runs after {@code warmups} unmeasured ones. */
    public static double median(int warmups, int runs, Operation operation) throws Exception {
        for (int i = 0; i < warmups; i++) {
            operation.run();
        }
        double[] times = new double[runs];
        for (int i = 0; i < runs; i++) {
            times[i] = once(operation);
        }
        return median(times);
    }

    /** Which of the values is their median (the middle one of an odd count, the upper middle one of an even count). */
    public static int medianIndex(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        return order[values.length / 2];
    }

    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
