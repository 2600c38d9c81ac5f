package dev.forkline.benchmarks.harness;

/**
 * How big each figure's input is and how often it is repeated. The full sizes are the goals' sizes; the quick ones
 * keep {@code benchmarks/run --quick} within a couple of minutes on a CI machine.
 *
 * @param realReplayRuns replays of the real SWE-agent session (each after its floor run), after one warm-up in full runs
 * @param rebuildFiles   files of the start tree of the 1,000-edit session ({@code workspace.rebuild})
 * @param rebuildBytes   their total size
 * @param rebuildEdits   the session's edits
 * @param foreignRecords records (lines, spans) of each foreign-format file ({@code import.claude-code} and the others)
 * @param libraryTraces  traces in the store of the library figures ({@code library.list} and the others)
 * @param libraryEvents  events of each of those traces
 */
public record Sizes(boolean isQuick, int events, int openRuns, int stepSamples, int coldStarts, int execs,
                    int restoreFiles, long restoreBytes, int restoreRuns, int realReplayRuns, int rebuildFiles, long rebuildBytes,
                    int rebuildEdits, int foreignRecords, int libraryTraces, int libraryEvents) {

    public static Sizes full() {
        return new Sizes(false, 1_000_000, 3, 2000, 5, 40, 10_000, 100L << 20, 3, 3, 10_000, 100L << 20, 1000, 1_000_000, 1000, 10_000);
    }

    /** The same sizes with another trace length, also for the foreign-format files (for comparing builds on a mid-size trace). */
    public Sizes withEvents(int count) {
        return new Sizes(isQuick, count, openRuns, stepSamples, coldStarts, execs, restoreFiles, restoreBytes, restoreRuns,
                realReplayRuns, rebuildFiles, rebuildBytes, rebuildEdits, count, libraryTraces, libraryEvents);
    }

    /** The same sizes with another library for {@code library.*}: {@code traces} stored traces of {@code events} events. */
    public Sizes withLibrary(int traces, int events) {
        return new Sizes(isQuick, this.events, openRuns, stepSamples, coldStarts, execs, restoreFiles, restoreBytes, restoreRuns,
                realReplayRuns, rebuildFiles, rebuildBytes, rebuildEdits, foreignRecords, traces, events);
    }

    public static Sizes quick() {
        return new Sizes(true, 20_000, 2, 200, 2, 10, 500, 5L << 20, 1, 1, 500, 5L << 20, 50, 20_000, 20, 2_000);
    }
}
