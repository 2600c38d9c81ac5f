package dev.forkline.trace.gate;

import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.AnsweredToolCalls;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.trace.index.RunInfo;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Every tool.call got a tool.result with a known outcome ({@link AnsweredToolCalls}). An external call without one
 * passes only when the owner decided it.
 */
final class ToolResultsClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        OwnerDecisions decisions = new OwnerDecisions(trace, contract.owner());
        EventColumns columns = trace.index.columns();
        BitSet answered = AnsweredToolCalls.of(columns);
        List<Evidence> problems = new ArrayList<>();
        int calls = 0;
        int decided = 0;
        for (RunInfo run : trace.index.runs()) {
            for (int call : trace.index.indexesOf(run.id())) {
                if (!columns.is(call, EventType.TOOL_CALL)) {
                    continue;
                }
                calls++;
                if (answered.get(call) && !columns.has(call, EventFacts.OUTCOME_UNKNOWN)) {
                    continue;
                }
                boolean external = columns.has(call, EventFacts.EXTERNAL_CALL);
                if (external && decisions.settles(columns.id(call))) {
                    decided++;
                    continue;
                }
                Event event = trace.index.get(call);
                String what = "tool.call " + event.id() + " (" + event.text(ToolCallData.TOOL) + ", effect " + event.text(ToolCallData.EFFECT) + ")";
                problems.add(trace.at(event, external
                        ? what + " has no result with a known outcome, and " + decisions.unsettledReason(event.id())
                        : what + " has no result with a known outcome"));
            }
        }
        String passMessage = Counts.of(calls) + " tool call(s), each with a result"
                + (decided > 0 ? " or, for " + Counts.of(decided) + " external call(s) of unknown outcome, the owner's decision" : "");
        return ClauseResult.of(ClauseResult.TOOL_RESULTS, trace.traceId, problems, passMessage,
                Counts.of(problems.size()) + " tool call(s) without a result");
    }
}
