package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the {@code runs} table (written by {@link RunTally}). */
final class RunRows {

    private RunRows() {
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
                + " reason, event_count, outcome, imported FROM runs WHERE trace_id = ? ORDER BY ordinal")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                List<RunSummary> runs = new ArrayList<>();
                while (rows.next()) {
                    runs.add(new RunSummary(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                            rows.getString(5), rows.getLong(6), rows.getString(7), rows.getObject(8, Boolean.class)));
                }
                return runs;
            }
        }
    }

    /** One run's event count, or empty when the trace has no such run. */
    static Optional<Long> eventCount(Connection connection, String traceId, String runId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT event_count FROM runs WHERE trace_id = ? AND run_id = ?")) {
            query.setString(1, traceId);
            query.setString(2, runId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(rows.getLong(1)) : Optional.empty();
            }
        }
    }
}
