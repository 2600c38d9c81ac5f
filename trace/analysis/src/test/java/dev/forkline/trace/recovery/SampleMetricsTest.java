package dev.forkline.trace.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.FailureKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.testing.RepositoryFiles;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Recovery metrics of the recorded sample bundles. Expected values were read off the sample files (timestamps of the
 * events named in each comment); re-recording a sample changes its timestamps, and these numbers with them.
 */
class SampleMetricsTest {

    static final Path SAMPLES = RepositoryFiles.resolve("sample-traces");

    static RecoveryMetrics metrics(String name) throws Exception {
        try (Bundle bundle = BundleReader.read(SAMPLES.resolve(name))) {
            return RecoveryMetrics.of(bundle);
        }
    }

    @Test
    void wrongToolCall() throws Exception {
        RecoveryMetrics metrics = metrics("wrong-tool-call");
        assertThat(metrics.traceId()).isEqualTo("forkline-sample-wrong-tool-call");
        assertThat(metrics.run("r1").orElseThrow().failures()).extracting(Failure::eventId).containsExactly("r1.15", "r1.17");
        assertThat(metrics.run("r1").orElseThrow().failures().getFirst().line()).isEqualTo(15);
        assertThat(metrics.run("r2").orElseThrow().failures()).isEmpty();
        assertThat(metrics.run("r2").orElseThrow().recoveryOf()).isEqualTo("r1");
        Incident incident = metrics.incidents().getFirst();
        assertThat(metrics.incidents()).hasSize(1);
        // r1.15 (c3 failed) at 58.005960385, acknowledged by the session.end r1.17 at 58.006668500
        assertThat(incident.detection().acknowledgedBy()).isEqualTo("r1.17");
        assertThat(incident.detection().timeToDetect()).isEqualTo(Duration.ofNanos(708_115));
        // r2.1 at 58.007565608; r2.12 (success) at 59.406975150
        assertThat(incident.recovery().recoveredBy()).isEqualTo("r2");
        assertThat(incident.recovery().checkpointId()).isEqualTo("cp-green");
        assertThat(incident.recovery().checkpointEventId()).isEqualTo("r1.7");
        assertThat(incident.recovery().timeToRestore()).isEqualTo(Duration.ofNanos(1_605_223));
        assertThat(incident.recovery().recoveryTime()).isEqualTo(Duration.ofNanos(1_401_014_765));
        assertThat(incident.recovery().replaysNeeded()).isEqualTo(1);
        // model calls after cp-green and before r1.15: r1.8 (2210 in, 64 out, $0.0041) and r1.13 (2290 in, 58 out, $0.0038)
        assertThat(incident.cost().lostModelCalls()).containsExactly("r1.8", "r1.13");
        assertThat(incident.cost().lostTokens().input()).isEqualTo(4500);
        assertThat(incident.cost().lostTokens().output()).isEqualTo(122);
        assertThat(incident.cost().lostCostUsd()).isEqualByComparingTo("0.0079");
        assertThat(incident.cost().originalCostUsd()).isEqualByComparingTo("0.0179");
        assertThat(incident.cost().originalTokens().total()).isEqualTo(8740 + 259);
        assertThat(incident.cost().replayComputeMs()).isNull();
        assertThat(incident.blastRadius().size()).isZero();
        assertThat(incident.blastRadius().fromEventId()).isEqualTo("r1.7");
    }

    @Test
    void poisonedArtifactIsRecoveredByARevertRun() throws Exception {
        RecoveryMetrics metrics = metrics("poisoned-artifact");
        RunMetrics r2 = metrics.run("r2").orElseThrow();
        assertThat(r2.reason()).isEqualTo("revert");
        assertThat(r2.reverts()).singleElement().satisfies(revert -> {
            assertThat(revert.checkpoint()).isEqualTo("cp-clean");
            assertThat(revert.target()).isEqualTo("container");
            assertThat(revert.durationMs()).isEqualTo(220L);
            assertThat(revert.line()).isEqualTo(22);
        });
        Incident incident = metrics.incident("r1").orElseThrow();
        assertThat(incident.firstFailure().eventId()).isEqualTo("r1.18");
        assertThat(incident.detection().timeToDetect()).isEqualTo(Duration.ofNanos(712_762));
        assertThat(incident.recovery().checkpointId()).isEqualTo("cp-clean");
        assertThat(incident.recovery().recoveryTime()).isEqualTo(Duration.ofNanos(1_314_838_741));
        assertThat(incident.cost().lostModelCalls()).containsExactly("r1.4", "r1.8", "r1.12", "r1.16");
        assertThat(incident.cost().lostCostUsd()).isEqualByComparingTo("0.0121");
        assertThat(incident.cost().lostTokens().input()).isEqualTo(6810);
        assertThat(incident.cost().originalCostUsd()).isEqualByComparingTo("0.0150");
    }

    @Test
    void permissionEscalationDetectedByTheEscapeAttempt() throws Exception {
        RecoveryMetrics metrics = metrics("permission-escalation");
        assertThat(metrics.run("r1").orElseThrow().failures()).extracting(Failure::eventId)
                .containsExactly("r1.10", "r1.15", "r1.20", "r1.24");
        Incident incident = metrics.incident("r1").orElseThrow();
        assertThat(incident.failureCount()).isEqualTo(4);
        assertThat(incident.detection().acknowledgedBy()).isEqualTo("r1.11");
        assertThat(incident.detection().acknowledgeType()).isEqualTo("escape.attempt");
        assertThat(incident.detection().timeToDetect()).isEqualTo(Duration.ofNanos(2_286_729));
        assertThat(incident.recovery().recoveryTime()).isEqualTo(Duration.ofNanos(1_115_935_824));
        assertThat(incident.cost().lostModelCalls()).containsExactly("r1.8");
        assertThat(incident.cost().lostCostUsd()).isEqualByComparingTo("0.0221");
        assertThat(incident.cost().originalCostUsd()).isEqualByComparingTo("0.1119");
        // the upload e1 (r1.9) is external but failed: nothing left the sandbox
        assertThat(incident.blastRadius().size()).isZero();
    }

    @Test
    void multiAgentConflict() throws Exception {
        Incident incident = metrics("multi-agent-conflict").incident("r1").orElseThrow();
        assertThat(incident.firstFailure().eventId()).isEqualTo("r1.22");
        assertThat(incident.detection().timeToDetect()).isEqualTo(Duration.ofNanos(640_866));
        assertThat(incident.recovery().checkpointId()).isEqualTo("cp-before-edits");
        assertThat(incident.recovery().recoveryTime()).isEqualTo(Duration.ofNanos(1_298_292_892));
        assertThat(incident.cost().lostModelCalls()).containsExactly("r1.10", "r1.15", "r1.20");
        assertThat(incident.cost().lostCostUsd()).isEqualByComparingTo("0.0117");
        assertThat(incident.cost().lostTokens().output()).isEqualTo(157);
    }

    @Test
    void sandboxLostLeavesThePaymentInTheBlastRadius() throws Exception {
        RecoveryMetrics metrics = metrics("sandbox-lost-mid-effect");
        RunMetrics r1 = metrics.run("r1").orElseThrow();
        assertThat(r1.outcome()).isEqualTo("unknown");
        assertThat(r1.failures()).singleElement().satisfies(failure -> assertThat(failure.kind()).isEqualTo(FailureKind.SANDBOX_LOST));
        assertThat(r1.reverts()).extracting(RevertInfo::durationMs).containsExactly(1386L);
        Incident incident = metrics.incident("r1").orElseThrow();
        assertThat(incident.detection().acknowledgedBy()).isEqualTo("r1.10");
        assertThat(incident.detection().timeToDetect()).isEqualTo(Duration.ZERO);
        assertThat(incident.recovery().timeToRestore()).isEqualTo(Duration.ofNanos(1_628_509_665));
        assertThat(incident.recovery().recoveryTime()).isEqualTo(Duration.ofNanos(2_882_051_144L));
        assertThat(incident.cost().lostModelCalls()).containsExactly("r1.8");
        assertThat(incident.cost().lostCostUsd()).isEqualByComparingTo("0.0034");
        assertThat(incident.blastRadius().committed()).isEmpty();
        assertThat(incident.blastRadius().unknown()).singleElement().satisfies(effect -> {
            assertThat(effect.eventId()).isEqualTo("r1.9");
            assertThat(effect.tool()).isEqualTo("deliver");
            assertThat(effect.idempotencyKey()).isEqualTo("order-42");
            assertThat(effect.line()).isEqualTo(9);
        });
        assertThat(metrics.toJson().at("/summary/blastRadius").asInt()).isEqualTo(1);
        assertThat(metrics.toJson().at("/incidents/0/recovery/recoveryTimeMs").decimalValue())
                .isEqualByComparingTo(new BigDecimal("2882.051144"));
    }
}
