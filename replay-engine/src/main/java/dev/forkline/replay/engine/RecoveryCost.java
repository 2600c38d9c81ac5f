package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

import java.math.BigDecimal;

/**
 * What going back to a checkpoint costs, stored in the recovery run's revert or session.end data.
 *
 * @param failureEventId   the event taken as the failure (see {@link RecoveryAccounting})
 * @param recoveryTimeMs   wall time from the failure event's ts until the checkpoint was restored
 * @param lostWorkMs       recorded time between the checkpoint and the failure: run time that is thrown away
 * @param lostTokens       tokens of the model calls between the checkpoint and the failure (input + output + cache)
 * @param lostCostUsd      their recorded cost
 * @param replayComputeMs  compute spent on the recovery itself (restore, or the whole replay)
 */
public record RecoveryCost(String failureEventId, long recoveryTimeMs, long lostWorkMs, long lostTokens, BigDecimal lostCostUsd,
                           long replayComputeMs) {

    public RecoveryCost withComputeMs(long computeMs) {
        return new RecoveryCost(failureEventId, recoveryTimeMs, lostWorkMs, lostTokens, lostCostUsd, computeMs);
    }

    /** Adds the fields to {@code data} (flat, as the payload contract suggests). */
    public void putInto(ObjectNode data) {
        data.put("failureEvent", failureEventId);
        data.put("recoveryTimeMs", recoveryTimeMs);
        data.put("lostWorkMs", lostWorkMs);
        data.put("lostTokens", lostTokens);
        data.put("lostCostUsd", lostCostUsd);
        data.put("replayComputeMs", replayComputeMs);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        putInto(json);
        return json;
    }
}
