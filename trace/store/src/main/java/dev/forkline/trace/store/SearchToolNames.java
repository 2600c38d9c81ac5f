package dev.forkline.trace.store;

import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import java.util.HashMap;
import java.util.Map;

/**
 * The tool name each event is found by in a text search, as the row-per-event store gave it: a tool.call's own
 * {@code tool}; a tool.result's is that of the call it answers among the calls before it, found through its causes,
 * else through its callId (the latest such call). Cut to {@value #MAX_LENGTH} characters.
 */
final class SearchToolNames {

    static final int MAX_LENGTH = 512;

    private SearchToolNames() {
    }

    /** Per event (in the columns' order), its tool name or null. */
    static String[] of(EventColumns columns) {
        String[] names = new String[columns.size()];
        Map<String, String> byCallEvent = new HashMap<>();
        Map<String, String> byCallId = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.TOOL_CALL)) {
                names[i] = cut(columns.tool(i));
                if (names[i] != null) {
                    byCallEvent.put(columns.id(i), names[i]);
                    if (columns.callId(i) != null) {
                        byCallId.put(columns.callId(i), names[i]);
                    }
                }
            } else if (columns.is(i, EventType.TOOL_RESULT)) {
                names[i] = resultTool(columns, i, byCallEvent, byCallId);
            }
        }
        return names;
    }

    private static String resultTool(EventColumns columns, int i, Map<String, String> byCallEvent, Map<String, String> byCallId) {
        for (int c = 0; c < columns.causeCount(i); c++) {
            String tool = byCallEvent.get(columns.cause(i, c));
            if (tool != null) {
                return tool;
            }
        }
        return columns.callId(i) == null ? null : byCallId.get(columns.callId(i));
    }

    private static String cut(String tool) {
        return tool == null || tool.length() <= MAX_LENGTH ? tool : tool.substring(0, MAX_LENGTH);
    }
}
