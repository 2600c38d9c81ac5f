package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 7: each trace's row counts its events that can wait in the escape queue ({@link QueueEvents}: column
 * {@code queue_events} of {@code traces}). Counts the traces stored before from their chunk headers (their columns,
 * not their lines), once; a trace whose headers do not decode is counted as all its events, so the queue still loads it
 * and reports the damage. Added nullable, filled, then made NOT NULL (the schema has no defaults).
 *
 * <p>Can be cut off part way and run again (H2 commits at every DDL statement): the column is added only when
 * missing, and only traces still without a count are counted.
 */
final class QueueEventsMigration extends RerunnableMigration {

    static final String VERSION = "7";

    QueueEventsMigration() {
        super(VERSION, "escape queue event counts");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        try (Statement sql = connection.createStatement()) {
            if (!Tables.haveColumn(connection, "TRACES", "QUEUE_EVENTS")) {
                sql.execute("ALTER TABLE traces ADD COLUMN queue_events BIGINT");
            }
            for (Uncounted trace : uncounted(connection)) {
                QueueEvents.set(connection, trace.traceId(), count(connection, trace));
            }
            sql.execute("ALTER TABLE traces ALTER COLUMN queue_events SET NOT NULL");
        }
    }

    /** A trace whose headers do not read counts every event: the queue then loads it and reports the damage, as before. */
    private static long count(Connection connection, Uncounted trace) throws SQLException {
        try {
            StoredTrace stored = StoredTrace.read(connection, trace.traceId(), RunRows.runIds(connection, trace.traceId()),
                    trace.eventCount(), false);
            return QueueEvents.count(stored.columns());
        } catch (StoreException e) {
            return Math.max(1, trace.eventCount());
        }
    }

    private record Uncounted(String traceId, long eventCount) {
    }

    private static List<Uncounted> uncounted(Connection connection) throws SQLException {
        List<Uncounted> traces = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, event_count FROM traces WHERE queue_events IS NULL");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                traces.add(new Uncounted(rows.getString(1), rows.getLong(2)));
            }
        }
        return traces;
    }
}
