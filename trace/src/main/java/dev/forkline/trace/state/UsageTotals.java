package dev.forkline.trace.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Running sums of the model calls' usage and cost, one row per call in lineage order: row {@code k} holds the sums
 * over calls {@code 0..k}. Primitive arrays, so that the hundreds of thousands of calls of a long run cost megabytes.
 */
final class UsageTotals {

    private static final int FIELDS = 4;

    private long[] tokens = new long[FIELDS * 16];
    private BigDecimal[] cost = new BigDecimal[16];
    private int size;

    /** Adds a model call's {@code data.usage} and {@code data.costUsd} (missing or non-numeric parts count as 0). */
    void add(JsonNode data) {
        JsonNode usage = data.path("usage");
        JsonNode costUsd = data.get("costUsd");
        if (size == cost.length) {
            tokens = Arrays.copyOf(tokens, tokens.length * 2);
            cost = Arrays.copyOf(cost, cost.length * 2);
        }
        int row = size * FIELDS;
        int previous = row - FIELDS;
        tokens[row] = (size == 0 ? 0 : tokens[previous]) + usage.path("inputTokens").asLong(0);
        tokens[row + 1] = (size == 0 ? 0 : tokens[previous + 1]) + usage.path("outputTokens").asLong(0);
        tokens[row + 2] = (size == 0 ? 0 : tokens[previous + 2]) + usage.path("cacheReadTokens").asLong(0);
        tokens[row + 3] = (size == 0 ? 0 : tokens[previous + 3]) + usage.path("cacheWriteTokens").asLong(0);
        BigDecimal before = size == 0 ? BigDecimal.ZERO : cost[size - 1];
        cost[size] = costUsd != null && costUsd.isNumber() ? before.add(costUsd.decimalValue()) : before;
        size++;
    }

    /** Input, output, cache-read and cache-write tokens summed over the first {@code calls} calls. */
    long[] tokensOfFirst(int calls) {
        return calls == 0 ? new long[FIELDS] : Arrays.copyOfRange(tokens, (calls - 1) * FIELDS, calls * FIELDS);
    }

    BigDecimal costOfFirst(int calls) {
        return calls == 0 ? BigDecimal.ZERO : cost[calls - 1];
    }
}
