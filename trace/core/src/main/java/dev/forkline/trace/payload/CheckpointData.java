package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code checkpoint}: a point a run can be restored to: its workspace, harness and processes. Members the trace does not hold read as null. */
public record CheckpointData(String checkpointId, String label, ObjectNode workspace, ObjectNode harness, ArrayNode processes) {

    public static final String TYPE = "checkpoint";
    public static final String CHECKPOINT_ID = "checkpointId";
    public static final String LABEL = "label";
    public static final String WORKSPACE = "workspace";
    public static final String HARNESS = "harness";
    public static final String PROCESSES = "processes";

    public static CheckpointData from(ObjectNode data) {
        return new CheckpointData(Fields.text(data, CHECKPOINT_ID),
                Fields.text(data, LABEL),
                Fields.object(data, WORKSPACE),
                Fields.object(data, HARNESS),
                Fields.array(data, PROCESSES));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, CHECKPOINT_ID, checkpointId);
        Fields.put(data, LABEL, label);
        Fields.put(data, WORKSPACE, workspace);
        Fields.put(data, HARNESS, harness);
        Fields.put(data, PROCESSES, processes);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
