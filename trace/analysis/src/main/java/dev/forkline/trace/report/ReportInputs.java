package dev.forkline.trace.report;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.GateResult;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.recovery.RecoveryMetrics;
import java.util.List;

/**
 * What a postmortem report shows besides the trace itself.
 *
 * @param metrics   recovery metrics of the trace
 * @param gate      a launch gate result that includes this trace, or null when the gate was not run
 * @param decisions the verification of every approval.decision of the trace
 * @param findings  lint (or other) findings about the trace
 * @param integrity the trace's integrity verdict and its problems, which the report opens with
 */
public record ReportInputs(RecoveryMetrics metrics, GateResult gate, List<DecisionCheck> decisions, List<Finding> findings,
                           TraceIntegrity integrity) {

    public ReportInputs {
        decisions = List.copyOf(decisions);
        findings = List.copyOf(findings);
        integrity = integrity == null ? TraceIntegrity.unverified() : integrity;
    }

    /**
     * Computes the metrics, the decision checks (against {@code trusted}), the lint findings and the integrity verdict of
     * a bundle.
     */
    public static ReportInputs of(Bundle bundle, TrustedKeys trusted, GateResult gate) {
        return of(bundle, trusted, gate, TraceIntegrity.check(bundle, trusted));
    }

    /**
     * These inputs with {@code first} ahead of their findings: what the importer could not read of the trace's file,
     * which the reader of a postmortem must see before the lint's remarks.
     */
    public ReportInputs withFindingsFirst(List<Finding> first) {
        if (first.isEmpty()) {
            return this;
        }
        List<Finding> all = new java.util.ArrayList<>(first);
        all.addAll(findings);
        return new ReportInputs(metrics, gate, decisions, all, integrity);
    }

    /** As {@link #of(Bundle, TrustedKeys, GateResult)}, with an integrity verdict known already (a stored trace's). */
    public static ReportInputs of(Bundle bundle, TrustedKeys trusted, GateResult gate, TraceIntegrity integrity) {
        return new ReportInputs(RecoveryMetrics.of(bundle), gate, DecisionVerifier.verify(bundle, trusted), Linter.lint(bundle), integrity);
    }
}
