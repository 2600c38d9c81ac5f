package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * A run that failed (and is not itself an attempt to recover an earlier incident), with how it was detected,
 * recovered, what it cost and what escaped.
 *
 * @param run          the failing run
 * @param firstFailure its first failing event
 * @param detection    how the first failure was acknowledged, or null when nothing acknowledged it
 */
public record Incident(String run, Failure firstFailure, int failureCount, Detection detection, Recovery recovery,
                       RecoveryCost cost, BlastRadius blastRadius) {

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("run", run);
        json.set("firstFailure", firstFailure.toJson());
        json.put("failureCount", failureCount);
        json.set("detection", detection == null ? null : detection.toJson());
        json.set("recovery", recovery.toJson());
        json.set("cost", cost.toJson());
        json.set("blastRadius", blastRadius.toJson());
        return json;
    }
}
