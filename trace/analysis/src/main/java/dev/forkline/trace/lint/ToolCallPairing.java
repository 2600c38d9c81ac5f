package dev.forkline.trace.lint;

import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.TraceIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pairs tool calls with their results, from the index's columns alone: a call is answered by a result that names it as
 * a cause, or by a later result with its callId in a lineage holding the call; a result must answer a call the same way.
 */
final class ToolCallPairing {

    private final TraceIndex index;
    private final EventColumns columns;
    private final EventFindings eventFindings;

    ToolCallPairing(TraceIndex index, EventFindings eventFindings) {
        this.index = index;
        this.columns = index.columns();
        this.eventFindings = eventFindings;
    }

    /** Calls without results, then results without calls, each in file order. */
    List<Finding> findings() {
        List<Finding> out = new ArrayList<>();
        Set<String> answeredCallIds = new HashSet<>();
        Map<String, List<Integer>> resultsByCallId = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.TOOL_RESULT)) {
                answeredCallIds.addAll(columns.causes(i));
                String callId = columns.callId(i);
                if (callId != null) {
                    resultsByCallId.computeIfAbsent(callId, k -> new ArrayList<>()).add(i);
                }
            }
        }
        Map<String, List<Integer>> callsByCallId = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.TOOL_CALL)) {
                String callId = columns.callId(i);
                if (callId != null) {
                    callsByCallId.computeIfAbsent(callId, k -> new ArrayList<>()).add(i);
                }
                boolean answered = answeredCallIds.contains(columns.id(i))
                        || callId != null && anyInLineageAfter(resultsByCallId.get(callId), i, true);
                if (!answered) {
                    out.add(eventFindings.of(Finding.Severity.WARNING, LintCodes.TOOL_CALL_WITHOUT_RESULT, "tool.call " + Linter.quote(callId)
                            + " (" + columns.tool(i) + ") never got a tool.result: its effect is unknown", i));
                }
            }
        }
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.TOOL_RESULT)) {
                String callId = columns.callId(i);
                if (!causedByCall(i) && (callId == null || !anyInLineageAfter(callsByCallId.get(callId), i, false))) {
                    out.add(eventFindings.of(Finding.Severity.WARNING, LintCodes.RESULT_WITHOUT_CALL, "tool.result " + Linter.quote(callId)
                            + " answers no tool.call of its run's lineage", i));
                }
            }
        }
        return out;
    }

    private boolean causedByCall(int result) {
        for (int k = 0; k < columns.causeCount(result); k++) {
            int cause = index.indexOf(columns.cause(result, k));
            if (cause >= 0 && columns.is(cause, EventType.TOOL_CALL)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether one of {@code candidates} pairs with event {@code i}: for a call ({@code candidatesAreResults}), a result
     * whose lineage holds the call; for a result, a call in the result's lineage.
     */
    private boolean anyInLineageAfter(List<Integer> candidates, int i, boolean candidatesAreResults) {
        if (candidates == null) {
            return false;
        }
        for (int candidate : candidates) {
            int later = candidatesAreResults ? candidate : i;
            int earlier = candidatesAreResults ? i : candidate;
            var lineage = index.lineage(columns.run(later));
            int earlierPosition = lineage.positionOfIndex(earlier);
            if (earlierPosition >= 0 && earlierPosition < lineage.positionOfIndex(later)) {
                return true;
            }
        }
        return false;
    }
}
