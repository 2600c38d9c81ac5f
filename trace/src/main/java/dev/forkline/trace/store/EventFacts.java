package dev.forkline.trace.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.ToolResults;
import java.util.function.Consumer;

/** What the store indexes about an event beyond its JSON: tool name, whether it is an error, the blobs it names. */
final class EventFacts {

    private static final int HASH_LENGTH = Hashes.PREFIX.length() + 64;
    /** The width of the tool_name column; longer names are cut (the full name stays in the event's JSON). */
    static final int TOOL_NAME_LENGTH = 512;

    private EventFacts() {
    }

    /** The tool a tool.call invokes; for a tool.result, the tool of the call it answers (looked up by the caller). */
    static String callTool(Event event) {
        String tool = event.is(EventType.TOOL_CALL) ? event.text("tool") : null;
        return tool == null || tool.length() <= TOOL_NAME_LENGTH ? tool : tool.substring(0, TOOL_NAME_LENGTH);
    }

    /**
     * Errors, for the "errors only" filter: error and sandbox.lost events, failed tool results ({@link ToolResults#isError})
     * and processes that exited non-zero.
     */
    static boolean isError(Event event) {
        return switch (event.kind()) {
            case ERROR, SANDBOX_LOST -> true;
            case TOOL_RESULT -> ToolResults.isError(event);
            case PROCESS_EXIT -> nonZero(event.data().get("exitCode"));
            default -> false;
        };
    }

    /** Every string in the payload that has the form of a blob name; the caller decides which name a stored blob. */
    static void hashesIn(JsonNode node, Consumer<String> sink) {
        if (node.isTextual()) {
            String value = node.textValue();
            if (value.length() == HASH_LENGTH && value.startsWith(Hashes.PREFIX) && Hashes.isValid(value)) {
                sink.accept(value);
            }
        } else if (node.isContainerNode()) {
            for (JsonNode child : node) {
                hashesIn(child, sink);
            }
        }
    }

    private static boolean nonZero(JsonNode node) {
        return node != null && node.isNumber() && node.asLong() != 0;
    }
}
