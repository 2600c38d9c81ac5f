package dev.forkline.trace.columns;

import dev.forkline.trace.EventType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one rule for "this tool.call got its result" (escape queue, gate): a tool.result with a known outcome in the
 * call's own run that names the call among its causes or carries the call's callId.
 */
public final class AnsweredToolCalls {

    private AnsweredToolCalls() {
    }

    /** The file-order indexes of the answered tool.calls. */
    public static BitSet of(EventColumns columns) {
        IdTable ids = columns.idTable();
        Map<String, List<Integer>> callsByRunAndCallId = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.TOOL_CALL) && columns.callId(i) != null) {
                callsByRunAndCallId.computeIfAbsent(columns.run(i) + "\n" + columns.callId(i), k -> new ArrayList<>()).add(i);
            }
        }
        BitSet answered = new BitSet(columns.size());
        for (int result = 0; result < columns.size(); result++) {
            if (!columns.is(result, EventType.TOOL_RESULT) || columns.has(result, EventFacts.OUTCOME_UNKNOWN)) {
                continue;
            }
            for (int k = 0; k < columns.causeCount(result); k++) {
                int call = ids.indexOf(columns.cause(result, k));
                if (call >= 0 && columns.is(call, EventType.TOOL_CALL) && columns.runCode(call) == columns.runCode(result)) {
                    answered.set(call);
                }
            }
            if (columns.callId(result) != null) {
                callsByRunAndCallId.getOrDefault(columns.run(result) + "\n" + columns.callId(result), List.of()).forEach(answered::set);
            }
        }
        return answered;
    }
}
