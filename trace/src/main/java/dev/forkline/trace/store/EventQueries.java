package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.TraceFormatException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;

/** Reads events back: whole runs in seq order, and searches. */
final class EventQueries {

    private EventQueries() {
    }

    /** The trace's run ids, in the order they first appeared. */
    static List<String> runIds(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT run_id FROM runs WHERE trace_id = ? ORDER BY ordinal")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                List<String> runs = new ArrayList<>();
                while (rows.next()) {
                    runs.add(rows.getString(1));
                }
                return runs;
            }
        }
    }

    /** The trace's runs, in the order they first appeared. */
    static List<RunSummary> runs(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT run_id, parent_run, fork_checkpoint, fork_event,"
                + " reason, event_count, outcome FROM runs WHERE trace_id = ? ORDER BY ordinal")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                List<RunSummary> runs = new ArrayList<>();
                while (rows.next()) {
                    runs.add(new RunSummary(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                            rows.getString(5), rows.getLong(6), rows.getString(7)));
                }
                return runs;
            }
        }
    }

    /** Rows read before their JSON is handed to another thread to parse. */
    static final int PARSE_CHUNK = 4096;

    /**
     * Adds the run's events in seq order to {@code into}. Parsing the JSON costs more than reading the rows, so rows
     * are read here in chunks while earlier chunks are parsed in parallel (common fork-join pool); events are added
     * in order, and a damaged row is reported as the first damaged one in seq order.
     */
    static void run(Connection connection, String traceId, String runId, List<Event> into) throws SQLException, StoreException {
        String file = "store:" + traceId + "/" + runId;
        int window = Math.max(2, 2 * ForkJoinPool.getCommonPoolParallelism());
        ArrayDeque<CompletableFuture<Event[]>> parsing = new ArrayDeque<>();
        // Ordered by the primary key's full column list (the first two are fixed by the WHERE): H2 then reads rows in
        // index order; ordered by seq alone it sorts the whole run in a temporary store first.
        try (PreparedStatement query = connection.prepareStatement("SELECT json, seq FROM events WHERE trace_id = ? AND run_id = ?"
                + " ORDER BY trace_id, run_id, seq")) {
            query.setString(1, traceId);
            query.setString(2, runId);
            query.setFetchSize(1000);
            try (ResultSet rows = query.executeQuery()) {
                String[] lines = new String[PARSE_CHUNK];
                long[] seqs = new long[PARSE_CHUNK];
                int filled = 0;
                while (rows.next()) {
                    lines[filled] = rows.getString(1);
                    seqs[filled] = rows.getLong(2);
                    if (++filled == PARSE_CHUNK) {
                        parsing.add(parseLater(lines, seqs, filled, file));
                        lines = new String[PARSE_CHUNK];
                        seqs = new long[PARSE_CHUNK];
                        filled = 0;
                        while (parsing.size() > window) {
                            addParsed(parsing.poll(), traceId, into);
                        }
                    }
                }
                if (filled > 0) {
                    parsing.add(parseLater(lines, seqs, filled, file));
                }
            }
            while (!parsing.isEmpty()) {
                addParsed(parsing.poll(), traceId, into);
            }
        } finally {
            parsing.forEach(pending -> pending.cancel(false));
        }
    }

    private static CompletableFuture<Event[]> parseLater(String[] lines, long[] seqs, int count, String file) {
        return CompletableFuture.supplyAsync(() -> {
            Event[] events = new Event[count];
            for (int i = 0; i < count; i++) {
                try {
                    events[i] = EventCodec.parseLine(lines[i], file, seqs[i]);
                } catch (TraceFormatException e) {
                    throw new CompletionException(e);
                }
            }
            return events;
        });
    }

    private static void addParsed(CompletableFuture<Event[]> chunk, String traceId, List<Event> into) throws StoreException {
        try {
            Collections.addAll(into, chunk.join());
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof TraceFormatException damaged) {
                throw new StoreException("the stored trace '" + traceId + "' is damaged: " + damaged.getMessage(), damaged);
            }
            throw e;
        }
    }

    /**
     * Ids of the trace's events matching every given filter (null or blank means "any"), in (run, seq) order.
     *
     * @param text matched case-insensitively anywhere in the event's search text (tool name, arguments, outputs, messages)
     */
    static List<String> search(Connection connection, String traceId, String text, String type, String actor,
                               boolean errorsOnly) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT e.event_id FROM events e JOIN runs r ON r.trace_id = e.trace_id"
                + " AND r.run_id = e.run_id WHERE e.trace_id = ?");
        List<String> parameters = new ArrayList<>();
        parameters.add(traceId);
        if (text != null && !text.isBlank()) {
            sql.append(" AND e.search_text LIKE ? ESCAPE '\\'");
            parameters.add(SearchText.containsPattern(text.strip()));
        }
        if (type != null && !type.isBlank()) {
            sql.append(" AND e.type = ?");
            parameters.add(type);
        }
        if (actor != null && !actor.isBlank()) {
            sql.append(" AND e.actor = ?");
            parameters.add(actor);
        }
        if (errorsOnly) {
            sql.append(" AND e.is_error = TRUE");
        }
        sql.append(" ORDER BY r.ordinal, e.seq");
        try (PreparedStatement query = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < parameters.size(); i++) {
                query.setString(i + 1, parameters.get(i));
            }
            try (ResultSet rows = query.executeQuery()) {
                List<String> ids = new ArrayList<>();
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
                return ids;
            }
        }
    }
}
