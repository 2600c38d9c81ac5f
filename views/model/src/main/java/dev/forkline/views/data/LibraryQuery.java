package dev.forkline.views.data;

import dev.forkline.trace.integrity.IntegrityStatus;
import java.time.LocalDate;
import java.util.Locale;

/**
 * What the library search asks for; null or blank parts match everything.
 *
 * @param text    matched against title and trace id, case-insensitively (and, by a library that can, against the
 *                events' text: {@link TraceLibrary#find})
 * @param from    created on or after this day (UTC)
 * @param to      created on or before this day (UTC)
 * @param format  the source format, e.g. {@code forkline}, {@code claude-code}
 * @param outcome the root run's outcome: success, failure, aborted, unknown
 * @param integrity the trace's integrity verdict, or null for any
 */
public record LibraryQuery(String text, LocalDate from, LocalDate to, String format, String outcome, IntegrityStatus integrity) {

    public static final LibraryQuery ALL = new LibraryQuery(null, null, null, null, null, null);

    public LibraryQuery(String text, LocalDate from, LocalDate to, String format, String outcome) {
        this(text, from, to, format, outcome, null);
    }

    /** This query with another text. */
    public LibraryQuery withText(String otherText) {
        return new LibraryQuery(otherText, from, to, format, outcome, integrity);
    }

    /** Whether this query leaves out any trace: a text, a date or a format, outcome or verdict to match. */
    public boolean narrows() {
        return text != null && !text.isBlank() || from != null || to != null || format != null && !format.isBlank()
                || outcome != null && !outcome.isBlank() || integrity != null;
    }

    public boolean matches(TraceSummary trace) {
        if (text != null && !text.isBlank()) {
            String needle = text.toLowerCase(Locale.ROOT);
            if (!trace.title().toLowerCase(Locale.ROOT).contains(needle) && !trace.traceId().toLowerCase(Locale.ROOT).contains(needle)) {
                return false;
            }
        }
        LocalDate day = trace.created().atZone(java.time.ZoneOffset.UTC).toLocalDate();
        if (from != null && day.isBefore(from)) {
            return false;
        }
        if (to != null && day.isAfter(to)) {
            return false;
        }
        if (format != null && !format.isBlank() && !format.equals(trace.sourceFormat())) {
            return false;
        }
        if (integrity != null && integrity != trace.integrity().status()) {
            return false;
        }
        return outcome == null || outcome.isBlank() || outcome.equals(trace.outcome());
    }
}
