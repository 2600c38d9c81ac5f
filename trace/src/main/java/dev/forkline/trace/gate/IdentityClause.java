package dev.forkline.trace.gate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.RunInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * Model and environment identity are recorded: every root run starts with a session.start naming the model
 * (data.model.model) and the environment (data.environment.image or imageDigest), and every model.call names its
 * model. Forked runs inherit their root's session.start.
 */
final class IdentityClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        List<Evidence> problems = new ArrayList<>();
        for (RunInfo run : trace.index.runs()) {
            List<Event> events = trace.index.eventsOf(run.id());
            if (!run.isFork()) {
                Event start = events.getFirst();
                if (!start.is(EventType.SESSION_START)) {
                    problems.add(trace.at(start, "run " + run.id() + " does not start with a session.start"));
                } else {
                    JsonNode model = start.data().path("model");
                    if (blank(model.get("model"))) {
                        problems.add(trace.at(start, "session.start does not name the model (data.model.model)"));
                    }
                    JsonNode environment = start.data().path("environment");
                    if (blank(environment.get("image")) && blank(environment.get("imageDigest"))) {
                        problems.add(trace.at(start, "session.start names no environment image or imageDigest"));
                    }
                }
            }
            for (Event event : events) {
                if (event.is(EventType.MODEL_CALL) && blank(event.data().get("model"))) {
                    problems.add(trace.at(event, "model.call does not name its model"));
                }
            }
        }
        return ClauseResult.of(ClauseResult.IDENTITY, trace.traceId, problems,
                "model and environment named in every root run and model call",
                problems.size() + " missing model or environment identity");
    }

    private static boolean blank(JsonNode node) {
        return node == null || !node.isTextual() || node.textValue().isBlank();
    }
}
