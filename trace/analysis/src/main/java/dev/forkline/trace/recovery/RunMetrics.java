package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.state.Tokens;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The recovery-relevant facts of one run (its own events only, not the lineage it inherits).
 *
 * @param parentRun     the run it was forked from, or null
 * @param reason        run.fork data.reason (replay, fork, revert, import), or null for a root run
 * @param outcome       its session.end outcome, or null when it has none
 * @param recoveryOf    the failing run whose incident this run is an attempt to recover, or null
 * @param modelCalls    how many model.call events it holds
 * @param spend         its tokens and cost: summed over its model calls, else its session.end run totals, else
 *                      unknown ({@link RunSpend})
 * @param failures      its failing events in seq order
 * @param detection     how its first failure was acknowledged, or null (no failure, or never acknowledged)
 * @param replay        the replay engine's counts from its session.end, or null when not recorded
 * @param reverts       its revert events
 */
public record RunMetrics(String run, String parentRun, String reason, String outcome, String recoveryOf,
                         Instant firstTs, Instant lastTs, int eventCount, int modelCalls, RunSpend spend,
                         List<Failure> failures, Detection detection, ReplayResult replay, List<RevertInfo> reverts) {

    public RunMetrics {
        failures = List.copyOf(failures);
        reverts = List.copyOf(reverts);
    }

    /** The run's tokens ({@link Tokens#ZERO} when unknown: {@link RunSpend#tokensScope} says which). */
    public Tokens tokens() {
        return spend.tokens();
    }

    /** The run's cost (0 when unknown: {@link RunSpend#costScope} says which). */
    public BigDecimal costUsd() {
        return spend.costUsd();
    }

    public boolean failed() {
        return !failures.isEmpty();
    }

    public boolean succeeded() {
        return "success".equals(outcome);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("run", run);
        json.put("parentRun", parentRun);
        json.put("reason", reason);
        json.put("outcome", outcome);
        json.put("recoveryOf", recoveryOf);
        json.put("firstTs", EventCodec.formatTs(firstTs));
        json.put("lastTs", EventCodec.formatTs(lastTs));
        json.put("eventCount", eventCount);
        json.put("modelCalls", modelCalls);
        // an unknown figure is null with its scope saying "unknown", never a 0 that reads as "spent nothing"
        json.set("tokens", spend.tokensScope() == RunSpend.Scope.UNKNOWN ? null : spend.tokens().toJson());
        json.put("tokensScope", spend.tokensScope().wireName());
        if (spend.costScope() == RunSpend.Scope.UNKNOWN) {
            json.putNull("costUsd");
        } else {
            json.put("costUsd", spend.costUsd());
        }
        json.put("costScope", spend.costScope().wireName());
        ArrayNode failureList = json.putArray("failures");
        failures.forEach(failure -> failureList.add(failure.toJson()));
        json.set("detection", detection == null ? null : detection.toJson());
        json.set("replay", replay == null ? null : replay.toJson());
        ArrayNode revertList = json.putArray("reverts");
        reverts.forEach(revert -> revertList.add(revert.toJson()));
        return json;
    }
}
