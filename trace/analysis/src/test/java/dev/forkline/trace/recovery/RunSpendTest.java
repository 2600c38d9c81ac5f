package dev.forkline.trace.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.index.TraceIndex;
import org.junit.jupiter.api.Test;

/** Where a run's spend comes from: its calls, its session.end run totals, or nowhere (unknown, never 0). */
class RunSpendTest {

    @Test
    void callsWithoutUsageTakeTheRunTotalsMarkedAsTotals() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'}");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'success','usageScope':'run-totals',"
                + "'usage':{'inputTokens':1200,'outputTokens':30},'costUsd':0.5}");
        RunMetrics run = RecoveryMetrics.of(TraceIndex.of(trace.events())).run("r1").orElseThrow();
        assertThat(run.spend().tokensScope()).isEqualTo(RunSpend.Scope.RUN_TOTALS);
        assertThat(run.tokens().input()).isEqualTo(1200);
        assertThat(run.costUsd()).isEqualByComparingTo("0.5");
        assertThat(run.toJson().path("tokensScope").asText()).isEqualTo("run-totals");
        assertThat(run.toJson().path("tokens").path("total").asLong()).isEqualTo(1230);
    }

    @Test
    void aRunWhoseCallsRecordNothingSaysUnknownInsteadOfZero() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'}");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'unknown'}");
        RunMetrics run = RecoveryMetrics.of(TraceIndex.of(trace.events())).run("r1").orElseThrow();
        assertThat(run.spend().tokensScope()).isEqualTo(RunSpend.Scope.UNKNOWN);
        assertThat(run.spend().costScope()).isEqualTo(RunSpend.Scope.UNKNOWN);
        assertThat(run.toJson().get("tokens").isNull()).isTrue();
        assertThat(run.toJson().get("costUsd").isNull()).isTrue();
        assertThat(run.toJson().path("costScope").asText()).isEqualTo("unknown");
    }

    @Test
    void perCallUsageWinsAndARunWithoutCallsSpentNothing() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'usage':{'inputTokens':7,'outputTokens':3}}");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'success','usage':{'inputTokens':7,'outputTokens':3}}");
        trace.add("r2", "harness", EventType.SESSION_START, "{}");
        trace.add("r2", "harness", EventType.SESSION_END, "{'outcome':'success'}");
        RecoveryMetrics metrics = RecoveryMetrics.of(TraceIndex.of(trace.events()));
        RunMetrics r1 = metrics.run("r1").orElseThrow();
        assertThat(r1.spend().tokensScope()).isEqualTo(RunSpend.Scope.MODEL_CALLS);
        assertThat(r1.tokens().total()).isEqualTo(10);
        assertThat(r1.spend().costScope()).isEqualTo(RunSpend.Scope.UNKNOWN);
        RunMetrics r2 = metrics.run("r2").orElseThrow();
        assertThat(r2.spend().tokensScope()).isEqualTo(RunSpend.Scope.MODEL_CALLS);
        assertThat(r2.tokens().total()).isZero();
    }
}
