package dev.forkline.trace.gate;

import dev.forkline.trace.payload.SessionStartData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.RunInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Every root run was recorded inside the contract's boundary (session.start data.environment.isolation). */
final class IsolationClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        Contract.Isolation wanted = contract.isolation();
        List<Evidence> problems = new ArrayList<>();
        int roots = 0;
        for (RunInfo run : trace.index.runs()) {
            if (run.isFork()) {
                continue;
            }
            roots++;
            Event start = trace.index.eventsOf(run.id()).getFirst();
            JsonNode environment = start.is(EventType.SESSION_START) ? start.data().path(SessionStartData.ENVIRONMENT) : null;
            JsonNode isolation = environment == null ? null : environment.get(SessionStartData.ENVIRONMENT_ISOLATION);
            if (isolation == null || !isolation.isObject()) {
                problems.add(trace.at(start, "run " + run.id() + " records no isolation (session.start data.environment.isolation)"));
                continue;
            }
            List<String> mismatches = new ArrayList<>();
            String image = text(isolation, "image") != null ? text(isolation, "image") : text(environment, "image");
            same(mismatches, "image", wanted.image(), image);
            same(mismatches, "network", wanted.network(), text(isolation, "network"));
            same(mismatches, "user", wanted.user(), text(isolation, "user"));
            flag(mismatches, "readOnlyRoot", wanted.readOnlyRoot(), isolation.get("readOnlyRoot"));
            flag(mismatches, "noNewPrivileges", wanted.noNewPrivileges(), isolation.get("noNewPrivileges"));
            if (wanted.capDrop() != null) {
                List<String> dropped = new ArrayList<>();
                isolation.path("capDrop").forEach(cap -> dropped.add(cap.asText()));
                for (String cap : wanted.capDrop()) {
                    if (!dropped.contains(cap)) {
                        mismatches.add("capability " + cap + " is not dropped (capDrop " + dropped + ")");
                    }
                }
            }
            for (Map.Entry<String, Long> limit : wanted.limits().entrySet()) {
                JsonNode recorded = isolation.get(limit.getKey());
                if (recorded == null || !recorded.canConvertToLong()) {
                    mismatches.add(limit.getKey() + " is not limited (the contract allows at most " + limit.getValue() + ")");
                } else if (recorded.asLong() > limit.getValue()) {
                    mismatches.add(limit.getKey() + " is " + recorded.asLong() + ", above the contract's " + limit.getValue());
                }
            }
            mismatches.forEach(mismatch -> problems.add(trace.at(start, mismatch)));
        }
        return ClauseResult.of(ClauseResult.ISOLATION, trace.traceId, problems,
                Counts.of(roots) + " root run(s) recorded inside the contract's boundary",
                Counts.of(problems.size()) + " isolation setting(s) differ from the contract");
    }

    private static void same(List<String> mismatches, String field, String wanted, String recorded) {
        if (wanted != null && !wanted.equals(recorded)) {
            mismatches.add(field + " is " + (recorded == null ? "not recorded" : "'" + recorded + "'") + ", the contract says '" + wanted + "'");
        }
    }

    private static void flag(List<String> mismatches, String field, Boolean wanted, JsonNode recorded) {
        if (wanted != null && (recorded == null || !recorded.isBoolean() || recorded.booleanValue() != wanted)) {
            mismatches.add(field + " is " + (recorded == null ? "not recorded" : recorded.toString()) + ", the contract says " + wanted);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value != null && value.isValueNode() && !value.isNull() ? value.asText() : null;
    }
}
