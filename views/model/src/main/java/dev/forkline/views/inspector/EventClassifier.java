package dev.forkline.views.inspector;

import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.FailureKind;
import dev.forkline.trace.ToolResults;

/** Decides, from the event payload contract, which events are failures and which tool calls reach outside the sandbox (for the inspector and the timeline). */
public final class EventClassifier {

    private EventClassifier() {
    }

    /** An error, a lost sandbox, a failed session end, or a failed tool result. */
    public static boolean isFailure(Event event) {
        return FailureKind.of(event).isPresent();
    }

    /** A failed tool result, by the trace module's one rule. */
    public static boolean isFailedResult(Event result) {
        return ToolResults.isError(result);
    }

    public static boolean isExternalCall(Event event) {
        return event.is(EventType.TOOL_CALL) && ToolCallData.from(event.data()).effect() == EffectClass.EXTERNAL;
    }

    public static boolean isToolCall(Event event) {
        return event.is(EventType.TOOL_CALL) || event.is(EventType.MODEL_CALL);
    }
}
