package dev.forkline.trace.state;

import dev.forkline.trace.payload.ModelCallData;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Set;

/**
 * What one model.call spent, the one rule for the session state, the recovery metrics and the reports: its tokens
 * ({@link Tokens#ofUsage} of {@code data.usage}) and {@code data.costUsd} as an exact decimal (0 when absent or not a
 * number). {@code usageRecorded} / {@code costRecorded} say whether the call carries them at all, so that a sum over
 * calls that record nothing is reported as unknown, never as 0.
 */
public record ModelSpend(Tokens tokens, BigDecimal costUsd, boolean usageRecorded, boolean costRecorded) {

    /** The payload members a model call's spend is read from (for a {@link dev.forkline.trace.columns.DataSkim}). */
    public static final Set<String> MEMBERS = Set.of("usage", "costUsd");

    /** From the call's payload, or from an object holding at least its {@code usage} and {@code costUsd}. */
    public static ModelSpend of(JsonNode data) {
        JsonNode cost = data.get(ModelCallData.COST_USD);
        JsonNode usage = data.get(ModelCallData.USAGE);
        boolean costRecorded = cost != null && cost.isNumber();
        return new ModelSpend(Tokens.ofUsage(usage), costRecorded ? cost.decimalValue() : BigDecimal.ZERO,
                usage != null && usage.isObject() && !usage.isEmpty(), costRecorded);
    }
}
