package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which stored traces hold a text, with how many events ({@link LibrarySearchResult}). A text made of words the index
 * keeps ({@link SearchTerms}) is answered from the index for the traces it holds as they are now, and by counting the
 * same words in the events of every other trace (not indexed yet, grown or replaced since), so the answer is complete
 * whatever the index holds; any other text is looked for by each trace's event search. Runs inside one snapshot.
 */
final class LibrarySearch {

    private final Connection connection;

    LibrarySearch(Connection connection) {
        this.connection = connection;
    }

    LibrarySearchResult run(String text) throws SQLException, StoreException {
        if (LibrarySearchResult.Mode.of(text) == LibrarySearchResult.Mode.TEXT) {
            return byText(text.strip());
        }
        List<String> words = List.copyOf(new LinkedHashSet<>(SearchTerms.words(text)));
        List<String> unindexed = SearchIndexRows.unindexed(connection);
        int indexed = SearchIndexRows.indexedCount(connection);
        List<LibrarySearchResult.Hit> hits = new ArrayList<>(fromIndex(words));
        for (String traceId : unindexed) {
            long events = TraceTerms.countHolding(connection, traceId, words);
            if (events > 0) {
                hits.add(new LibrarySearchResult.Hit(traceId, events, true));
            }
        }
        hits.sort(Comparator.comparing(LibrarySearchResult.Hit::traceId));
        return new LibrarySearchResult(LibrarySearchResult.Mode.WORDS, hits, indexed, unindexed.size());
    }

    /** The indexed traces holding every word: at most as many events as the rarest word's terms are held by. */
    private List<LibrarySearchResult.Hit> fromIndex(List<String> words) throws SQLException {
        Map<String, Long> bound = new HashMap<>();
        Set<String> exact = new HashSet<>();
        for (int w = 0; w < words.size(); w++) {
            Map<String, SearchIndexRows.WordHits> hits = SearchIndexRows.hits(connection, words.get(w));
            if (w == 0) {
                hits.forEach((traceId, hit) -> {
                    bound.put(traceId, hit.events());
                    if (words.size() == 1 && hit.terms() == 1) {
                        exact.add(traceId);
                    }
                });
            } else {
                bound.keySet().retainAll(hits.keySet());
                bound.replaceAll((traceId, events) -> Math.min(events, hits.get(traceId).events()));
            }
        }
        List<LibrarySearchResult.Hit> found = new ArrayList<>();
        bound.forEach((traceId, events) -> found.add(new LibrarySearchResult.Hit(traceId, events, exact.contains(traceId))));
        return found;
    }

    private LibrarySearchResult byText(String text) throws SQLException, StoreException {
        List<LibrarySearchResult.Hit> hits = new ArrayList<>();
        List<TraceSummary> traces = TraceRows.list(connection);
        for (TraceSummary trace : traces) {
            int events = new EventSearch(connection, trace.traceId(), new EventSearch.Query(text, null, null, false), () -> false).run()
                    .size();
            if (events > 0) {
                hits.add(new LibrarySearchResult.Hit(trace.traceId(), events, true));
            }
        }
        hits.sort(Comparator.comparing(LibrarySearchResult.Hit::traceId));
        return new LibrarySearchResult(LibrarySearchResult.Mode.TEXT, hits, 0, traces.size());
    }
}
