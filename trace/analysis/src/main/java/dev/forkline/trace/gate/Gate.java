package dev.forkline.trace.gate;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.recovery.RecoveryMetrics;
import java.util.ArrayList;
import java.util.List;

/**
 * The launch gate: checks traces against a recovery contract, clause by clause. Per trace: integrity, cadence,
 * tool-results, identity, isolation, escapes, revert, recovery-time; then one scenario clause per required scenario over
 * all traces. Decisions count only when signed by a key {@code trusted} trusts for the contract's owner.
 */
public final class Gate {

    private static final List<TraceClause> TRACE_CLAUSES = List.of(new IntegrityClause(), new CadenceClause(), new ToolResultsClause(),
            new IdentityClause(), new IsolationClause(), new EscapesClause(), new RevertClause(), new RecoveryTimeClause());

    private Gate() {
    }

    public static GateResult check(List<Bundle> bundles, Contract contract, TrustedKeys trusted) {
        return check(bundles.stream().map(bundle -> new TraceEvidence(bundle, trusted)).toList(), contract);
    }

    /** One trace whose {@link RecoveryMetrics} the caller has computed already (they are the longest part of the check). */
    public static GateResult check(Bundle bundle, RecoveryMetrics metrics, Contract contract, TrustedKeys trusted) {
        return check(bundle, metrics, null, contract, trusted);
    }

    /**
     * One trace whose metrics and integrity the caller knows already (a stored trace's verdict, with the lines of the file
     * it was imported from); a null {@code integrity} is verified here.
     */
    public static GateResult check(Bundle bundle, RecoveryMetrics metrics, TraceIntegrity integrity, Contract contract, TrustedKeys trusted) {
        return check(List.of(new TraceEvidence(bundle, metrics, integrity, trusted)), contract);
    }

    private static GateResult check(List<TraceEvidence> traces, Contract contract) {
        List<ClauseResult> results = new ArrayList<>();
        for (TraceEvidence trace : traces) {
            for (TraceClause clause : TRACE_CLAUSES) {
                results.add(clause.check(trace, contract));
            }
        }
        ScenarioClause scenarios = new ScenarioClause();
        for (Contract.Scenario scenario : contract.scenarios()) {
            results.add(scenarios.check(scenario, traces));
        }
        return new GateResult(contract, traces.stream().map(trace -> trace.traceId).toList(), results);
    }
}
