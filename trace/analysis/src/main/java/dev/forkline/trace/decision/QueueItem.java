package dev.forkline.trace.decision;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import java.time.Instant;

/**
 * One event waiting for a human decision.
 *
 * @param traceId   the manifest's trace id
 * @param run       the run it belongs to
 * @param eventId   the event to decide ({@code forkline decide BUNDLE --event <eventId> ...})
 * @param ts        when it happened
 * @param kind      why it waits
 * @param summary   one line for people
 * @param escalated true when its latest decision is an escalation (it waits for someone else)
 */
public record QueueItem(String traceId, String run, String eventId, Instant ts, Kind kind, String summary, boolean escalated) {

    public enum Kind {
        /** An approval.request. */
        APPROVAL_REQUEST("approval.request"),
        /** An escape.attempt. */
        ESCAPE_ATTEMPT("escape.attempt"),
        /** A tool.call with effect external whose outcome is unknown (no tool.result in its run, or outcome "unknown"). */
        UNKNOWN_OUTCOME("unknown-outcome");

        private final String wireName;

        Kind(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("traceId", traceId);
        json.put("run", run);
        json.put("eventId", eventId);
        json.put("ts", EventCodec.formatTs(ts));
        json.put("kind", kind.wireName());
        json.put("summary", summary);
        json.put("escalated", escalated);
        return json;
    }
}
