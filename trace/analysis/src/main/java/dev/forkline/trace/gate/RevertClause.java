package dev.forkline.trace.gate;

import dev.forkline.trace.payload.RevertData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.recovery.Millis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Every revert used the contract's mechanism (data.target) and, when the contract bounds it, took no longer. */
final class RevertClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        Contract.Revert wanted = contract.revert();
        List<Evidence> problems = new ArrayList<>();
        int reverts = 0;
        EventColumns columns = trace.index.columns();
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.is(i, EventType.REVERT)) {
                continue;
            }
            Event event = trace.index.get(i);
            reverts++;
            if (!wanted.mechanism().equals(event.text(RevertData.TARGET))) {
                problems.add(trace.at(event, "revert to " + event.text(RevertData.CHECKPOINT) + " used target '" + event.text(RevertData.TARGET)
                        + "', the contract says '" + wanted.mechanism() + "'"));
            }
            JsonNode duration = event.data().get(RevertData.DURATION_MS);
            if (wanted.maxDuration() != null) {
                if (duration == null || !duration.canConvertToLong()) {
                    problems.add(trace.at(event, "revert to " + event.text(RevertData.CHECKPOINT) + " records no durationMs"));
                } else if (Duration.ofMillis(duration.asLong()).compareTo(wanted.maxDuration()) > 0) {
                    problems.add(trace.at(event, "revert took " + duration.asLong() + " ms, the contract allows "
                            + Millis.human(wanted.maxDuration())));
                }
            }
        }
        return ClauseResult.of(ClauseResult.REVERT, trace.traceId, problems,
                reverts == 0 ? "no revert events" : Counts.of(reverts) + " revert(s) by " + wanted.mechanism() + " within bounds",
                Counts.of(problems.size()) + " revert(s) break the contract's revert mechanism");
    }
}
