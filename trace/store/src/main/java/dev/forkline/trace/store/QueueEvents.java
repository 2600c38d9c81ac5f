package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.decision.EscapeQueue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The count in each trace's row ({@code traces.queue_events}) of its events that can wait in the escape queue
 * ({@link EscapeQueue#canWait}). The writer adds the events it stores (import and append alike) and never subtracts:
 * a live trace whose tail is rewritten ({@link TailReplacement}) counts its re-stored events again. A trace counting
 * none has nothing pending, which lets the queue skip loading it; the count may be too high (see also
 * {@link QueueEventsMigration}), never too low.
 */
final class QueueEvents {

    private QueueEvents() {
    }

    /** How many of the columns' events can wait. */
    static long count(EventColumns columns) {
        long count = 0;
        for (int i = 0; i < columns.size(); i++) {
            if (EscapeQueue.canWait(columns, i)) {
                count++;
            }
        }
        return count;
    }

    static void add(Connection connection, String traceId, long events) throws SQLException {
        if (events == 0) {
            return;
        }
        try (PreparedStatement update = connection.prepareStatement("UPDATE traces SET queue_events = queue_events + ? WHERE trace_id = ?")) {
            update.setLong(1, events);
            update.setString(2, traceId);
            update.executeUpdate();
        }
    }

    static void set(Connection connection, String traceId, long events) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("UPDATE traces SET queue_events = ? WHERE trace_id = ?")) {
            update.setLong(1, events);
            update.setString(2, traceId);
            update.executeUpdate();
        }
    }
}
