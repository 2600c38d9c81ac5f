package dev.forkline.trace.gate;

import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.SessionStartData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.DataSkim;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.RunInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Model and environment identity are recorded: every root run starts with a session.start naming the model
 * (data.model.model) and the environment (data.environment.image or imageDigest), and every model.call names its
 * model. Forked runs inherit their root's session.start.
 */
final class IdentityClause implements TraceClause {

    @Override
    public ClauseResult check(TraceEvidence trace, Contract contract) {
        List<Evidence> problems = new ArrayList<>();
        EventColumns columns = trace.index.columns();
        DataSkim models = new DataSkim(trace.index.events(), Set.of("model"));
        for (RunInfo run : trace.index.runs()) {
            int[] events = trace.index.indexesOf(run.id());
            if (!run.isFork()) {
                Event start = trace.index.get(events[0]);
                if (!start.is(EventType.SESSION_START)) {
                    problems.add(trace.at(start, "run " + run.id() + " does not start with a session.start"));
                } else {
                    JsonNode model = start.data().path(SessionStartData.MODEL);
                    if (blank(model.get(SessionStartData.MODEL_NAME))) {
                        problems.add(trace.at(start, "session.start does not name the model (data.model.model)"));
                    }
                    JsonNode environment = start.data().path(SessionStartData.ENVIRONMENT);
                    if (blank(environment.get(SessionStartData.ENVIRONMENT_IMAGE)) && blank(environment.get(SessionStartData.ENVIRONMENT_IMAGE_DIGEST))) {
                        problems.add(trace.at(start, "session.start names no environment image or imageDigest"));
                    }
                }
            }
            for (int i : events) {
                if (columns.is(i, EventType.MODEL_CALL) && blank(models.of(i).get(ModelCallData.MODEL))) {
                    problems.add(trace.at(trace.index.get(i), "model.call does not name its model"));
                }
            }
        }
        return ClauseResult.of(ClauseResult.IDENTITY, trace.traceId, problems,
                "model and environment named in every root run and model call",
                Counts.of(problems.size()) + " missing model or environment identity");
    }

    private static boolean blank(JsonNode node) {
        return node == null || !node.isTextual() || node.textValue().isBlank();
    }
}
