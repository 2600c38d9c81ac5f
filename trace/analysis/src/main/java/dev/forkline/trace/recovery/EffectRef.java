package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * An external tool.call that counts in a blast radius.
 *
 * @param eventId        the tool.call
 * @param status         committed, or unknown (no result after the sandbox was lost, the harness restarted or the
 *                       session ended; or a result saying the outcome is unknown; or still in flight at the run's end)
 * @param idempotencyKey data.idempotencyKey, or null
 */
public record EffectRef(String eventId, String run, long line, String tool, String callId, String status, String idempotencyKey) {

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("eventId", eventId);
        json.put("run", run);
        json.put("line", line);
        json.put("tool", tool);
        json.put("callId", callId);
        json.put("status", status);
        json.put("idempotencyKey", idempotencyKey);
        return json;
    }
}
