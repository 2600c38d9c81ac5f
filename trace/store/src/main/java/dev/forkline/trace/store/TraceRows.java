package dev.forkline.trace.store;

import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.integrity.IntegrityStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The {@code traces} table. */
final class TraceRows {

    static final int TITLE_LENGTH = 4000;
    static final int SOURCE_PATH_LENGTH = 4000;

    /** What an import or an append needs to know about a stored trace. */
    record Stored(long eventCount, String contentDigest) {
    }

    private static final String SUMMARY_COLUMNS = "trace_id, title, source_format, created, imported_at, event_count,"
            + " run_count, outcome, source_path, " + VerdictRows.COLUMNS;

    private TraceRows() {
    }

    static Optional<Stored> stored(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT event_count, content_digest FROM traces WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(new Stored(rows.getLong(1), rows.getString(2))) : Optional.empty();
            }
        }
    }

    /** Inserts the row with no events counted yet and no verdict; {@link #updateCounts} and {@link VerdictRows} complete it. */
    static void insert(Connection connection, Manifest manifest, String sourcePath, Instant importedAt) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO traces (trace_id, title, source_format, producer,"
                + " created, imported_at, source_path, event_count, run_count, outcome, content_digest, integrity, integrity_line,"
                + " integrity_problems, queue_events) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, 0, 0, 0)")) {
            insert.setString(1, manifest.traceId());
            insert.setString(2, cut(manifest.title() == null ? manifest.traceId() : manifest.title(), TITLE_LENGTH));
            insert.setString(3, manifest.sourceFormat());
            insert.setString(4, manifest.producer());
            insert.setObject(5, utc(manifest.created()));
            insert.setObject(6, utc(importedAt));
            insert.setString(7, sourcePath == null ? null : cut(sourcePath, SOURCE_PATH_LENGTH));
            insert.setString(8, RunTally.UNKNOWN_OUTCOME);
            insert.setString(9, new ContentDigest().toString());
            insert.setString(10, IntegrityStatus.UNVERIFIED.wireName());
            insert.executeUpdate();
        }
    }

    /** Records where the trace was last read from, as an import of it would ({@code null}: nowhere said). */
    static void updateSourcePath(Connection connection, String traceId, String sourcePath) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("UPDATE traces SET source_path = ? WHERE trace_id = ?")) {
            update.setString(1, sourcePath == null ? null : cut(sourcePath, SOURCE_PATH_LENGTH));
            update.setString(2, traceId);
            update.executeUpdate();
        }
    }

    static void updateCounts(Connection connection, String traceId, long eventCount, int runCount, String outcome,
                             ContentDigest digest) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("UPDATE traces SET event_count = ?, run_count = ?,"
                + " outcome = ?, content_digest = ? WHERE trace_id = ?")) {
            update.setLong(1, eventCount);
            update.setInt(2, runCount);
            update.setString(3, outcome);
            update.setString(4, digest.toString());
            update.setString(5, traceId);
            update.executeUpdate();
        }
    }

    static List<TraceSummary> list(Connection connection) throws SQLException {
        return list(connection, "");
    }

    /** As {@link #list(Connection)}, only the traces holding an event that can wait in the escape queue ({@link QueueEvents}). */
    static List<TraceSummary> listQueueCandidates(Connection connection) throws SQLException {
        return list(connection, " WHERE queue_events > 0");
    }

    private static List<TraceSummary> list(Connection connection, String where) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + SUMMARY_COLUMNS + " FROM traces" + where
                + " ORDER BY imported_at DESC, trace_id");
             ResultSet rows = query.executeQuery()) {
            List<TraceSummary> summaries = new ArrayList<>();
            while (rows.next()) {
                summaries.add(summary(rows));
            }
            return summaries;
        }
    }

    static Optional<TraceSummary> find(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + SUMMARY_COLUMNS + " FROM traces WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(summary(rows)) : Optional.empty();
            }
        }
    }

    /** The manifest the trace was imported with (format version: the one this build writes). */
    static Optional<Manifest> manifest(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT title, created, producer, source_format FROM traces WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Manifest(Manifest.FORMAT_VERSION, traceId, rows.getString(1),
                        instant(rows, 2), rows.getString(3), rows.getString(4)));
            }
        }
    }

    private static TraceSummary summary(ResultSet rows) throws SQLException {
        return new TraceSummary(rows.getString(1), rows.getString(2), rows.getString(3), instant(rows, 4), instant(rows, 5),
                rows.getLong(6), rows.getInt(7), rows.getString(8), rows.getString(9), VerdictRows.verdict(rows, 10));
    }

    static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    static Instant instant(ResultSet rows, int column) throws SQLException {
        OffsetDateTime value = rows.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    static String cut(String text, int length) {
        return text.length() <= length ? text : text.substring(0, length);
    }
}
