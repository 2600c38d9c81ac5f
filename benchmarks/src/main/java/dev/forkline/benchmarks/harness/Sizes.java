package dev.forkline.benchmarks.harness;

/**
 * How big each figure's input is and how often it is repeated. The full sizes are the goals' sizes; the quick ones
 * keep {@code benchmarks/run --quick} within a couple of minutes on a CI machine.
 */
public record Sizes(boolean isQuick, int events, int openRuns, int stepSamples, int coldStarts, int execs,
                    int restoreFiles, long restoreBytes, int restoreRuns) {

    public static Sizes full() {
        return new Sizes(false, 1_000_000, 2, 2000, 5, 40, 10_000, 100L << 20, 3);
    }

    /** The same sizes with another trace length (for comparing builds on a mid-size trace). */
    public Sizes withEvents(int count) {
        return new Sizes(isQuick, count, openRuns, stepSamples, coldStarts, execs, restoreFiles, restoreBytes, restoreRuns);
    }

    public static Sizes quick() {
        return new Sizes(true, 20_000, 2, 200, 2, 10, 500, 5L << 20, 1);
    }
}
