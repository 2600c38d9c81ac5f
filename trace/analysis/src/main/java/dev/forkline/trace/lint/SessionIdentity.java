package dev.forkline.trace.lint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.payload.SessionStartData;

/**
 * What a session.start leaves a replay without: the model, the environment, or the environment's image. Taken while
 * the lint's sweep shows the event ({@link PayloadRules}), so that a trace of thousands of runs is not read again run by
 * run for it.
 */
record SessionIdentity(boolean modelUnnamed, boolean environmentMissing, boolean imageUnnamed) {

    static SessionIdentity of(Event start) {
        JsonNode model = start.data().get(SessionStartData.MODEL);
        boolean modelUnnamed = model == null || !model.isObject() || PayloadRules.blank(model.get(SessionStartData.MODEL_NAME));
        JsonNode environment = start.data().get(SessionStartData.ENVIRONMENT);
        boolean environmentMissing = environment == null || !environment.isObject();
        boolean imageUnnamed = !environmentMissing && PayloadRules.blank(environment.get(SessionStartData.ENVIRONMENT_IMAGE))
                && PayloadRules.blank(environment.get(SessionStartData.ENVIRONMENT_IMAGE_DIGEST));
        return new SessionIdentity(modelUnnamed, environmentMissing, imageUnnamed);
    }
}
