package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * The replay's outcome next to the original run's. The "check" is the last re-executed workspace or process tool
 * call (a scenario's build/test step): its exit code says whether the run's work ended up passing.
 *
 * @param originalOutcome  session.end data.outcome of the original run (null when it has none)
 * @param replayOutcome    the outcome written in the replay's session.end
 * @param checkEventId     the recorded tool.call taken as the check (null when the run has none)
 * @param originalExitCode its recorded exit code (null when unknown)
 * @param replayExitCode   its exit code in the replay (null when it was not reached)
 */
public record OutcomeComparison(String originalOutcome, String replayOutcome, String checkEventId, Integer originalExitCode,
                                Integer replayExitCode) {

    /** The check failed in the recording and passes in the replay. */
    public boolean checkNowPasses() {
        return replayExitCode != null && replayExitCode == 0 && (originalExitCode == null || originalExitCode != 0);
    }

    public boolean checkPasses() {
        return replayExitCode != null && replayExitCode == 0;
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("originalOutcome", originalOutcome);
        json.put("replayOutcome", replayOutcome);
        json.put("checkEventId", checkEventId);
        if (originalExitCode == null) {
            json.putNull("originalExitCode");
        } else {
            json.put("originalExitCode", originalExitCode);
        }
        if (replayExitCode == null) {
            json.putNull("replayExitCode");
        } else {
            json.put("replayExitCode", replayExitCode);
        }
        json.put("checkNowPasses", checkNowPasses());
        return json;
    }
}
