package dev.forkline.trace.store;

import java.util.List;

/**
 * The traces whose events hold a text ({@link TraceStore#searchLibrary}).
 *
 * @param mode          how the text was looked for
 * @param hits          the traces found, by trace id
 * @param indexedTraces how many traces were answered from the search index
 * @param scannedTraces how many traces had their events read because the index did not hold them as they are now (or,
 *                      in {@link Mode#TEXT}, every trace)
 */
public record LibrarySearchResult(Mode mode, List<Hit> hits, int indexedTraces, int scannedTraces) {

    public LibrarySearchResult {
        hits = List.copyOf(hits);
    }

    public enum Mode {
        /**
         * Events holding every word of the text, each as a word or the start of one ({@code lock} finds
         * {@code lock} and {@code lockfile}, not {@code unlock}); answered from the index.
         */
        WORDS,
        /**
         * The text anywhere in an event's search text, as a trace's own event search finds it: for a text without a
         * word the index keeps (only punctuation, a long hash or id). Reads every trace.
         */
        TEXT;

        /** How {@link TraceStore#searchLibrary} looks for {@code text}. */
        public static Mode of(String text) {
            List<String> words = SearchTerms.words(text);
            return !words.isEmpty() && words.stream().allMatch(SearchTerms::isKept) ? WORDS : TEXT;
        }
    }

    /**
     * One trace found.
     *
     * @param events how many of its events hold the text: exactly that many when {@code exact}, else at most that
     *               many (the index keeps per trace how many events hold each term, not which: for several words, or
     *               a word starting several terms of the trace, it can only bound the count)
     */
    public record Hit(String traceId, long events, boolean exact) {
    }
}
