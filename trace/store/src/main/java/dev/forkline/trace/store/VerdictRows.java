package dev.forkline.trace.store;

import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.verify.Problem;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A trace's integrity verdict, in the {@code integrity*} columns of {@code traces}, and the problems behind it in
 * {@code integrity_problems}: the first {@value #KEPT_PROBLEMS} in file order (the verdict counts them all).
 */
final class VerdictRows {

    /** Problems kept per trace: enough to mark and explain what a reviewer looks at, bounded for a trace altered throughout. */
    static final int KEPT_PROBLEMS = 1000;
    static final int DETAIL_LENGTH = 4000;
    static final int MESSAGE_LENGTH = 8000;

    /** The verdict columns, in the order {@link #verdict(ResultSet, int)} reads them. */
    static final String COLUMNS = "integrity, integrity_event, integrity_line, integrity_problems, integrity_code, integrity_detail";

    private VerdictRows() {
    }

    /** Replaces the trace's verdict and problems. */
    static void replace(Connection connection, String traceId, TraceIntegrity integrity) throws SQLException {
        IntegrityVerdict verdict = integrity.verdict();
        try (PreparedStatement update = connection.prepareStatement("UPDATE traces SET integrity = ?, integrity_event = ?,"
                + " integrity_line = ?, integrity_problems = ?, integrity_code = ?, integrity_detail = ? WHERE trace_id = ?")) {
            update.setString(1, verdict.status().wireName());
            update.setString(2, verdict.eventId());
            update.setLong(3, verdict.line());
            update.setInt(4, verdict.problems());
            update.setString(5, verdict.code());
            update.setString(6, verdict.detail() == null ? null : TraceRows.cut(verdict.detail(), DETAIL_LENGTH));
            update.setString(7, traceId);
            update.executeUpdate();
        }
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM integrity_problems WHERE trace_id = ?")) {
            delete.setString(1, traceId);
            delete.executeUpdate();
        }
        List<Problem> problems = integrity.problems();
        if (problems.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO integrity_problems (trace_id, ordinal, code,"
                + " event_id, line, message) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int ordinal = 0; ordinal < Math.min(problems.size(), KEPT_PROBLEMS); ordinal++) {
                Problem problem = problems.get(ordinal);
                insert.setString(1, traceId);
                insert.setInt(2, ordinal);
                insert.setString(3, problem.code());
                insert.setString(4, problem.eventId());
                insert.setLong(5, problem.line());
                insert.setString(6, TraceRows.cut(problem.message(), MESSAGE_LENGTH));
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** The verdict read from {@link #COLUMNS}, starting at column {@code first}. */
    static IntegrityVerdict verdict(ResultSet rows, int first) throws SQLException {
        IntegrityStatus status = IntegrityStatus.fromWire(rows.getString(first));
        if (!status.fails()) {
            return switch (status) {
                case INTACT -> IntegrityVerdict.intact();
                case NOT_SIGNED -> IntegrityVerdict.notSigned();
                default -> IntegrityVerdict.unverified();
            };
        }
        return new IntegrityVerdict(status, rows.getString(first + 1), rows.getLong(first + 2), rows.getInt(first + 3),
                rows.getString(first + 4), rows.getString(first + 5));
    }

    /** The stored verdict with its kept problems, or empty when the trace is not stored. */
    static Optional<TraceIntegrity> read(Connection connection, String traceId) throws SQLException {
        IntegrityVerdict verdict;
        try (PreparedStatement query = connection.prepareStatement("SELECT " + COLUMNS + " FROM traces WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                verdict = verdict(rows, 1);
            }
        }
        List<Problem> problems = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT code, event_id, line, message FROM integrity_problems"
                + " WHERE trace_id = ? ORDER BY ordinal")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    problems.add(new Problem(rows.getString(1), rows.getString(2), rows.getLong(3), rows.getString(4)));
                }
            }
        }
        return Optional.of(new TraceIntegrity(verdict, problems));
    }
}
