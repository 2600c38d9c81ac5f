package dev.forkline.trace.store;

import dev.forkline.trace.Finding;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The {@code findings} table: what the importer and linter said about a trace, in their order. */
final class FindingRows {

    static final int MESSAGE_LENGTH = 8000;

    private FindingRows() {
    }

    /** Replaces the trace's findings with {@code findings}. */
    static void replace(Connection connection, String traceId, List<Finding> findings) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM findings WHERE trace_id = ?")) {
            delete.setString(1, traceId);
            delete.executeUpdate();
        }
        if (findings.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO findings (trace_id, ordinal, severity, code,"
                + " message, event_id, line) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            int ordinal = 0;
            for (Finding finding : findings) {
                insert.setString(1, traceId);
                insert.setInt(2, ordinal++);
                insert.setString(3, finding.severity().name());
                insert.setString(4, finding.code());
                insert.setString(5, TraceRows.cut(finding.message(), MESSAGE_LENGTH));
                insert.setString(6, finding.eventId());
                insert.setLong(7, finding.line());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** Per trace that has any, how many of its findings have one of {@code codes}. */
    static Map<String, Integer> countByTrace(Connection connection, Set<String> codes) throws SQLException {
        Map<String, Integer> counts = new HashMap<>();
        if (codes.isEmpty()) {
            return counts;
        }
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, COUNT(*) FROM findings WHERE code IN ("
                + String.join(", ", Collections.nCopies(codes.size(), "?")) + ") GROUP BY trace_id")) {
            int parameter = 1;
            for (String code : codes) {
                query.setString(parameter++, code);
            }
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    counts.put(rows.getString(1), rows.getInt(2));
                }
            }
        }
        return counts;
    }

    static List<Finding> read(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT severity, code, message, event_id, line FROM findings"
                + " WHERE trace_id = ? ORDER BY ordinal")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                List<Finding> findings = new ArrayList<>();
                while (rows.next()) {
                    findings.add(new Finding(Finding.Severity.valueOf(rows.getString(1)), rows.getString(2), rows.getString(3),
                            rows.getString(4), rows.getLong(5)));
                }
                return findings;
            }
        }
    }
}
