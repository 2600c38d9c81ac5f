package dev.forkline.trace.report;

import dev.forkline.trace.recovery.RunSpend;
import dev.forkline.trace.state.Tokens;
import java.math.BigDecimal;

/**
 * How the postmortem writes a run's tokens and cost: as the recovery metrics scope them ({@link RunSpend}), so that a
 * figure nothing records reads "unknown" rather than a 0 that says "spent nothing", and one taken from the run's
 * session.end totals says "(run totals)". Figures attributed to particular model calls (what a failure lost) exist only
 * when the calls record them: for a run whose spend is unknown or known only as totals they are unknown too.
 */
final class SpendCells {

    static final String UNKNOWN = "unknown";

    private SpendCells() {
    }

    /** {@code 1200 / 80}, {@code 1200 / 80 (run totals)} or {@code unknown}. */
    static String tokens(RunSpend spend) {
        return switch (spend.tokensScope()) {
            case MODEL_CALLS -> inOut(spend.tokens());
            case RUN_TOTALS -> inOut(spend.tokens()) + " (run totals)";
            case UNKNOWN -> UNKNOWN;
        };
    }

    /** {@code $0.42}, {@code $0.42 (run total)} or {@code unknown}. */
    static String cost(RunSpend spend) {
        return switch (spend.costScope()) {
            case MODEL_CALLS -> PostmortemReport.usd(spend.costUsd());
            case RUN_TOTALS -> PostmortemReport.usd(spend.costUsd()) + " (run total)";
            case UNKNOWN -> UNKNOWN;
        };
    }

    /** Tokens of particular calls of a run with {@code spend}: known only where the run's calls record usage. */
    static String callTokens(RunSpend spend, Tokens tokens) {
        return spend == null || spend.tokensScope() == RunSpend.Scope.MODEL_CALLS ? inOut(tokens) : notPerCall(spend.tokensScope());
    }

    /** Cost of particular calls of a run with {@code spend}: known only where the run's calls record cost. */
    static String callCost(RunSpend spend, BigDecimal cost) {
        return spend == null || spend.costScope() == RunSpend.Scope.MODEL_CALLS ? PostmortemReport.usd(cost) : notPerCall(spend.costScope());
    }

    /** Whether the cost of particular calls of a run with {@code spend} is known. */
    static boolean callCostKnown(RunSpend spend) {
        return spend == null || spend.costScope() == RunSpend.Scope.MODEL_CALLS;
    }

    private static String notPerCall(RunSpend.Scope scope) {
        return scope == RunSpend.Scope.RUN_TOTALS ? UNKNOWN + " (run totals only)" : UNKNOWN;
    }

    private static String inOut(Tokens tokens) {
        return tokens.input() + " / " + tokens.output();
    }
}
