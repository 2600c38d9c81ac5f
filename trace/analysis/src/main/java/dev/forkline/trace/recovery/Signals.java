package dev.forkline.trace.recovery;

import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SandboxLostData;
import dev.forkline.trace.payload.ErrorData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import java.util.regex.Pattern;

/** Which events acknowledge a failure, and how to summarise one (which events are failures: {@link dev.forkline.trace.FailureKind#of}). */
final class Signals {

    private static final int SUMMARY_LIMIT = 200;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private Signals() {
    }

    /**
     * An event by which the run shows that it noticed a failure: an error, an escape attempt, a lost sandbox, an
     * approval request, or the end of the session.
     */
    static boolean acknowledges(EventType kind) {
        return kind == EventType.ERROR || kind == EventType.ESCAPE_ATTEMPT || kind == EventType.SANDBOX_LOST
                || kind == EventType.APPROVAL_REQUEST || kind == EventType.SESSION_END;
    }

    static String summary(Event event) {
        String text = switch (event.kind()) {
            case ERROR -> event.text(ErrorData.MESSAGE);
            case SANDBOX_LOST -> event.text(SandboxLostData.REASON);
            case SESSION_END -> event.text(SessionEndData.SUMMARY);
            case TOOL_RESULT -> resultSummary(event);
            default -> event.type();
        };
        text = text == null || text.isBlank() ? event.type() : WHITESPACE.matcher(text).replaceAll(" ").strip();
        return text.length() <= SUMMARY_LIMIT ? text : text.substring(0, SUMMARY_LIMIT - 3) + "...";
    }

    private static String resultSummary(Event result) {
        StringBuilder text = new StringBuilder("tool result");
        if (result.text(ToolResultData.CALL_ID) != null) {
            text.append(' ').append(result.text(ToolResultData.CALL_ID));
        }
        JsonNode exitCode = result.data().get(ToolResultData.EXIT_CODE);
        if (exitCode != null && exitCode.isNumber()) {
            text.append(" exit ").append(exitCode.asLong());
        }
        String detail = firstNonBlank(result.text(ToolResultData.ERROR), result.text(ToolResultData.STDERR), result.text(ToolResultData.STDOUT));
        if (detail != null) {
            text.append(": ").append(detail);
        }
        return text.toString();
    }

    private static String firstNonBlank(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }
}
