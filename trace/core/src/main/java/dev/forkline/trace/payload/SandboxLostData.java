package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code sandbox.lost}: the sandbox a run worked in was lost. Members the trace does not hold read as null. */
public record SandboxLostData(String reason, String containerId, Long exitCode, Boolean oomKilled) {

    public static final String TYPE = "sandbox.lost";
    public static final String REASON = "reason";
    public static final String CONTAINER_ID = "containerId";
    public static final String EXIT_CODE = "exitCode";
    public static final String OOM_KILLED = "oomKilled";

    public static SandboxLostData from(ObjectNode data) {
        return new SandboxLostData(Fields.text(data, REASON),
                Fields.text(data, CONTAINER_ID),
                Fields.integer(data, EXIT_CODE),
                Fields.bool(data, OOM_KILLED));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, REASON, reason);
        Fields.put(data, CONTAINER_ID, containerId);
        Fields.put(data, EXIT_CODE, exitCode);
        Fields.put(data, OOM_KILLED, oomKilled);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
