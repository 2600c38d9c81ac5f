package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import java.time.Instant;

/**
 * A {@code revert} event: the workspace restored to a checkpoint.
 *
 * @param durationMs data.durationMs, or null when not recorded
 */
public record RevertInfo(String eventId, String run, long line, Instant ts, String checkpoint, String target, Long durationMs) {

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("eventId", eventId);
        json.put("run", run);
        json.put("line", line);
        json.put("ts", EventCodec.formatTs(ts));
        json.put("checkpoint", checkpoint);
        json.put("target", target);
        if (durationMs == null) {
            json.putNull("durationMs");
        } else {
            json.put("durationMs", durationMs);
        }
        return json;
    }
}
