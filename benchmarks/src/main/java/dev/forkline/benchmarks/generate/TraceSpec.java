package dev.forkline.benchmarks.generate;

/**
 * What a generated trace looks like.
 *
 * @param events          total events across all runs (the fork included)
 * @param agents          agents taking turns in the root run
 * @param workspaceFiles  files in the workspace (each checkpoint lists all of them)
 * @param checkpointEvery a checkpoint after roughly this many events
 * @param forkShare       share of the events that belong to the forked run (0 for none)
 * @param seed            same seed, same bytes
 */
public record TraceSpec(int events, int agents, int workspaceFiles, int checkpointEvery, double forkShare, long seed) {

    public TraceSpec {
        if (events < 100) {
            throw new IllegalArgumentException("a generated trace has at least 100 events");
        }
        if (agents < 1 || workspaceFiles < 1 || checkpointEvery < 20 || forkShare < 0 || forkShare >= 0.5) {
            throw new IllegalArgumentException("unrealistic trace spec: " + this);
        }
    }

    /** Eight agents, 200 files, a checkpoint every 300 events, 5% of the events in a fork. */
    public static TraceSpec realistic(int events, long seed) {
        return new TraceSpec(events, 8, 200, 300, 0.05, seed);
    }
}
