package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** Traces on legal hold ({@code legal_holds}): never deleted, by hand or by retention, until the hold is lifted. */
final class LegalHolds {

    /** Who put a trace on hold, when and why. */
    record Hold(String traceId, Instant heldAt, String heldBy, String reason) {

        /** @param refused what is not done to the held trace, as "deleted" */
        String refusal(String refused) {
            return "trace '" + traceId + "' is on legal hold (by " + heldBy + " since " + heldAt + ": " + reason + "): it is not "
                    + refused + "; lift the hold first (forkline hold --release)";
        }
    }

    private LegalHolds() {
    }

    static Optional<Hold> of(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT held_at, held_by, reason FROM legal_holds WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(new Hold(traceId, TraceRows.instant(rows, 1), rows.getString(2), rows.getString(3)))
                        : Optional.empty();
            }
        }
    }

    static void refuseIfHeld(Connection connection, String traceId) throws SQLException, StoreException {
        Optional<Hold> hold = of(connection, traceId);
        if (hold.isPresent()) {
            throw new StoreRefusedException(hold.get().refusal("deleted"));
        }
    }

    /** @return false when the trace was on hold already */
    static boolean place(Connection connection, String traceId, Instant now, String heldBy, String reason)
            throws SQLException, StoreException {
        if (TraceRows.stored(connection, traceId).isEmpty()) {
            throw new StoreException("no stored trace '" + traceId + "' to hold");
        }
        if (of(connection, traceId).isPresent()) {
            return false;
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO legal_holds (trace_id, held_at, held_by, reason)"
                + " VALUES (?, ?, ?, ?)")) {
            insert.setString(1, traceId);
            insert.setObject(2, TraceRows.utc(now));
            insert.setString(3, heldBy);
            insert.setString(4, reason);
            insert.executeUpdate();
        }
        return true;
    }

    /** @return false when the trace was not on hold */
    static boolean release(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM legal_holds WHERE trace_id = ?")) {
            delete.setString(1, traceId);
            return delete.executeUpdate() > 0;
        }
    }
}
