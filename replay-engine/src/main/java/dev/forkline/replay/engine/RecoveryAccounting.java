package dev.forkline.replay.engine;

import dev.forkline.trace.payload.SessionOutcome;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.UsageData;
import dev.forkline.trace.payload.ModelCallData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.TraceIndex;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * Recovery time and cost of going back to a checkpoint of a run.
 *
 * <p>The failure is the event named by the caller, else the first of these after the checkpoint in the run's lineage:
 * {@code sandbox.lost}, {@code error}, an {@code escape.attempt} that was not blocked, a {@code session.end} whose
 * outcome is not success; else the run's last event. Lost work is what the recording holds between the checkpoint and
 * the failure: its model calls' tokens (input, output, cache read and cache write) and cost, and its span of time.
 */
public final class RecoveryAccounting {

    private RecoveryAccounting() {
    }

    /**
     * @param restoredAt when the checkpoint was restored (recovery time runs from the failure's ts to it)
     * @param computeMs  compute spent on the recovery
     */
    public static RecoveryCost of(TraceIndex index, String run, Event checkpoint, String failureEventId, Instant restoredAt,
                                  long computeMs) {
        Lineage lineage = index.lineage(run);
        int from = lineage.positionOf(checkpoint.id());
        int failure = failurePosition(lineage, from, failureEventId, run);
        long tokens = 0;
        BigDecimal cost = BigDecimal.ZERO;
        for (int p = from + 1; p <= failure; p++) {
            Event event = lineage.get(p);
            if (event.is(EventType.MODEL_CALL)) {
                JsonNode usage = event.data().path(ModelCallData.USAGE);
                tokens += usage.path(UsageData.INPUT_TOKENS).asLong(0) + usage.path(UsageData.OUTPUT_TOKENS).asLong(0)
                        + usage.path(UsageData.CACHE_READ_TOKENS).asLong(0) + usage.path(UsageData.CACHE_WRITE_TOKENS).asLong(0);
                JsonNode c = event.data().get(ModelCallData.COST_USD);
                if (c != null && c.isNumber()) {
                    cost = cost.add(c.decimalValue());
                }
            }
        }
        Event failed = lineage.get(failure);
        long recoveryMs = Math.max(0, Duration.between(failed.ts(), restoredAt).toMillis());
        long lostWorkMs = Math.max(0, Duration.between(checkpoint.ts(), failed.ts()).toMillis());
        return new RecoveryCost(failed.id(), recoveryMs, lostWorkMs, tokens, cost, computeMs);
    }

    private static int failurePosition(Lineage lineage, int from, String failureEventId, String run) {
        if (failureEventId != null) {
            int at = lineage.positionOf(failureEventId);
            if (at < 0) {
                throw new ReplayInputException("failure event '" + failureEventId + "' is not in run '" + run + "'");
            }
            return at;
        }
        for (int p = from + 1; p < lineage.size(); p++) {
            Event event = lineage.get(p);
            if (event.is(EventType.SANDBOX_LOST) || event.is(EventType.ERROR)
                    || event.is(EventType.ESCAPE_ATTEMPT) && Boolean.FALSE.equals(EscapeAttemptData.from(event.data()).blocked())
                    || event.is(EventType.SESSION_END) && SessionEndData.from(event.data()).outcome() != SessionOutcome.SUCCESS) {
                return p;
            }
        }
        return lineage.size() - 1;
    }
}
