package dev.forkline.replay.sandbox;

/**
 * How a finished call's exit says whether its sandbox may have stopped under it. A call whose container died ends
 * like a process killed by SIGKILL (137), or with no exit code at all; a failed exec reports 126 to 255. Only those
 * endings, and calls that ran past their timeout (ended by killing processes, or the container), cost an inspection
 * of the container: an ordinary exit (0, 1, 2 ...) proves the call's process ended by itself inside a running sandbox.
 */
public final class CallEnding {

    private static final int SIGNAL_OR_EXEC_FAILURE = 126;
    private static final int KILLED = 137;

    private CallEnding() {
    }

    /** True when the container's state must be read before the result can be trusted. */
    public static boolean mayMeanTheSandboxStopped(Integer exitCode, boolean timedOut) {
        return timedOut || exitCode == null || exitCode >= SIGNAL_OR_EXEC_FAILURE || exitCode < 0;
    }

    /** True when the call looks killed by something other than its own timeout: the container may be on its way down. */
    public static boolean looksKilled(Integer exitCode, boolean timedOut) {
        return exitCode == null || (exitCode == KILLED && !timedOut);
    }
}
