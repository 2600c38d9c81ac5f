package dev.forkline.replay.engine;

import dev.forkline.trace.payload.RecoveryCostFields;
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
        data.put(RecoveryCostFields.FAILURE_EVENT, failureEventId);
        data.put(RecoveryCostFields.RECOVERY_TIME_MS, recoveryTimeMs);
        data.put(RecoveryCostFields.LOST_WORK_MS, lostWorkMs);
        data.put(RecoveryCostFields.LOST_TOKENS, lostTokens);
        data.put(RecoveryCostFields.LOST_COST_USD, lostCostUsd);
        data.put(RecoveryCostFields.REPLAY_COMPUTE_MS, replayComputeMs);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        putInto(json);
        return json;
    }
}
