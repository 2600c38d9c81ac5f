package dev.forkline.trace.recovery;

import dev.forkline.trace.payload.RecoveryCostFields;
import dev.forkline.trace.payload.ReplaySummaryFields;
import dev.forkline.trace.payload.ReplayMarks;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import java.math.BigDecimal;
import java.util.List;

/**
 * What a replay engine reported in the session.end of a replay run: the counts and first divergence under
 * {@code data.replay} (as Forkline's engine writes them; read from {@code data} itself when there is no such object), the
 * recovery figures in {@code data}. Every field is null when the engine did not record it; {@link #of} returns null when
 * none is recorded.
 *
 * @param matched          events that replayed as recorded
 * @param diverged         events that differed
 * @param stubbed          events answered from the recording (e.g. external calls)
 * @param contained        events stopped at the boundary
 * @param firstDivergence  data.firstDivergence as recorded (an object with at least eventId), or null
 * @param recoveryTimeMs   the engine's own recovery time
 * @param lostTokens       the engine's count of lost tokens
 * @param lostCostUsd      the engine's lost cost
 * @param replayComputeMs  compute time the replay took
 */
public record ReplayResult(Long matched, Long diverged, Long stubbed, Long contained, JsonNode firstDivergence,
                           BigDecimal recoveryTimeMs, Long lostTokens, BigDecimal lostCostUsd, BigDecimal replayComputeMs) {

    private static final List<String> FIELDS = List.of("matched", "diverged", "stubbed", "contained", "firstDivergence",
            "recoveryTimeMs", "lostTokens", "lostCostUsd", "replayComputeMs");

    /** The replay counts of a session.end, or null when it records none of them. */
    public static ReplayResult of(Event sessionEnd) {
        if (sessionEnd == null) {
            return null;
        }
        JsonNode data = sessionEnd.data();
        JsonNode counts = data.path(ReplayMarks.REPLAY).isObject() ? data.get(ReplayMarks.REPLAY) : data;
        if (FIELDS.stream().noneMatch(field -> data.has(field) || counts.has(field))) {
            return null;
        }
        JsonNode divergence = counts.get(ReplaySummaryFields.FIRST_DIVERGENCE);
        return new ReplayResult(whole(counts, ReplaySummaryFields.MATCHED), whole(counts, ReplaySummaryFields.DIVERGED),
                whole(counts, ReplaySummaryFields.STUBBED), whole(counts, ReplaySummaryFields.CONTAINED),
                divergence == null || divergence.isNull() ? null : divergence.deepCopy(),
                decimal(data, RecoveryCostFields.RECOVERY_TIME_MS), whole(data, RecoveryCostFields.LOST_TOKENS),
                decimal(data, RecoveryCostFields.LOST_COST_USD), decimal(data, RecoveryCostFields.REPLAY_COMPUTE_MS));
    }

    /** The event id of the first divergence, or null. */
    public String firstDivergenceEventId() {
        if (firstDivergence == null) {
            return null;
        }
        JsonNode id = firstDivergence.isTextual() ? firstDivergence : firstDivergence.get("eventId");
        return id != null && id.isTextual() ? id.textValue() : null;
    }

    /** Every replayed event matched the recording (diverged is 0 and something matched). */
    public boolean fullyMatched() {
        return diverged != null && diverged == 0 && matched != null && matched > 0;
    }

    private static Long whole(JsonNode data, String field) {
        JsonNode value = data.get(field);
        return value != null && value.isNumber() && value.canConvertToLong() ? value.asLong() : null;
    }

    private static BigDecimal decimal(JsonNode data, String field) {
        JsonNode value = data.get(field);
        return value != null && value.isNumber() ? value.decimalValue() : null;
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        putLong(json, "matched", matched);
        putLong(json, "diverged", diverged);
        putLong(json, "stubbed", stubbed);
        putLong(json, "contained", contained);
        json.set("firstDivergence", firstDivergence == null ? null : firstDivergence.deepCopy());
        json.put("recoveryTimeMs", recoveryTimeMs);
        putLong(json, "lostTokens", lostTokens);
        json.put("lostCostUsd", lostCostUsd);
        json.put("replayComputeMs", replayComputeMs);
        return json;
    }

    private static void putLong(ObjectNode json, String field, Long value) {
        if (value == null) {
            json.putNull(field);
        } else {
            json.put(field, value);
        }
    }
}
