package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.List;

/**
 * The {@code replay} object of an event a replay step wrote: the step's status, its differences from the recording
 * and, when it diverged, the class and cause of the divergence and the normalizations applied. Members the object does
 * not hold read as null.
 *
 * @param status         the step's status ({@code matched}, {@code diverged}, {@code stubbed}, …)
 * @param diffs          the differences from the recording, one object each (written always, empty when none)
 * @param divergence     the class of a divergence ({@code behaviour}, {@code environment}, {@code workspace})
 * @param cause          what the replay found to explain the divergence
 * @param normalizations the normalization rules applied before comparing
 */
public record ReplayStepData(String status, ArrayNode diffs, String divergence, String cause, ArrayNode normalizations) {

    public static final String STATUS = "status";
    public static final String DIFFS = "diffs";
    public static final String DIVERGENCE = "divergence";
    public static final String CAUSE = "cause";
    public static final String NORMALIZATIONS = "normalizations";

    /** A step with {@code diffs} (never null) and no normalizations listed when {@code normalizations} is empty. */
    public static ReplayStepData of(String status, List<ObjectNode> diffs, String divergence, String cause,
                                    List<String> normalizations) {
        ArrayNode diffList = Json.MAPPER.createArrayNode();
        diffs.forEach(diffList::add);
        ArrayNode applied = null;
        if (!normalizations.isEmpty()) {
            applied = Json.MAPPER.createArrayNode();
            normalizations.forEach(applied::add);
        }
        return new ReplayStepData(status, diffList, divergence, cause, applied);
    }

    public static ReplayStepData from(ObjectNode replay) {
        return new ReplayStepData(Fields.text(replay, STATUS), Fields.array(replay, DIFFS), Fields.text(replay, DIVERGENCE),
                Fields.text(replay, CAUSE), Fields.array(replay, NORMALIZATIONS));
    }

    /** Writes the non-null members into {@code replay}, leaving every other member as it is; returns it. */
    public ObjectNode into(ObjectNode replay) {
        Fields.put(replay, STATUS, status);
        Fields.put(replay, DIFFS, diffs);
        Fields.put(replay, DIVERGENCE, divergence);
        Fields.put(replay, CAUSE, cause);
        Fields.put(replay, NORMALIZATIONS, normalizations);
        return replay;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
