package dev.forkline.views.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

/** Decides, from the event payload contract, which events are failures and which tool calls reach outside the sandbox. */
public final class EventClassifier {

    private EventClassifier() {
    }

    /** An error, a lost sandbox, a failed session end, or a tool result with isError or a nonzero exit code. */
    public static boolean isFailure(Event event) {
        return switch (event.kind()) {
            case ERROR, SANDBOX_LOST -> true;
            case SESSION_END -> "failure".equals(event.text("outcome"));
            case TOOL_RESULT -> isFailedResult(event);
            default -> false;
        };
    }

    public static boolean isFailedResult(Event result) {
        JsonNode isError = result.data().get("isError");
        if (isError != null && isError.asBoolean(false)) {
            return true;
        }
        JsonNode exit = result.data().get("exitCode");
        if (exit != null && exit.isNumber() && exit.asInt() != 0) {
            return true;
        }
        JsonNode error = result.data().get("error");
        return error != null && !error.isNull() && !(error.isTextual() && error.asText().isEmpty());
    }

    public static boolean isExternalCall(Event event) {
        return event.is(EventType.TOOL_CALL) && "external".equals(event.text("effect"));
    }

    public static boolean isToolCall(Event event) {
        return event.is(EventType.TOOL_CALL) || event.is(EventType.MODEL_CALL);
    }
}
