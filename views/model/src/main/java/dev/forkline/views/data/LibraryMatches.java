package dev.forkline.views.data;

import java.util.List;
import java.util.Map;

/**
 * What a library search found: the traces, and for those found by their events' text how many events hold it.
 *
 * @param eventHits     by trace id, for traces whose events hold the query's text (a trace matched by its title alone
 *                      has none)
 * @param scannedTraces how many traces had their events read because the library's search index did not hold them yet
 */
public record LibraryMatches(List<TraceSummary> traces, Map<String, EventHits> eventHits, int scannedTraces) {

    public LibraryMatches {
        traces = List.copyOf(traces);
        eventHits = Map.copyOf(eventHits);
    }

    /** Found by title, id and the other fields only. */
    public static LibraryMatches byFields(List<TraceSummary> traces) {
        return new LibraryMatches(traces, Map.of(), 0);
    }

    /**
     * How many of a trace's events hold the searched text.
     *
     * @param exact false when {@code events} is only an upper bound (the index knows per trace how many events hold
     *              each word, not which: several words, or a word starting several of the trace's words)
     */
    public record EventHits(long events, boolean exact) {

        /** E.g. {@code 12 matching events}, {@code ≤ 785 matching events}. */
        public String label() {
            return (exact ? "" : "≤ ") + events + (events == 1 ? " matching event" : " matching events");
        }
    }
}
