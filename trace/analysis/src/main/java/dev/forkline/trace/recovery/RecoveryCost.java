package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.state.Tokens;
import java.math.BigDecimal;
import java.util.List;

/**
 * What an incident cost.
 *
 * @param lostModelCalls   model.call events of the failing run's lineage after the checkpoint the recovery starts
 *                         from and before the first failure: their work is thrown away
 * @param lostTokens       their usage
 * @param lostCostUsd      their costUsd
 * @param replayComputeMs  replayComputeMs summed over the recovery attempts that record it; null when none does
 * @param originalTokens   usage of every model.call in the failing run's lineage
 * @param originalCostUsd  costUsd of the same
 */
public record RecoveryCost(List<String> lostModelCalls, Tokens lostTokens, BigDecimal lostCostUsd, BigDecimal replayComputeMs,
                           Tokens originalTokens, BigDecimal originalCostUsd) {

    public RecoveryCost {
        lostModelCalls = List.copyOf(lostModelCalls);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        ArrayNode calls = json.putArray("lostModelCalls");
        lostModelCalls.forEach(calls::add);
        json.set("lostTokens", lostTokens.toJson());
        json.put("lostCostUsd", lostCostUsd);
        json.put("replayComputeMs", replayComputeMs);
        json.set("originalTokens", originalTokens.toJson());
        json.put("originalCostUsd", originalCostUsd);
        return json;
    }
}
