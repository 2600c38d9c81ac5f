package dev.forkline.trace.recovery;

import dev.forkline.trace.payload.SessionEndData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.state.ModelSpend;
import dev.forkline.trace.state.Tokens;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * What a run spent and where the figure comes from: the sum over its model calls when they record usage (or cost),
 * else the run totals its session.end carries (an importer writes them with {@code usageScope: "run-totals"} when the
 * source records only totals, e.g. SWE-agent's {@code model_stats}), else unknown. Tokens and cost are scoped apart: a
 * trace may hold per-call tokens and only a total cost. A run without model calls (a replay) spent nothing.
 */
public record RunSpend(Tokens tokens, Scope tokensScope, BigDecimal costUsd, Scope costScope) {

    /** Where a figure comes from. */
    public enum Scope {
        /** summed over the run's model calls */
        MODEL_CALLS,
        /** the run's totals as the source recorded them (session.end), not attributed to calls */
        RUN_TOTALS,
        /** nothing in the run records it: reported as unknown, never as 0 */
        UNKNOWN;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Sums the calls' spend as they are added, then {@link #resolve} falls back to the session.end totals. */
    static final class Builder {
        private Tokens tokens = Tokens.ZERO;
        private BigDecimal cost = BigDecimal.ZERO;
        private boolean usageSeen;
        private boolean costSeen;
        private int calls;

        void add(ModelSpend call) {
            calls++;
            tokens = tokens.plus(call.tokens());
            cost = cost.add(call.costUsd());
            usageSeen |= call.usageRecorded();
            costSeen |= call.costRecorded();
        }

        /** @param sessionEnd the run's last session.end payload, or null */
        RunSpend resolve(JsonNode sessionEnd) {
            JsonNode usage = sessionEnd == null ? null : sessionEnd.get(SessionEndData.USAGE);
            JsonNode totalCost = sessionEnd == null ? null : sessionEnd.get(SessionEndData.COST_USD);
            boolean totalsUsage = usage != null && usage.isObject() && !usage.isEmpty();
            boolean totalsCost = totalCost != null && totalCost.isNumber();
            // a run without model calls spent nothing: 0 is then a fact, not a stand-in for unknown
            usageSeen |= calls == 0 && !totalsUsage;
            costSeen |= calls == 0 && !totalsCost;
            Tokens resolvedTokens = usageSeen ? tokens : totalsUsage ? Tokens.ofUsage(usage) : Tokens.ZERO;
            Scope tokensScope = usageSeen ? Scope.MODEL_CALLS : totalsUsage ? Scope.RUN_TOTALS : Scope.UNKNOWN;
            BigDecimal resolvedCost = costSeen ? cost : totalsCost ? totalCost.decimalValue() : BigDecimal.ZERO;
            Scope costScope = costSeen ? Scope.MODEL_CALLS : totalsCost ? Scope.RUN_TOTALS : Scope.UNKNOWN;
            return new RunSpend(resolvedTokens, tokensScope, resolvedCost, costScope);
        }
    }
}
