package dev.forkline.trace.gate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.List;

/**
 * The verdict of one clause of the contract, for one trace (or for the contract as a whole: scenario clauses).
 *
 * @param clause   the clause id: integrity, cadence, tool-results, identity, isolation, escapes, revert, recovery-time,
 *                 or scenario:&lt;id&gt;
 * @param traceId  the trace it was checked on; null for a scenario clause, which looks at every trace
 * @param passed   whether the clause holds
 * @param message  one line for people
 * @param evidence the events behind a failure (empty when it passed)
 */
public record ClauseResult(String clause, String traceId, boolean passed, String message, List<Evidence> evidence) {

    public static final String INTEGRITY = "integrity";
    public static final String CADENCE = "cadence";
    public static final String TOOL_RESULTS = "tool-results";
    public static final String IDENTITY = "identity";
    public static final String ISOLATION = "isolation";
    public static final String ESCAPES = "escapes";
    public static final String REVERT = "revert";
    public static final String RECOVERY_TIME = "recovery-time";
    public static final String SCENARIO_PREFIX = "scenario:";

    public ClauseResult {
        evidence = List.copyOf(evidence);
    }

    public static ClauseResult pass(String clause, String traceId, String message) {
        return new ClauseResult(clause, traceId, true, message, List.of());
    }

    public static ClauseResult fail(String clause, String traceId, String message, List<Evidence> evidence) {
        return new ClauseResult(clause, traceId, false, message, evidence);
    }

    /** Passes when nothing is wrong, else fails with {@code failMessage} and the evidence. */
    public static ClauseResult of(String clause, String traceId, List<Evidence> problems, String passMessage, String failMessage) {
        return problems.isEmpty() ? pass(clause, traceId, passMessage) : fail(clause, traceId, failMessage, problems);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("clause", clause);
        json.put("traceId", traceId);
        json.put("passed", passed);
        json.put("message", message);
        ArrayNode list = json.putArray("evidence");
        evidence.forEach(item -> list.add(item.toJson()));
        return json;
    }
}
