package dev.forkline.trace.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.FailureKind;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.state.Tokens;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Metrics on small traces built event by event; TraceBuilder advances the clock one second per event. */
class HandBuiltMetricsTest {

    private static final String USAGE_100 = "'usage':{'inputTokens':100,'outputTokens':10,'cacheReadTokens':5,'cacheWriteTokens':1}";

    /**
     * r1: start(1s) checkpoint cp-a(2s) model(3s) external call x1(4s) result ok(5s) model(6s) call c2(7s) failed
     * result(8s) note(9s) error(10s) end failure(11s). r2 replays from cp-a and fails again (12s..14s); r3 forks
     * from r2's checkpoint cp-b and succeeds (15s..18s).
     */
    @Test
    void secondAttemptRecoversAFailureAndTheCommittedEffectIsInTheBlastRadius() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{'model':{'model':'m'},'environment':{'image':'i'}}");
        Event cpA = trace.add("r1", "harness", EventType.CHECKPOINT, "{'checkpointId':'cp-a','label':'a'}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'," + USAGE_100 + ",'costUsd':0.01}");
        trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'x1','tool':'post','effect':'external','idempotencyKey':'k1'}");
        trace.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'x1','exitCode':0}", "r1.4");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'," + USAGE_100 + ",'costUsd':0.02}");
        trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c2','tool':'shell','effect':'workspace'}");
        trace.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c2','exitCode':3,'stderr':'boom'}", "r1.7");
        trace.add("r1", "agent:a", EventType.NOTE, "{'text':'hm'}");
        trace.add("r1", "harness", EventType.ERROR, "{'message':'c2 failed'}");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'failure'}");
        trace.fork("r2", cpA, "replay", "[]");
        Event cpB = trace.add("r2", "harness", EventType.CHECKPOINT, "{'checkpointId':'cp-b','label':'b'}");
        trace.add("r2", "harness", EventType.SESSION_END, "{'outcome':'failure','matched':4,'diverged':1,'replayComputeMs':250,"
                + "'firstDivergence':{'eventId':'r1.8','reason':'exit code'}}");
        trace.fork("r3", cpB, "fork", "[{'id':'c2'}]");
        trace.add("r3", "agent:a", EventType.MODEL_CALL, "{'model':'m'," + USAGE_100 + ",'costUsd':0.04}");
        trace.add("r3", "harness", EventType.REVERT, "{'checkpoint':'cp-b','target':'directory','durationMs':12}");
        trace.add("r3", "harness", EventType.SESSION_END, "{'outcome':'success','replayComputeMs':100}");

        RecoveryMetrics metrics = RecoveryMetrics.of(TraceIndex.of(trace.events()));

        assertThat(metrics.incidents()).hasSize(1);
        Incident incident = metrics.incidents().getFirst();
        assertThat(incident.run()).isEqualTo("r1");
        assertThat(incident.firstFailure().eventId()).isEqualTo("r1.8");
        assertThat(incident.firstFailure().summary()).isEqualTo("tool result c2 exit 3: boom");
        assertThat(incident.failureCount()).isEqualTo(3);
        assertThat(incident.detection().acknowledgedBy()).isEqualTo("r1.10");
        assertThat(incident.detection().timeToDetect()).isEqualTo(Duration.ofSeconds(2));
        // r2 (failed) then r3 (success): two runs needed; r3 branches off r1's lineage at cp-a
        assertThat(incident.recovery().attempts()).containsExactly("r2", "r3");
        assertThat(incident.recovery().replaysNeeded()).isEqualTo(2);
        assertThat(incident.recovery().recoveredBy()).isEqualTo("r3");
        assertThat(incident.recovery().checkpointEventId()).isEqualTo("r1.2");
        assertThat(incident.recovery().checkpointId()).isEqualTo("cp-a");
        assertThat(incident.recovery().timeToRestore()).isEqualTo(Duration.ofSeconds(15 - 8));
        assertThat(incident.recovery().recoveryTime()).isEqualTo(Duration.ofSeconds(18 - 8));
        // lost: both model calls of r1 between cp-a and the failure
        assertThat(incident.cost().lostModelCalls()).containsExactly("r1.3", "r1.6");
        assertThat(incident.cost().lostTokens()).isEqualTo(new Tokens(200, 20, 10, 2));
        assertThat(incident.cost().lostCostUsd()).isEqualByComparingTo("0.03");
        assertThat(incident.cost().replayComputeMs()).isEqualByComparingTo("350");
        assertThat(incident.blastRadius().committed()).extracting(EffectRef::eventId).containsExactly("r1.4");
        assertThat(incident.blastRadius().unknown()).isEmpty();

        RunMetrics r2 = metrics.run("r2").orElseThrow();
        assertThat(r2.recoveryOf()).isEqualTo("r1");
        assertThat(r2.failures()).extracting(Failure::eventId).containsExactly("r2.3");
        assertThat(r2.replay().matched()).isEqualTo(4);
        assertThat(r2.replay().diverged()).isEqualTo(1);
        assertThat(r2.replay().firstDivergenceEventId()).isEqualTo("r1.8");
        assertThat(r2.replay().fullyMatched()).isFalse();
        RunMetrics r3 = metrics.run("r3").orElseThrow();
        assertThat(r3.recoveryOf()).isEqualTo("r1");
        assertThat(r3.costUsd()).isEqualByComparingTo("0.04");
        assertThat(r3.reverts()).singleElement().satisfies(revert -> assertThat(revert.target()).isEqualTo("directory"));
        assertThat(metrics.run("r1").orElseThrow().replay()).isNull();
    }

    @Test
    void withoutASuccessfulRunRecoveryIsNotDemonstratedAndCostCountsFromTheLastCheckpoint() {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'," + USAGE_100 + ",'costUsd':0.5}");
        Event cp = trace.add("r1", "harness", EventType.CHECKPOINT, "{'checkpointId':'cp-1'}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'," + USAGE_100 + ",'costUsd':0.25}");
        trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'x1','tool':'pay','effect':'external'}");
        trace.add("r1", "harness", EventType.SANDBOX_LOST, "{'reason':'killed'}", "r1.5");
        trace.fork("r2", cp, "replay", "[]");
        trace.add("r2", "harness", EventType.SESSION_END, "{'outcome':'aborted'}");

        RecoveryMetrics metrics = RecoveryMetrics.of(TraceIndex.of(trace.events()));
        Incident incident = metrics.incident("r1").orElseThrow();
        assertThat(incident.detection().timeToDetect()).isZero();
        assertThat(incident.recovery().recovered()).isFalse();
        assertThat(incident.recovery().attempts()).containsExactly("r2");
        assertThat(incident.recovery().recoveryTime()).isNull();
        assertThat(incident.cost().lostModelCalls()).containsExactly("r1.4");
        assertThat(incident.cost().originalCostUsd()).isEqualByComparingTo("0.75");
        assertThat(incident.blastRadius().fromEventId()).isEqualTo("r1.3");
        assertThat(incident.blastRadius().unknown()).extracting(EffectRef::eventId).containsExactly("r1.5");
        assertThat(metrics.maxRecoveryTime()).isNull();
        assertThat(metrics.toJson().at("/incidents/0/recovery/recoveryTimeMs").isNull()).isTrue();
    }

    @Test
    void aRunWithoutFailuresHasNoIncidentAndAnUnacknowledgedFailureNoDetection() {
        TraceBuilder clean = new TraceBuilder();
        clean.add("r1", "harness", EventType.SESSION_START, "{}");
        clean.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c1','tool':'ls','effect':'read'}");
        clean.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c1','exitCode':0,'isError':false,'error':''}", "r1.2");
        clean.add("r1", "harness", EventType.SESSION_END, "{'outcome':'success'}");
        RecoveryMetrics cleanMetrics = RecoveryMetrics.of(TraceIndex.of(clean.events()));
        assertThat(cleanMetrics.incidents()).isEmpty();
        assertThat(cleanMetrics.failureCount()).isZero();

        TraceBuilder silent = new TraceBuilder();
        silent.add("r1", "harness", EventType.SESSION_START, "{}");
        silent.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c1','tool':'ls','effect':'read'}");
        silent.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c1','error':'denied'}", "r1.2");
        silent.add("r1", "agent:a", EventType.NOTE, "{'text':'carry on'}");
        Incident incident = RecoveryMetrics.of(TraceIndex.of(silent.events())).incidents().getFirst();
        assertThat(incident.firstFailure().kind()).isEqualTo(FailureKind.FAILED_TOOL_RESULT);
        assertThat(incident.detection()).isNull();
        assertThat(incident.recovery().attempts()).isEmpty();
        assertThat(incident.blastRadius().fromEventId()).isNull();
    }
}
