package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import java.time.Duration;
import java.time.Instant;

/**
 * How a run noticed its first failure: the first event, at or after the failure, that acknowledges it (an error,
 * escape.attempt, sandbox.lost, approval.request or session.end). A failure that is itself such an event (an error, a
 * lost sandbox, a failed session.end) acknowledges itself: its time to detect is zero.
 *
 * @param failureEventId  the first failure of the run
 * @param acknowledgedBy  the acknowledging event
 * @param acknowledgeType its type
 * @param acknowledgedAt  its ts
 * @param timeToDetect    acknowledgedAt minus the failure's ts
 */
public record Detection(String failureEventId, String acknowledgedBy, String acknowledgeType, Instant acknowledgedAt,
                        Duration timeToDetect) {

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("failureEventId", failureEventId);
        json.put("acknowledgedBy", acknowledgedBy);
        json.put("acknowledgeType", acknowledgeType);
        json.put("acknowledgedAt", EventCodec.formatTs(acknowledgedAt));
        json.put("timeToDetectMs", Millis.of(timeToDetect));
        return json;
    }
}
