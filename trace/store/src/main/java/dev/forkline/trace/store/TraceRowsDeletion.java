package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Removes every row of one trace (its chunks, runs, blob references, findings, integrity problems and the trace row),
 * inside the writer's transaction. Blob packs are shared by all traces and stay. Used only to store a trace again in
 * the same transaction ({@link TraceStore#replaceTrace}).
 */
final class TraceRowsDeletion {

    /** Children first: runs and blob references name the trace row. */
    private static final String[] TABLES = {"event_chunks", "runs", "trace_blob_refs", "findings", "integrity_problems", "traces"};

    private TraceRowsDeletion() {
    }

    /** @return whether the trace was stored */
    static boolean delete(Connection connection, String traceId) throws SQLException {
        int traces = 0;
        for (String table : TABLES) {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE trace_id = ?")) {
                delete.setString(1, traceId);
                int rows = delete.executeUpdate();
                if (table.equals("traces")) {
                    traces = rows;
                }
            }
        }
        return traces > 0;
    }
}
