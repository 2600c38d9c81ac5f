package dev.forkline.trace.gate;

import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.verify.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * The trace is what was recorded: every hash, chain link, blob and decision signature checks out, and every decision is
 * signed by a key trusted for its owner. An altered trace fails, and so does one whose decisions are signed by
 * untrusted keys; a trace imported from an agent's own format has nothing to verify and passes with a note saying so.
 * A trace nobody verified fails: the gate does not vouch for what it has not checked.
 */
final class IntegrityClause implements TraceClause {

    /** Problems listed as evidence; the clause's message counts them all. */
    static final int EVIDENCE_LIMIT = 50;

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        IntegrityVerdict verdict = trace.integrity.verdict();
        return switch (verdict.status()) {
            case INTACT -> ClauseResult.pass(ClauseResult.INTEGRITY, trace.traceId, "intact: every hash, chain link, blob and decision "
                    + "signature checks out");
            case NOT_SIGNED -> ClauseResult.pass(ClauseResult.INTEGRITY, trace.traceId, "not signed (noted): imported from "
                    + trace.bundle.manifest().sourceFormat() + ", which has no hash chain or signatures; nothing vouches for it");
            case UNVERIFIED -> ClauseResult.fail(ClauseResult.INTEGRITY, trace.traceId, "unverified: the trace's integrity was never checked",
                    List.of(trace.whole("verify it (forkline verify) before gating on it")));
            case ALTERED, UNTRUSTED_DECISIONS -> ClauseResult.fail(ClauseResult.INTEGRITY, trace.traceId, verdict.headline(), evidence(trace));
        };
    }

    private static List<Evidence> evidence(TraceEvidence trace) {
        List<Problem> problems = trace.integrity.problems();
        List<Evidence> evidence = new ArrayList<>();
        for (Problem problem : problems.subList(0, Math.min(problems.size(), EVIDENCE_LIMIT))) {
            int at = trace.index.indexOf(problem.eventId());
            String run = at < 0 ? null : trace.index.columns().run(at);
            evidence.add(new Evidence(trace.traceId, run, problem.eventId(), problem.line(), problem.code() + ": " + problem.message()));
        }
        int more = trace.integrity.verdict().problems() - evidence.size();
        if (more > 0) {
            evidence.add(trace.whole("and " + Counts.of(more) + " more problem(s)"));
        }
        return evidence;
    }
}
