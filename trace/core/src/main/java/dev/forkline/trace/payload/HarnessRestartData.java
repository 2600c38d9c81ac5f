package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code harness.restart}: the harness was restarted. Members the trace does not hold read as null. */
public record HarnessRestartData(String fromCheckpoint, String reason, ArrayNode unknownOutcomes) {

    public static final String TYPE = "harness.restart";
    public static final String FROM_CHECKPOINT = "fromCheckpoint";
    public static final String REASON = "reason";
    /** The calls (callIds) whose outcome nobody knows when the harness restarted. */
    public static final String UNKNOWN_OUTCOMES = "unknownOutcomes";

    public static HarnessRestartData from(ObjectNode data) {
        return new HarnessRestartData(Fields.text(data, FROM_CHECKPOINT),
                Fields.text(data, REASON),
                Fields.array(data, UNKNOWN_OUTCOMES));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, FROM_CHECKPOINT, fromCheckpoint);
        Fields.put(data, REASON, reason);
        Fields.put(data, UNKNOWN_OUTCOMES, unknownOutcomes);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
