package dev.forkline.trace.gate;

import dev.forkline.trace.Event;
import dev.forkline.trace.recovery.Incident;
import dev.forkline.trace.recovery.Millis;
import java.util.ArrayList;
import java.util.List;

/** Every incident of the trace was recovered (a recovery run ended in success) within the contract's bound. */
final class RecoveryTimeClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        List<Evidence> problems = new ArrayList<>();
        List<String> times = new ArrayList<>();
        for (Incident incident : trace.metrics.incidents()) {
            Event failure = trace.index.event(incident.firstFailure().eventId()).orElseThrow();
            if (!incident.recovery().recovered()) {
                problems.add(trace.at(failure, "failure in run " + incident.run() + ": recovery not demonstrated ("
                        + (incident.recovery().attempts().isEmpty() ? "no recovery run"
                        : "no success among " + incident.recovery().attempts()) + ")"));
            } else if (incident.recovery().recoveryTime().compareTo(contract.recoveryTimeBound()) > 0) {
                problems.add(trace.at(failure, "recovered by " + incident.recovery().recoveredBy() + " in "
                        + Millis.human(incident.recovery().recoveryTime()) + ", above the bound of "
                        + Millis.human(contract.recoveryTimeBound())));
            } else {
                times.add(incident.run() + " " + Millis.human(incident.recovery().recoveryTime()));
            }
        }
        String passMessage = times.isEmpty() ? "no failure to recover from"
                : "recovered within " + Millis.human(contract.recoveryTimeBound()) + ": " + String.join(", ", times);
        return ClauseResult.of(ClauseResult.RECOVERY_TIME, trace.traceId, problems, passMessage,
                Counts.of(problems.size()) + " incident(s) not recovered within " + Millis.human(contract.recoveryTimeBound()));
    }
}
