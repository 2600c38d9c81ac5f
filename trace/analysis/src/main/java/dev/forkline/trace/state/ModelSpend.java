package dev.forkline.trace.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Set;

/**
 * What one model.call spent, the one rule for the session state, the recovery metrics and the reports: its tokens
 * ({@link Tokens#ofUsage} of {@code data.usage}) and {@code data.costUsd} as an exact decimal (0 when absent or not a
 * number).
 */
public record ModelSpend(Tokens tokens, BigDecimal costUsd) {

    /** The payload members a model call's spend is read from (for a {@link dev.forkline.trace.columns.DataSkim}). */
    public static final Set<String> MEMBERS = Set.of("usage", "costUsd");

    /** From the call's payload, or from an object holding at least its {@code usage} and {@code costUsd}. */
    public static ModelSpend of(JsonNode data) {
        JsonNode cost = data.get("costUsd");
        return new ModelSpend(Tokens.ofUsage(data.get("usage")), cost != null && cost.isNumber() ? cost.decimalValue() : BigDecimal.ZERO);
    }
}
