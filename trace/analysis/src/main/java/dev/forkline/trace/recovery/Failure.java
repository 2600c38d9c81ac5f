package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.FailureKind;
import dev.forkline.trace.Json;
import java.time.Instant;

/**
 * An event that shows something went wrong.
 *
 * @param eventId the failing event
 * @param run     its run
 * @param line    its line in trace.jsonl (0 when unknown)
 * @param ts      when it happened
 * @param kind    what kind of failure (which events are failures: {@link FailureKind#of})
 * @param summary one line for people (taken from the trace: untrusted text)
 */
public record Failure(String eventId, String run, long line, Instant ts, FailureKind kind, String summary) {

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
