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
import java.util.Objects;

/**
 * What a postmortem report shows besides the trace itself.
 *
 * @param metrics     recovery metrics of the trace as shown (their failure summaries masked with it)
 * @param gate        a launch gate result that includes this trace, or null when the gate was not run
 * @param decisions   the verification of every approval.decision of the trace
 * @param findings    lint (or other) findings about the trace
 * @param integrity   the trace's integrity verdict and its problems, which the report opens with
 * @param credentials whether the report masks the credentials found in the trace
 */
public record ReportInputs(RecoveryMetrics metrics, GateResult gate, List<DecisionCheck> decisions, List<Finding> findings,
                           TraceIntegrity integrity, Credentials credentials) {

    public ReportInputs {
        decisions = List.copyOf(decisions);
        findings = List.copyOf(findings);
        integrity = integrity == null ? TraceIntegrity.unverified() : integrity;
        Objects.requireNonNull(credentials, "credentials");
    }

    /**
     * Computes the metrics, the decision checks (against {@code trusted}), the lint findings and the integrity verdict of
     * a bundle, for a report that masks its credentials.
     */
    public static ReportInputs of(Bundle bundle, TrustedKeys trusted, GateResult gate) {
        return of(bundle, trusted, gate, null, Credentials.MASKED);
    }

    /** As {@link #of(Bundle, TrustedKeys, GateResult)}, with an integrity verdict known already (a stored trace's). */
    public static ReportInputs of(Bundle bundle, TrustedKeys trusted, GateResult gate, TraceIntegrity integrity) {
        return of(bundle, trusted, gate, integrity, Credentials.MASKED);
    }

    /**
     * The inputs of a report showing {@code credentials} so. Signatures and the hash chain are checked on the recorded
     * events; the metrics, whose failure summaries quote what failed, are computed on the events as shown.
     *
     * @param integrity the verdict when known already, else null to check it here
     */
    public static ReportInputs of(Bundle recorded, TrustedKeys trusted, GateResult gate, TraceIntegrity integrity,
                                  Credentials credentials) {
        return new ReportInputs(RecoveryMetrics.of(credentials.shown(recorded)), gate, DecisionVerifier.verify(recorded, trusted),
                Linter.lint(recorded), integrity == null ? TraceIntegrity.check(recorded, trusted) : integrity, credentials);
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
        return new ReportInputs(metrics, gate, decisions, all, integrity, credentials);
    }
}
