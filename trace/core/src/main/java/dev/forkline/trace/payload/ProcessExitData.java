package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code process.exit}: a process of the run that ended. Members the trace does not hold read as null. */
public record ProcessExitData(JsonNode pid, Long exitCode, String signal) {

    public static final String TYPE = "process.exit";
    public static final String PID = "pid";
    public static final String EXIT_CODE = "exitCode";
    public static final String SIGNAL = "signal";

    public static ProcessExitData from(ObjectNode data) {
        return new ProcessExitData(Fields.node(data, PID),
                Fields.integer(data, EXIT_CODE),
                Fields.text(data, SIGNAL));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, PID, pid);
        Fields.put(data, EXIT_CODE, exitCode);
        Fields.put(data, SIGNAL, signal);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
