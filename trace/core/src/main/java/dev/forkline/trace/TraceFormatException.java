package dev.forkline.trace;

/**
 * Bad input: names the file and, where known, the line (1-based) or archive entry, so that a person can find it.
 * The CLI maps it to exit code 2 and prints {@link #getMessage()} without a stack trace.
 */
public class TraceFormatException extends Exception {

    private final String file;
    private final long line;
    private final String detail;

    public TraceFormatException(String file, long line, String detail) {
        this(file, line, detail, null);
    }

    public TraceFormatException(String file, long line, String detail, Throwable cause) {
        super(location(file, line) + ": " + detail, cause);
        this.file = file;
        this.line = line;
        this.detail = detail;
    }

    /** Where the problem is: {@code file:line}, or just the file when the line is unknown (0). */
    public static String location(String file, long line) {
        return line > 0 ? file + ":" + line : file;
    }

    public String file() {
        return file;
    }

    /** 1-based line, or 0 when the problem is not on one line (e.g. a missing file or a bad archive entry). */
    public long line() {
        return line;
    }

    public String detail() {
        return detail;
    }
}
