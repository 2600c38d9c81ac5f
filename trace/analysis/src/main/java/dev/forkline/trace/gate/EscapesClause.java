package dev.forkline.trace.gate;

import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.Event;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionLedger;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.QueueItem;
import java.util.ArrayList;
import java.util.List;

/**
 * Every escape was decided by the contract's owner: nothing is left in the escape queue when only the owner's
 * sound decisions (valid signature, key trusted for the owner, the pinned key if the contract names one) count. A
 * decision whose signature does not verify fails the clause too: the trace was altered.
 */
final class EscapesClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        OwnerDecisions decisions = new OwnerDecisions(trace, contract.owner());
        List<QueueItem> everything = EscapeQueue.pending(trace.traceId, trace.bundle.events(), DecisionLedger.of(List.of()));
        List<QueueItem> open = EscapeQueue.pending(trace.traceId, trace.bundle.events(), decisions.counted);
        List<Evidence> problems = new ArrayList<>();
        for (QueueItem item : open.reversed()) {
            Event event = trace.index.event(item.eventId()).orElseThrow();
            String reason = decisions.unsettledReason(item.eventId());
            if ("undecided".equals(reason) && event.text(ApprovalRequestData.SUBJECT) != null && decisions.all.latest(event.text(ApprovalRequestData.SUBJECT)).isPresent()) {
                reason = decisions.unsettledReason(event.text(ApprovalRequestData.SUBJECT));
            }
            problems.add(trace.at(event, item.kind().wireName() + " " + reason + ": " + item.summary()));
        }
        for (DecisionCheck check : trace.decisionChecks) {
            if (!check.signatureValid()) {
                Event decision = trace.index.event(check.eventId()).orElseThrow();
                problems.add(trace.at(decision, "decision " + check.eventId() + " has no valid signature: " + check.describe()));
            }
        }
        return ClauseResult.of(ClauseResult.ESCAPES, trace.traceId, problems,
                Counts.of(everything.size()) + " escape(s), each decided by " + contract.owner().name() + " with a trusted signature",
                Counts.of(problems.size()) + " escape(s) or decision(s) not settled by " + contract.owner().name());
    }
}
