package dev.forkline.trace.gate;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.recovery.RecoveryMetrics;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** One bundle with what the clauses need of it, computed once. */
final class TraceEvidence {

    final Bundle bundle;
    final String traceId;
    final TraceIndex index;
    final RecoveryMetrics metrics;
    final List<DecisionCheck> decisionChecks;
    final Map<String, DecisionCheck> checksByEvent;
    final TraceIntegrity integrity;

    TraceEvidence(Bundle bundle, TrustedKeys trusted) {
        this(bundle, null, null, trusted);
    }

    /**
     * @param metrics   the trace's metrics when the caller has computed them already; null to compute them here
     * @param integrity the trace's integrity when the caller knows it already (the store keeps it); null to verify here
     */
    TraceEvidence(Bundle bundle, RecoveryMetrics metrics, TraceIntegrity integrity, TrustedKeys trusted) {
        this.bundle = bundle;
        this.traceId = bundle.manifest().traceId();
        this.index = TraceIndex.of(bundle.events());
        this.metrics = metrics != null ? metrics : RecoveryMetrics.of(bundle, index);
        this.integrity = integrity != null ? integrity : TraceIntegrity.check(bundle, index, trusted);
        this.decisionChecks = DecisionVerifier.verify(bundle, trusted);
        this.checksByEvent = decisionChecks.stream().collect(Collectors.toMap(DecisionCheck::eventId, Function.identity(), (a, b) -> a));
    }

    long lineOf(Event event) {
        int at = index.indexOf(event.id());
        return at < 0 ? 0 : bundle.lineOf(at);
    }

    Evidence at(Event event, String note) {
        return new Evidence(traceId, event.run(), event.id(), lineOf(event), note);
    }

    Evidence whole(String note) {
        return new Evidence(traceId, null, null, 0, note);
    }
}
