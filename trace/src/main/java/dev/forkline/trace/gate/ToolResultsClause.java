package dev.forkline.trace.gate;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.RunInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;

/**
 * Every tool.call got a tool.result in its own run (naming the call in causes, or carrying its callId) whose outcome
 * is known. An external call without one passes only when the owner decided it.
 */
final class ToolResultsClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        OwnerDecisions decisions = new OwnerDecisions(trace, contract.owner());
        List<Evidence> problems = new ArrayList<>();
        int calls = 0;
        int decided = 0;
        for (RunInfo run : trace.index.runs()) {
            List<Event> events = trace.index.eventsOf(run.id());
            Set<String> answered = answered(events);
            for (Event call : events) {
                if (!call.is(EventType.TOOL_CALL)) {
                    continue;
                }
                calls++;
                if (answered.contains(call.id()) && !"unknown".equals(call.text("outcome"))) {
                    continue;
                }
                boolean external = "external".equals(call.text("effect"));
                if (external && decisions.settles(call.id())) {
                    decided++;
                    continue;
                }
                String what = "tool.call " + call.id() + " (" + call.text("tool") + ", effect " + call.text("effect") + ")";
                problems.add(trace.at(call, external
                        ? what + " has no result with a known outcome, and " + decisions.unsettledReason(call.id())
                        : what + " has no result with a known outcome"));
            }
        }
        String passMessage = calls + " tool call(s), each with a result"
                + (decided > 0 ? " or, for " + decided + " external call(s) of unknown outcome, the owner's decision" : "");
        return ClauseResult.of(ClauseResult.TOOL_RESULTS, trace.traceId, problems, passMessage,
                problems.size() + " tool call(s) without a result");
    }

    /** Calls of these events (one run) answered by a result with a known outcome. */
    private static Set<String> answered(List<Event> events) {
        Map<String, List<String>> callsByCallId = new HashMap<>();
        for (Event call : events) {
            if (call.is(EventType.TOOL_CALL) && call.text("callId") != null) {
                callsByCallId.computeIfAbsent(call.text("callId"), k -> new ArrayList<>()).add(call.id());
            }
        }
        Set<String> answered = new HashSet<>();
        for (Event result : events) {
            if (result.is(EventType.TOOL_RESULT) && !"unknown".equals(result.text("outcome"))) {
                answered.addAll(result.causes());
                answered.addAll(callsByCallId.getOrDefault(result.text("callId"), List.of()));
            }
        }
        return answered;
    }
}
