package dev.forkline.app;

/** The one exit-code convention every Forkline command follows. */
public final class ExitCodes {

    public static final int OK = 0;
    /** A check found a problem (verify, gate, lint with errors). */
    public static final int CHECK_FAILED = 1;
    /** Bad input or usage; the message on stderr names the file and line. */
    public static final int BAD_INPUT = 2;
    /** A replay diverged from the recording. */
    public static final int DIVERGED = 3;
    /** Something the command needs from the environment is missing, e.g. no Docker engine answers. */
    public static final int ENVIRONMENT = 4;

    private ExitCodes() {
    }
}
