package dev.forkline.app;

import dev.forkline.trace.ExitStatus;

/**
 * The one exit-code convention every Forkline command follows; each command returns one of these and
 * {@link ErrorReporting} maps what a command throws onto them. The numbers are {@link ExitStatus}'s, shared with the
 * replay engine. docs/architecture.md lists them.
 */
public final class ExitCodes {

    public static final int OK = ExitStatus.OK;
    /** A check found a problem (verify, gate, lint with errors). */
    public static final int CHECK_FAILED = ExitStatus.CHECK_FAILED;
    /** Bad input or usage; the message on stderr names the file and line. */
    public static final int BAD_INPUT = ExitStatus.BAD_INPUT;
    /** A replay diverged from the recording. */
    public static final int DIVERGED = ExitStatus.DIVERGED;
    /**
     * The environment failed the command: no Docker engine answers, the trace store is unusable, an I/O failure not
     * caused by a file the user named.
     */
    public static final int ENVIRONMENT = ExitStatus.ENVIRONMENT;
    /** An internal error (a bug); stderr names the log file that holds the details. */
    public static final int INTERNAL_ERROR = ExitStatus.INTERNAL_ERROR;

    private ExitCodes() {
    }
}
