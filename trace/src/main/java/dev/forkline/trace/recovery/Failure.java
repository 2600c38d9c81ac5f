package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import java.time.Instant;

/**
 * An event that shows something went wrong.
 *
 * @param eventId the failing event
 * @param run     its run
 * @param line    its line in trace.jsonl (0 when unknown)
 * @param ts      when it happened
 * @param kind    what kind of failure
 * @param summary one line for people (taken from the trace: untrusted text)
 */
public record Failure(String eventId, String run, long line, Instant ts, Kind kind, String summary) {

    public enum Kind {
        /** An {@code error} event. */
        ERROR("error"),
        /** A tool.result that is an error by {@link dev.forkline.trace.ToolResults#isError}. */
        FAILED_TOOL_RESULT("failed-tool-result"),
        /** A session.end with outcome failure. */
        SESSION_FAILURE("session-failure"),
        /** A sandbox.lost. */
        SANDBOX_LOST("sandbox-lost");

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
        json.put("eventId", eventId);
        json.put("run", run);
        json.put("line", line);
        json.put("ts", EventCodec.formatTs(ts));
        json.put("kind", kind.wireName());
        json.put("summary", summary);
        return json;
    }
}
