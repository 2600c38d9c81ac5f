package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.TraceFormatException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

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

    /** Adds the run's events in seq order to {@code into}. */
    static void run(Connection connection, String traceId, String runId, List<Event> into) throws SQLException, StoreException {
        try (PreparedStatement query = connection.prepareStatement("SELECT json, seq FROM events WHERE trace_id = ? AND run_id = ? ORDER BY seq")) {
            query.setString(1, traceId);
            query.setString(2, runId);
            query.setFetchSize(1000);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    String json = rows.getString(1);
                    try {
                        into.add(EventCodec.parseLine(json, "store:" + traceId + "/" + runId, rows.getLong(2)));
                    } catch (TraceFormatException e) {
                        throw new StoreException("the stored trace '" + traceId + "' is damaged: " + e.getMessage(), e);
                    }
                }
            }
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
