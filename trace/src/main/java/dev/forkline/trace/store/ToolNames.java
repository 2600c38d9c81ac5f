package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Gives each tool.call and tool.result its tool name. A result names only its call (through causes or callId), so
 * calls seen earlier are remembered; when appending to a stored trace, calls stored before are looked up.
 */
final class ToolNames implements AutoCloseable {

    private final Map<String, String> byEventId = new HashMap<>();
    private final Map<String, String> byCallId = new HashMap<>();
    private final PreparedStatement storedCall;

    /** @param connection where to look up calls stored earlier, or null when the trace has nothing stored yet */
    ToolNames(Connection connection, String traceId) throws SQLException {
        if (connection == null) {
            storedCall = null;
        } else {
            storedCall = connection.prepareStatement("SELECT tool_name FROM events WHERE trace_id = ? AND event_id = ?");
            storedCall.setString(1, traceId);
        }
    }

    String of(Event event) throws SQLException {
        if (event.is(EventType.TOOL_CALL)) {
            String tool = EventFacts.callTool(event);
            if (tool != null) {
                byEventId.put(event.id(), tool);
                String callId = event.text("callId");
                if (callId != null) {
                    byCallId.put(callId, tool);
                }
            }
            return tool;
        }
        if (!event.is(EventType.TOOL_RESULT)) {
            return null;
        }
        for (String cause : event.causes()) {
            String tool = byEventId.get(cause);
            if (tool != null) {
                return tool;
            }
        }
        String callId = event.text("callId");
        if (callId != null && byCallId.containsKey(callId)) {
            return byCallId.get(callId);
        }
        return storedCall == null || event.causes().isEmpty() ? null : lookUp(event.causes().getFirst());
    }

    private String lookUp(String callEventId) throws SQLException {
        storedCall.setString(2, callEventId);
        try (ResultSet rows = storedCall.executeQuery()) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    @Override
    public void close() throws SQLException {
        if (storedCall != null) {
            storedCall.close();
        }
    }
}
