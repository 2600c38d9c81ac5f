package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads the record of deleted traces ({@code trace_deletions}). */
final class DeletionRows {

    private DeletionRows() {
    }

    static List<TraceDeletion> list(Connection connection) throws SQLException {
        List<TraceDeletion> deletions = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, deleted_at, deleted_by, reason, last_hash,"
                + " event_count, content_digest FROM trace_deletions ORDER BY deleted_at, trace_id");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                deletions.add(new TraceDeletion(rows.getString(1), TraceRows.instant(rows, 2), rows.getString(3), rows.getString(4),
                        rows.getString(5), rows.getLong(6), rows.getString(7), -1));
            }
        }
        return deletions;
    }
}
