package dev.forkline.trace;

/**
 * The exit statuses every Forkline program shares, defined once: the {@code forkline} commands (through the app's
 * {@code ExitCodes}), a replay's result and the scenario recorder's child process. docs/architecture.md lists them.
 */
public final class ExitStatus {

    public static final int OK = 0;
    /** A check found a problem (verify, gate, lint with errors, a replay stopped before its end without diverging). */
    public static final int CHECK_FAILED = 1;
    /** Bad input or usage: a file, line or option the user gave; the message names it. */
    public static final int BAD_INPUT = 2;
    /** A replay diverged from the recording. */
    public static final int DIVERGED = 3;
    /**
     * The environment failed the command: no Docker engine or image, the trace store unusable, an I/O failure not
     * caused by a file the user named.
     */
    public static final int ENVIRONMENT = 4;
    /** An internal error, a bug: the details are in the log (sysexits' EX_SOFTWARE). */
    public static final int INTERNAL_ERROR = 70;

    private ExitStatus() {
    }
}
