package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code revert}: a revert to a checkpoint. Members the trace does not hold read as null. */
public record RevertData(String checkpoint, RevertTarget target, Double durationMs, String directory,
        String containerId) {

    public static final String TYPE = "revert";
    public static final String CHECKPOINT = "checkpoint";
    public static final String TARGET = "target";
    public static final String DURATION_MS = "durationMs";
    /** The directory a revert restored into ({@code target: directory}). */
    public static final String DIRECTORY = "directory";
    /** The container a revert restored into ({@code target: container}), when it names one. */
    public static final String CONTAINER_ID = "containerId";

    public static RevertData from(ObjectNode data) {
        return new RevertData(Fields.text(data, CHECKPOINT),
                RevertTarget.parse(Fields.text(data, TARGET)).orElse(null),
                Fields.number(data, DURATION_MS),
                Fields.text(data, DIRECTORY),
                Fields.text(data, CONTAINER_ID));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, CHECKPOINT, checkpoint);
        Fields.put(data, TARGET, target == null ? null : target.wireName());
        Fields.put(data, DURATION_MS, durationMs);
        Fields.put(data, DIRECTORY, directory);
        Fields.put(data, CONTAINER_ID, containerId);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
