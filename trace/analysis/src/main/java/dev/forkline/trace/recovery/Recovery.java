package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * How an incident was recovered: failure, then a checkpoint restored (the recovering run's start), then the run
 * healthy again (its session.end with outcome success).
 *
 * @param attempts          runs forked (directly or not) from the failing run after its first failure, in start
 *                          order, up to and including the first that succeeded (all of them when none did)
 * @param recoveredBy       the first attempt that ended in success, or null: recovery not demonstrated
 * @param checkpointId      the checkpoint the recovery starts from (null when not recovered)
 * @param checkpointEventId the event of the failing run's lineage where the recovery branches off
 * @param restoredAt        ts of the recovering run's first event
 * @param healthyAt         ts of its session.end
 * @param timeToRestore     restoredAt minus the failure's ts
 * @param recoveryTime      healthyAt minus the failure's ts
 */
public record Recovery(List<String> attempts, String recoveredBy, String checkpointId, String checkpointEventId,
                       Instant restoredAt, Instant healthyAt, Duration timeToRestore, Duration recoveryTime) {

    public Recovery {
        attempts = List.copyOf(attempts);
    }

    public boolean recovered() {
        return recoveredBy != null;
    }

    /** Recovery runs needed until a success (all attempts when none succeeded). */
    public int replaysNeeded() {
        return attempts.size();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("recovered", recovered());
        ArrayNode list = json.putArray("attempts");
        attempts.forEach(list::add);
        json.put("replaysNeeded", replaysNeeded());
        json.put("recoveredBy", recoveredBy);
        json.put("checkpointId", checkpointId);
        json.put("checkpointEventId", checkpointEventId);
        json.put("restoredAt", restoredAt == null ? null : EventCodec.formatTs(restoredAt));
        json.put("healthyAt", healthyAt == null ? null : EventCodec.formatTs(healthyAt));
        json.put("timeToRestoreMs", Millis.of(timeToRestore));
        json.put("recoveryTimeMs", Millis.of(recoveryTime));
        return json;
    }
}
