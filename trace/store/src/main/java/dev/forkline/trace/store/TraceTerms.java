package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A stored trace's search terms ({@link SearchTerms} of each event's {@link SearchText}), read from its lines: what the
 * library's search index keeps of it, and the same words counted on the spot for a trace the index does not hold yet.
 */
final class TraceTerms {

    /**
     * The trace's terms as of one state of its events.
     *
     * @param eventCount    the trace's event count when they were read
     * @param contentDigest its content digest then: with the count, what the index is kept against
     * @param events        per term, how many events hold it
     * @param trigrams      each chunk's trigrams, for the trace's own event search
     */
    record Counted(String traceId, long eventCount, String contentDigest, Map<String, Long> events, ChunkTrigrams trigrams) {
    }

    /** What one chunk's events hold. */
    private record ChunkCount(Map<String, EventCount> terms, ChunkTrigrams.Chunk trigrams) {
    }

    /** How many events hold a term, counting an event once however often it holds it (events come in order). */
    private static final class EventCount {
        private long events;
        private int lastEvent = -1;

        void count(int event) {
            if (event != lastEvent) {
                lastEvent = event;
                events++;
            }
        }
    }

    private TraceTerms() {
    }

    /** Reads and counts the trace's terms; empty when it is not stored. Run inside a snapshot. */
    static Optional<Counted> count(Connection connection, String traceId) throws SQLException, StoreException {
        return countFrom(connection, traceId, 0);
    }

    /**
     * Reads and counts the terms of the trace's events from {@code from} on, the first event of a stored chunk: those
     * of that chunk and the ones after it, with their trigram filters (the tool names their results take from earlier
     * chunks put in, as in a count of the whole trace). Empty when the trace is not stored.
     */
    static Optional<Counted> countFrom(Connection connection, String traceId, int from) throws SQLException, StoreException {
        Optional<TraceRows.Stored> stored = TraceRows.stored(connection, traceId);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        Searchable trace = Searchable.read(connection, traceId, stored.get(), true);
        StoredEventScan scan = new StoredEventScan(connection, traceId, trace.chunks());
        ChunkDirectory chunks = trace.chunks();
        String[] toolNames = trace.toolNames();
        Map<String, Long> counts = new HashMap<>();
        List<ChunkTrigrams.Chunk> trigrams = new ArrayList<>(chunks.chunkCount());
        ThreadLocal<TrigramFilter.Builder> filters = ThreadLocal.withInitial(TrigramFilter.Builder::new);
        BitSet wanted = new BitSet(trace.size());
        wanted.set(Math.min(from, trace.size()), trace.size());
        scan.run(wanted, (chunk, lines) -> {
            Map<String, EventCount> inChunk = new HashMap<>();
            TrigramFilter.Builder filter = filters.get();
            for (int i = chunk.firstIndex(); i < chunk.firstIndex() + chunk.eventCount(); i++) {
                String text = scan.searchText(lines, chunks.lineStart(i), chunks.lineEnd(i), toolNames[i]);
                int event = i;
                SearchTerms.forEachKept(text, term -> inChunk.computeIfAbsent(term, t -> new EventCount()).count(event));
                filter.add(text);
            }
            return new ChunkCount(inChunk, ChunkTrigrams.Chunk.of(chunk, filter.build(),
                    trace.borrowed().get(chunks.chunkOf(chunk.firstIndex()))));
        }, inChunk -> {
            inChunk.terms().forEach((term, n) -> counts.merge(term, n.events, Long::sum));
            trigrams.add(inChunk.trigrams());
        });
        return Optional.of(new Counted(traceId, stored.get().eventCount(), stored.get().contentDigest(), counts,
                new ChunkTrigrams(trigrams)));
    }

    /**
     * How many of the trace's events hold every one of {@code words} as a term or the start of one (0 when it is not
     * stored): the index's answer, for a trace it does not hold. Only lines a {@link JsonTextMatcher} lets through are
     * parsed. Run inside a snapshot.
     */
    static long countHolding(Connection connection, String traceId, List<String> words) throws SQLException, StoreException {
        Optional<TraceRows.Stored> stored = TraceRows.stored(connection, traceId);
        if (stored.isEmpty()) {
            return 0;
        }
        Searchable trace = Searchable.read(connection, traceId, stored.get(), false);
        StoredEventScan scan = new StoredEventScan(connection, traceId, trace.chunks());
        ChunkDirectory chunks = trace.chunks();
        String[] toolNames = trace.toolNames();
        // every word is inside the search text, so the matcher of all of them passes every event that holds them
        String joined = String.join(" ", words);
        ThreadLocal<JsonTextMatcher> matchers = ThreadLocal.withInitial(() -> new JsonTextMatcher(joined));
        long[] holding = new long[1];
        scan.run(all(trace), (chunk, lines) -> {
            JsonTextMatcher matcher = matchers.get();
            long found = 0;
            for (int i = chunk.firstIndex(); i < chunk.firstIndex() + chunk.eventCount(); i++) {
                int start = chunks.lineStart(i);
                int end = chunks.lineEnd(i);
                if (matcher.mayMatch(lines, start, end, toolNames[i])) {
                    Set<String> terms = SearchTerms.of(scan.searchText(lines, start, end, toolNames[i]));
                    if (SearchTerms.holdsAll(terms, words)) {
                        found++;
                    }
                }
            }
            return found;
        }, found -> holding[0] += found);
        return holding[0];
    }

    /**
     * What reading every event's search text needs of a stored trace: where each line is and each event's tool name,
     * read chunk by chunk without holding the trace's columns (a third of a large trace's size in the window's heap,
     * for as long as the index pass after an import ran).
     */
    private record Searchable(ChunkDirectory chunks, String[] toolNames, List<BorrowedToolNames> borrowed) {

        /** @param withBorrowed whether to find, per chunk, the tool names it borrows from earlier chunks (else none kept) */
        static Searchable read(Connection connection, String traceId, TraceRows.Stored stored, boolean withBorrowed)
                throws SQLException, StoreException {
            int expected = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(0, stored.eventCount()));
            ChunkDirectory.Builder chunks = new ChunkDirectory.Builder(expected);
            SearchToolNames.Builder toolNames = new SearchToolNames.Builder(expected);
            List<BorrowedToolNames> borrowed = new ArrayList<>();
            ChunkHeaderReader.read(connection, traceId, RunRows.runIds(connection, traceId), true, chunk -> {
                chunks.add(chunk);
                toolNames.add(chunk.columns());
                if (withBorrowed) {
                    // a chunk's names in the whole trace are final once it is added: later results look only back
                    borrowed.add(BorrowedToolNames.of(toolNames.namesSoFar(), chunk.firstIndex(), SearchToolNames.of(chunk.columns())));
                }
            });
            return new Searchable(chunks.build(), toolNames.build(), borrowed);
        }

        int size() {
            return toolNames.length;
        }
    }

    private static BitSet all(Searchable trace) {
        BitSet all = new BitSet(trace.size());
        all.set(0, trace.size());
        return all;
    }
}
