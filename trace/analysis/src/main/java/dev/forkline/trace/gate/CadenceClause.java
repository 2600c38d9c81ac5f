package dev.forkline.trace.gate;

import dev.forkline.trace.payload.RevertData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.recovery.Millis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Checkpoints kept their cadence: walking each run's own events, a restore point is the run's first event, a
 * checkpoint, or a revert; every tool.call must be at most the Nth since the last restore point and start at most T
 * after it.
 */
final class CadenceClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        Contract.Cadence cadence = contract.cadence();
        List<Evidence> problems = new ArrayList<>();
        int calls = 0;
        EventColumns columns = trace.index.columns();
        for (RunInfo run : trace.index.runs()) {
            int restore = -1;
            int sinceRestore = 0;
            for (int i : trace.index.indexesOf(run.id())) {
                if (restore < 0 || columns.is(i, EventType.CHECKPOINT) || columns.is(i, EventType.REVERT)) {
                    restore = i;
                    sinceRestore = 0;
                }
                if (!columns.is(i, EventType.TOOL_CALL)) {
                    continue;
                }
                calls++;
                sinceRestore++;
                if (cadence.maxToolCalls() != null && sinceRestore == cadence.maxToolCalls() + 1) {
                    problems.add(trace.at(trace.index.get(i), "tool call #" + sinceRestore + " since "
                            + describe(trace.index.get(restore)) + "; the contract allows " + cadence.maxToolCalls()));
                }
                Duration gap = Duration.between(columns.ts(restore), columns.ts(i));
                if (cadence.maxInterval() != null && gap.compareTo(cadence.maxInterval()) > 0) {
                    problems.add(trace.at(trace.index.get(i), "tool call " + Millis.human(gap) + " after "
                            + describe(trace.index.get(restore)) + "; the contract allows " + Millis.human(cadence.maxInterval())));
                }
            }
        }
        return ClauseResult.of(ClauseResult.CADENCE, trace.traceId, problems,
                Counts.of(calls) + " tool call(s), each within the checkpoint cadence",
                Counts.of(problems.size()) + " tool call(s) too far from the last checkpoint");
    }

    private static String describe(Event restore) {
        if (restore.is(EventType.CHECKPOINT)) {
            String id = restore.text(CheckpointData.CHECKPOINT_ID);
            return "checkpoint " + (id == null ? restore.id() : id) + " (" + restore.id() + ")";
        }
        if (restore.is(EventType.REVERT) || restore.is(EventType.RUN_FORK)) {
            String id = restore.text(RevertData.CHECKPOINT);
            return restore.type() + " to " + (id == null ? "?" : id) + " (" + restore.id() + ")";
        }
        return "the start of run " + restore.run() + " (" + restore.id() + ", no checkpoint yet)";
    }
}
