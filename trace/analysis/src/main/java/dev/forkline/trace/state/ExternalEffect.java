package dev.forkline.trace.state;

import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.Event;

/**
 * A tool call with effect {@code external} and what is known of its outcome at some point.
 *
 * @param call     the tool.call event
 * @param result   its tool.result, or null when none has arrived (yet)
 * @param status   what happened to it
 * @param decision the latest approval.decision about it, or null
 */
public record ExternalEffect(Event call, Event result, Status status, Event decision) {

    public enum Status {
        /** The result arrived and was not an error: the effect happened. */
        COMMITTED,
        /** The result arrived and was an error. */
        FAILED,
        /** No result yet, and nothing has happened that would prevent one. */
        IN_FLIGHT,
        /**
         * No result, and the sandbox was lost, the harness restarted or the session ended after the call; or the call
         * or its result says {@code "outcome":"unknown"} (e.g. an importer that saw the call but cannot tell). The effect
         * may or may not have happened.
         */
        UNKNOWN
    }

    public String callId() {
        return call.text(ToolCallData.CALL_ID);
    }
}
