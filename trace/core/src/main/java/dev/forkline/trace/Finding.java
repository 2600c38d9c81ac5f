package dev.forkline.trace;

/**
 * What a check found about a trace: a lint result, or something an importer's source format could not tell.
 *
 * @param eventId the event it is about, or null for the trace as a whole
 * @param line    the 1-based line in the source file, or 0 when not tied to a line
 */
public record Finding(Severity severity, String code, String message, String eventId, long line) {

    public enum Severity { ERROR, WARNING, INFO }

    public static Finding error(String code, String message, String eventId, long line) {
        return new Finding(Severity.ERROR, code, message, eventId, line);
    }

    public static Finding warning(String code, String message, String eventId, long line) {
        return new Finding(Severity.WARNING, code, message, eventId, line);
    }

    public static Finding info(String code, String message, String eventId, long line) {
        return new Finding(Severity.INFO, code, message, eventId, line);
    }
}
