package dev.forkline.trace.store;

import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import java.util.Arrays;
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
        return ofRange(columns, 0, columns.size());
    }

    /**
     * The names of the events {@code [from, to)} as if the trace held no others (a result answering a call outside the
     * range gets no name, or that of an earlier call of the same callId in the range).
     */
    static String[] ofRange(EventColumns columns, int from, int to) {
        Builder names = new Builder(to - from);
        names.add(columns, from, to);
        return names.build();
    }

    /**
     * The names of a trace's events given part by part in load order (a stored trace's chunks), so that the whole
     * trace's columns need not be held at once: a result looks only at the calls before it.
     */
    static final class Builder {
        private final Map<String, String> byCallEvent = new HashMap<>();
        private final Map<String, String> byCallId = new HashMap<>();
        private String[] names;
        private int size;

        Builder(int expectedSize) {
            names = new String[Math.max(16, expectedSize)];
        }

        /** Adds the names of the events that follow those added so far. */
        void add(EventColumns part) {
            add(part, 0, part.size());
        }

        private void add(EventColumns part, int from, int to) {
            if (size + to - from > names.length) {
                names = Arrays.copyOf(names, Math.max(names.length * 2, size + to - from));
            }
            for (int i = from; i < to; i++) {
                String name = null;
                if (part.is(i, EventType.TOOL_CALL)) {
                    name = cut(part.tool(i));
                    if (name != null) {
                        byCallEvent.put(part.id(i), name);
                        if (part.callId(i) != null) {
                            byCallId.put(part.callId(i), name);
                        }
                    }
                } else if (part.is(i, EventType.TOOL_RESULT)) {
                    name = resultTool(part, i);
                }
                names[size++] = name;
            }
        }

        /** The names of the events added so far, at their places (the array itself, valid up to their count). */
        String[] namesSoFar() {
            return names;
        }

        String[] build() {
            return names.length == size ? names : Arrays.copyOf(names, size);
        }

        private String resultTool(EventColumns columns, int i) {
            for (int c = 0; c < columns.causeCount(i); c++) {
                String tool = byCallEvent.get(columns.cause(i, c));
                if (tool != null) {
                    return tool;
                }
            }
            return columns.callId(i) == null ? null : byCallId.get(columns.callId(i));
        }
    }

    private static String cut(String tool) {
        return tool == null || tool.length() <= MAX_LENGTH ? tool : tool.substring(0, MAX_LENGTH);
    }
}
