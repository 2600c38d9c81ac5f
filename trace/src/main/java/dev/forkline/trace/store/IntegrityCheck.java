package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that the stored rows agree with each other: counts, runs, digests, and that every blob a trace refers to is
 * present with its recorded size. Meant for crash-consistency tests and a "check store" command.
 */
final class IntegrityCheck {

    /** Each query returns one row per problem, its columns joined into the problem's description. */
    private static final List<String[]> CHECKS = List.of(
            new String[] {"trace event count differs from its events",
                    "SELECT t.trace_id, t.event_count, (SELECT COUNT(*) FROM events e WHERE e.trace_id = t.trace_id) FROM traces t"
                            + " WHERE t.event_count <> (SELECT COUNT(*) FROM events e WHERE e.trace_id = t.trace_id)"},
            new String[] {"trace run count differs from its runs",
                    "SELECT t.trace_id, t.run_count, (SELECT COUNT(*) FROM runs r WHERE r.trace_id = t.trace_id) FROM traces t"
                            + " WHERE t.run_count <> (SELECT COUNT(*) FROM runs r WHERE r.trace_id = t.trace_id)"},
            new String[] {"run event count differs from its events",
                    "SELECT r.trace_id, r.run_id, r.event_count FROM runs r WHERE r.event_count <>"
                            + " (SELECT COUNT(*) FROM events e WHERE e.trace_id = r.trace_id AND e.run_id = r.run_id)"},
            new String[] {"event belongs to no stored run",
                    "SELECT e.trace_id, e.event_id FROM events e WHERE NOT EXISTS"
                            + " (SELECT 1 FROM runs r WHERE r.trace_id = e.trace_id AND r.run_id = e.run_id)"},
            new String[] {"event belongs to no stored trace",
                    "SELECT e.trace_id, e.event_id FROM events e WHERE NOT EXISTS (SELECT 1 FROM traces t WHERE t.trace_id = e.trace_id)"},
            new String[] {"referenced blob is missing",
                    "SELECT l.trace_id, l.hash FROM trace_blobs l WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.hash = l.hash)"},
            new String[] {"blob size differs from its content",
                    "SELECT b.hash, b.size, OCTET_LENGTH(b.content) FROM blobs b WHERE b.size <> OCTET_LENGTH(b.content)"});

    private IntegrityCheck() {
    }

    static IntegrityReport run(Connection connection) throws SQLException {
        List<String> problems = new ArrayList<>();
        for (String[] check : CHECKS) {
            try (PreparedStatement query = connection.prepareStatement(check[1]);
                 ResultSet rows = query.executeQuery()) {
                int columns = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    StringBuilder problem = new StringBuilder(check[0]).append(':');
                    for (int i = 1; i <= columns; i++) {
                        problem.append(' ').append(rows.getString(i));
                    }
                    problems.add(problem.toString());
                }
            }
        }
        checkDigests(connection, problems);
        return new IntegrityReport(count(connection, "traces"), count(connection, "events"), count(connection, "blobs"), problems);
    }

    private static void checkDigests(Connection connection, List<String> problems) throws SQLException {
        List<String[]> traces = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, content_digest FROM traces");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                traces.add(new String[] {rows.getString(1), rows.getString(2)});
            }
        }
        try (PreparedStatement hashes = connection.prepareStatement("SELECT event_hash FROM events WHERE trace_id = ?")) {
            for (String[] trace : traces) {
                ContentDigest digest = new ContentDigest();
                hashes.setString(1, trace[0]);
                try (ResultSet rows = hashes.executeQuery()) {
                    while (rows.next()) {
                        digest.add(rows.getString(1));
                    }
                }
                if (!digest.toString().equals(trace[1])) {
                    problems.add("trace content digest differs from its events: " + trace[0]);
                }
            }
        }
    }

    private static long count(Connection connection, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM " + table);
             ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
