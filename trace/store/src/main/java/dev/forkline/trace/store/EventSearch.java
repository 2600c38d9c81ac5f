package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * Finds a stored trace's events by type, actor, "errors only" and text. Type, actor and errors are answered from the
 * chunk headers. Text is looked for in the lines of the events that pass those filters, chunk by chunk (leaving out
 * the chunks the search index's trigram filters rule out, whose headers are not read either)
 * ({@link StoredEventScan}: the lines are read on the caller's thread and scanned on the common pool), first with {@link JsonTextMatcher} (no parsing),
 * then each line it accepts but cannot vouch for is parsed and its {@link SearchText} checked, so the result is exactly
 * what the search text finds.
 */
final class EventSearch {

    /** What to look for; null or blank means "any". */
    record Query(String text, String type, String actor, boolean errorsOnly) {
    }

    private final Connection connection;
    private final String traceId;
    private final Query query;
    private final BooleanSupplier stopped;

    /** @param stopped asked before each chunk of lines is read: true ends the search with a {@link StoreException} */
    EventSearch(Connection connection, String traceId, Query query, BooleanSupplier stopped) {
        this.connection = connection;
        this.traceId = traceId;
        this.query = query;
        this.stopped = stopped;
    }

    /** Ids of the matching events, in load order (runs as they first appeared, by seq). */
    List<String> run() throws SQLException, StoreException {
        return found((columns, i) -> columns.id(i));
    }

    /** The matching events' rows, in load order. */
    List<EventSearchMatch> matches() throws SQLException, StoreException {
        return found((columns, i) -> new EventSearchMatch(columns.id(i), columns.run(i), columns.seq(i), columns.ts(i),
                columns.type(i), columns.actor(i)));
    }

    /** What is kept of a matching event. */
    @FunctionalInterface
    private interface Row<T> {
        T of(EventColumns columns, int i);
    }

    private <T> List<T> found(Row<T> row) throws SQLException, StoreException {
        var stored = TraceRows.stored(connection, traceId);
        if (stored.isEmpty()) {
            return List.of();
        }
        List<String> runIds = RunRows.runIds(connection, traceId);
        long events = stored.get().eventCount();
        ChunkChoice choice = chunkChoice();
        StoredTrace trace = choice == null ? null : StoredTrace.read(connection, traceId, runIds, choice, choice.eventsLetThrough(), false);
        if (trace != null && choice.allFiltered) {
            return found(trace, choice.filters.toolNames(trace.columns(), trace.chunks()), row);
        }
        trace = StoredTrace.read(connection, traceId, runIds, events, false);
        return found(trace, SearchToolNames.of(trace.columns()), row);
    }

    private <T> List<T> found(StoredTrace trace, String[] toolNames, Row<T> row) throws SQLException, StoreException {
        EventColumns columns = trace.columns();
        BitSet matching = byColumns(columns);
        if (query.text() != null && !query.text().isBlank()) {
            matching = byText(trace, toolNames, matching, query.text().strip());
        }
        List<T> found = new ArrayList<>(matching.cardinality());
        for (int i = matching.nextSetBit(0); i >= 0; i = matching.nextSetBit(i + 1)) {
            found.add(row.of(columns, i));
        }
        return found;
    }

    private BitSet byColumns(EventColumns columns) {
        String type = blankToNull(query.type());
        String actor = blankToNull(query.actor());
        BitSet matching = new BitSet(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            if ((type == null || type.equals(columns.type(i))) && (actor == null || actor.equals(columns.actor(i)))
                    && (!query.errorsOnly() || columns.has(i, EventFacts.ERROR))) {
                matching.set(i);
            }
        }
        return matching;
    }

    private BitSet byText(StoredTrace trace, String[] toolNames, BitSet candidates, String text) throws SQLException, StoreException {
        StoredEventScan scan = new StoredEventScan(connection, traceId, trace.chunks(), stopped);
        ChunkDirectory chunks = trace.chunks();
        String lowerText = text.toLowerCase(Locale.ROOT);
        ThreadLocal<JsonTextMatcher> matchers = ThreadLocal.withInitial(() -> new JsonTextMatcher(text));
        BitSet matching = new BitSet(trace.size());
        scan.run(candidates, (chunk, lines) -> {
            JsonTextMatcher matcher = matchers.get();
            BitSet found = new BitSet();
            int end = chunk.firstIndex() + chunk.eventCount();
            for (int i = candidates.nextSetBit(chunk.firstIndex()); i >= 0 && i < end; i = candidates.nextSetBit(i + 1)) {
                int start = chunks.lineStart(i);
                int stop = chunks.lineEnd(i);
                if (matcher.mayMatch(lines, start, stop, toolNames[i])
                        && (matcher.surelyMatches() || scan.searchText(lines, start, stop, toolNames[i]).contains(lowerText))) {
                    found.set(i);
                }
            }
            return found;
        }, matching::or);
        return matching;
    }

    /**
     * Which chunks to read when the query has a text and the search index holds the trace as it is now: those whose
     * trigram filter ({@link ChunkTrigrams}) does not rule the text out; null when the filters cannot narrow the search.
     * The others' headers are not read either: for a text that few chunks hold, reading every header was most of the
     * search.
     */
    private ChunkChoice chunkChoice() throws SQLException {
        String text = blankToNull(query.text());
        if (text == null) {
            return null;
        }
        TrigramFilter.Query trigrams = new TrigramFilter.Query(text.strip().toLowerCase(Locale.ROOT));
        if (!trigrams.narrows()) {
            return null;
        }
        return SearchIndexRows.chunkTrigrams(connection, traceId).map(filters -> new ChunkChoice(filters, trigrams)).orElse(null);
    }

    /**
     * The chunks the filters do not rule out, and whether every chunk row had a filter. A row without one (the trace
     * is stored in other chunks than the index knows) is read, but then the whole trace must be: the tool names its
     * events take from earlier chunks, which the filters give for the chunks they let through
     * ({@link ChunkTrigrams#toolNames}), are not known for it.
     */
    private static final class ChunkChoice implements ChunkTable.RunReader.RowFilter {
        private final ChunkTrigrams filters;
        private final TrigramFilter.Query query;
        private boolean allFiltered = true;

        ChunkChoice(ChunkTrigrams filters, TrigramFilter.Query query) {
            this.filters = filters;
            this.query = query;
        }

        /** How many events the chunks with a filter that does not rule the text out hold: what reading them makes room for. */
        long eventsLetThrough() {
            long events = 0;
            for (ChunkTrigrams.Chunk chunk : filters.chunks()) {
                if (chunk.filter().mayHold(query)) {
                    events += chunk.eventCount();
                }
            }
            return events;
        }

        @Override
        public boolean wanted(String runId, long firstSeq, int eventCount) {
            ChunkTrigrams.Chunk chunk = filters.of(runId, firstSeq, eventCount);
            if (chunk == null) {
                allFiltered = false;
                return true;
            }
            return chunk.filter().mayHold(query);
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
