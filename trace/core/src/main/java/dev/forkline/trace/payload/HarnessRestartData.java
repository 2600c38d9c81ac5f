package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code harness.restart}: the harness was restarted. Members the trace does not hold read as null. */
public record HarnessRestartData(String fromCheckpoint, String reason) {

    public static final String TYPE = "harness.restart";
    public static final String FROM_CHECKPOINT = "fromCheckpoint";
    public static final String REASON = "reason";

    public static HarnessRestartData from(ObjectNode data) {
        return new HarnessRestartData(Fields.text(data, FROM_CHECKPOINT),
                Fields.text(data, REASON));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, FROM_CHECKPOINT, fromCheckpoint);
        Fields.put(data, REASON, reason);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
