package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.ToolResults;
import java.time.Instant;
import java.util.Optional;

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

        /** The kind of failure the event is, or empty when it is none. */
        public static Optional<Kind> of(Event event) {
            return switch (event.kind()) {
                case ERROR -> Optional.of(ERROR);
                case SANDBOX_LOST -> Optional.of(SANDBOX_LOST);
                case TOOL_RESULT -> ToolResults.isError(event) ? Optional.of(FAILED_TOOL_RESULT) : Optional.empty();
                case SESSION_END -> "failure".equals(event.text("outcome")) ? Optional.of(SESSION_FAILURE) : Optional.empty();
                default -> Optional.empty();
            };
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
