package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.SharedStrings;
import java.time.Instant;

/**
 * One observation of a Langfuse export as its first pass leaves it: the facts that order and nest it, and where its
 * JSON lies in the file ({@link ObservationSource} reads it again when its events are written).
 *
 * @param type     as the export spells it (null when absent)
 * @param start    null when the observation has no start time
 * @param end      its end time, its start when it has none or ends before it starts
 * @param agent    the agent the observation itself declares ({@link Observations#declaredAgent}), or null
 * @param from     where its JSON starts in the file; -1 for an element that is not an object, which {@code held} holds
 * @param line     the file's line its JSON starts on
 * @param held     the element itself when it is not an object (a list of observations may hold anything), else null
 */
record Observation(String id, String parentId, String type, String name, String level, String model, Instant start,
                   Instant end, String agent, long from, int length, long line, JsonNode held) {

    /**
     * The facts of one element of the observations list, which starts on {@code line} at {@code from} and takes
     * {@code length} bytes; the texts that repeat from observation to observation (parent, type, name, level, model,
     * agent) as {@code shared}'s instances, since an export may hold a million observations.
     */
    static Observation of(JsonNode element, long from, int length, long line, SharedStrings shared) {
        boolean object = element.isObject();
        return new Observation(JsonFields.scalar(element, "id"), shared.of(JsonFields.scalar(element, "parentObservationId")),
                shared.of(JsonFields.scalar(element, "type")), shared.of(JsonFields.scalar(element, "name")),
                shared.of(JsonFields.scalar(element, "level")), shared.of(JsonFields.scalar(element, "model")),
                Observations.startOf(element), Observations.endOf(element), shared.of(Observations.declaredAgent(element)),
                object ? from : -1, object ? length : 0, line, object ? null : element);
    }
}
