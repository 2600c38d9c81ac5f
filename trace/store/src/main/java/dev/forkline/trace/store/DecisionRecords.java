package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code decision_records} table: one row for every decision ({@code approval.decision}) a trace gains through the
 * store, written in the same transaction as the event itself. In a team store only roles granted {@code INSERT} on it
 * ({@code forkline_owner}, see {@link TeamRoles}) may write it, so PostgreSQL itself refuses a reviewer's decision,
 * whichever way it arrives (decided, appended, imported or pushed): the transaction rolls back and nothing is stored.
 */
final class DecisionRecords {

    /** PostgreSQL's SQLSTATE for a privilege the role lacks. */
    static final String INSUFFICIENT_PRIVILEGE = "42501";

    private DecisionRecords() {
    }

    /** Records the decisions among {@code events} (all of {@code traceId}) that have no row yet. */
    static int recordNew(Connection connection, String traceId, List<Event> events, EventColumns columns, Instant now)
            throws SQLException, StoreException {
        Set<String> known = null;
        int recorded = 0;
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.is(i, EventType.APPROVAL_DECISION)) {
                continue;
            }
            if (known == null) {
                known = recordedIds(connection, traceId);
            }
            if (!known.contains(columns.id(i))) {
                insert(connection, traceId, events.get(i), now);
                recorded++;
            }
        }
        return recorded;
    }

    static void insert(Connection connection, String traceId, Event decision, Instant now) throws SQLException, StoreException {
        String role = currentRole(connection);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO decision_records (trace_id, event_id, subject,"
                + " owner, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            insert.setString(1, traceId);
            insert.setString(2, decision.id());
            insert.setString(3, String.valueOf(decision.text("subject")));
            insert.setString(4, String.valueOf(decision.text("owner")));
            insert.setString(5, role);
            insert.setObject(6, TraceRows.utc(now));
            insert.executeUpdate();
        } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
                throw new StoreRefusedException("the team store refused decision '" + decision.id() + "' of trace '" + traceId
                        + "': the role '" + role + "' may not record decisions (it lacks INSERT on decision_records, which"
                        + " 'forkline team init' grants to " + TeamRoles.OWNER + " only); nothing was stored. Ask the store's"
                        + " administrator to run 'forkline team init --owner " + role + "' if you decide for the team", e);
            }
            throw e;
        }
    }

    private static Set<String> recordedIds(Connection connection, String traceId) throws SQLException {
        Set<String> ids = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT event_id FROM decision_records WHERE trace_id = ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
        }
        return ids;
    }

    private static String currentRole(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT CURRENT_USER");
             ResultSet row = query.executeQuery()) {
            row.next();
            return row.getString(1);
        }
    }

    static void deleteOf(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM decision_records WHERE trace_id = ?")) {
            delete.setString(1, traceId);
            delete.executeUpdate();
        }
    }
}
