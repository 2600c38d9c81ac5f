package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code process.start}: a process the run started. Members the trace does not hold read as null. */
public record ProcessStartData(JsonNode pid, ArrayNode argv, String name) {

    public static final String TYPE = "process.start";
    public static final String PID = "pid";
    public static final String ARGV = "argv";
    public static final String NAME = "name";

    public static ProcessStartData from(ObjectNode data) {
        return new ProcessStartData(Fields.node(data, PID),
                Fields.array(data, ARGV),
                Fields.text(data, NAME));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, PID, pid);
        Fields.put(data, ARGV, argv);
        Fields.put(data, NAME, name);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
