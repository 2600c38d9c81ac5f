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

    /** Adds a model call's spend ({@link ModelSpend#of} its payload). */
    void add(JsonNode data) {
        ModelSpend spend = ModelSpend.of(data);
        if (size == cost.length) {
            tokens = Arrays.copyOf(tokens, tokens.length * 2);
            cost = Arrays.copyOf(cost, cost.length * 2);
        }
        int row = size * FIELDS;
        int previous = row - FIELDS;
        tokens[row] = (size == 0 ? 0 : tokens[previous]) + spend.tokens().input();
        tokens[row + 1] = (size == 0 ? 0 : tokens[previous + 1]) + spend.tokens().output();
        tokens[row + 2] = (size == 0 ? 0 : tokens[previous + 2]) + spend.tokens().cacheRead();
        tokens[row + 3] = (size == 0 ? 0 : tokens[previous + 3]) + spend.tokens().cacheWrite();
        cost[size] = (size == 0 ? BigDecimal.ZERO : cost[size - 1]).add(spend.costUsd());
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
