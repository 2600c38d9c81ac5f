package dev.forkline.trace.columns;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.FailureKind;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.ToolResults;
import java.util.Set;
import java.util.function.Consumer;

/** The per-event facts {@link EventColumns} keeps besides the envelope, each decided by the trace module's one rule. */
public final class EventFacts {

    /** Error and sandbox.lost events, failed tool results ({@link ToolResults#isError}), non-zero process exits: "errors only". */
    public static final int ERROR = 1;
    /** A failure by {@link FailureKind#of}. */
    public static final int FAILURE = 1 << 1;
    /** A tool.result that is an error by {@link ToolResults#isError}. */
    public static final int FAILED_RESULT = 1 << 2;
    /** A tool.call whose {@code data.effect} is {@code external}: it reaches outside the sandbox. */
    public static final int EXTERNAL_CALL = 1 << 3;
    /** A tool.call or tool.result whose {@code data.outcome} is {@code unknown}: whether the effect happened was never learnt. */
    public static final int OUTCOME_UNKNOWN = 1 << 4;

    /** Every {@code data} member the methods of this class read; keep in step with them (EventFactsTest checks). */
    static final Set<String> DATA_MEMBERS = Set.of("isError", "error", "exitCode", "outcome", "effect", "latencyMs",
            "callId", "tool", "checkpointId", "label");

    private static final int BLOB_NAME_LENGTH = Hashes.PREFIX.length() + 64;

    private EventFacts() {
    }

    public static int flags(Event event) {
        EventType kind = event.kind();
        int flags = 0;
        if (isError(event, kind)) {
            flags |= ERROR;
        }
        if (FailureKind.of(event).isPresent()) {
            flags |= FAILURE;
        }
        if (kind == EventType.TOOL_RESULT && ToolResults.isError(event)) {
            flags |= FAILED_RESULT;
        }
        if (kind == EventType.TOOL_CALL && "external".equals(event.text("effect"))) {
            flags |= EXTERNAL_CALL;
        }
        if ((kind == EventType.TOOL_CALL || kind == EventType.TOOL_RESULT) && "unknown".equals(event.text("outcome"))) {
            flags |= OUTCOME_UNKNOWN;
        }
        return flags;
    }

    /** Whether "errors only" shows the event. */
    public static boolean isError(Event event) {
        return isError(event, event.kind());
    }

    private static boolean isError(Event event, EventType kind) {
        return switch (kind) {
            case ERROR, SANDBOX_LOST -> true;
            case TOOL_RESULT -> ToolResults.isError(event);
            case PROCESS_EXIT -> {
                JsonNode exitCode = event.data().get("exitCode");
                yield exitCode != null && exitCode.isNumber() && exitCode.asLong() != 0;
            }
            default -> false;
        };
    }

    /** Every string value in the payload that has the form of a blob name ({@code sha256:} and 64 lowercase hex digits). */
    public static void blobNamesIn(JsonNode node, Consumer<String> sink) {
        if (node.isTextual()) {
            String value = node.textValue();
            if (isBlobName(value)) {
                sink.accept(value);
            }
        } else if (node.isContainerNode()) {
            for (JsonNode child : node) {
                blobNamesIn(child, sink);
            }
        }
    }

    public static boolean isBlobName(String value) {
        return value.length() == BLOB_NAME_LENGTH && value.startsWith(Hashes.PREFIX) && Hashes.isValid(value);
    }

    static long latencyMs(Event event) {
        if (!event.is(EventType.MODEL_CALL)) {
            return -1;
        }
        JsonNode latency = event.data().get("latencyMs");
        return latency != null && latency.isNumber() ? Math.max(0, latency.asLong()) : -1;
    }

    static String callId(Event event) {
        return event.is(EventType.TOOL_CALL) || event.is(EventType.TOOL_RESULT) ? event.text("callId") : null;
    }

    static String tool(Event event) {
        return event.is(EventType.TOOL_CALL) ? event.text("tool") : null;
    }

    static String checkpointId(Event event) {
        return event.is(EventType.CHECKPOINT) ? event.text("checkpointId") : null;
    }

    static String label(Event event) {
        return event.is(EventType.CHECKPOINT) ? event.text("label") : null;
    }
}
