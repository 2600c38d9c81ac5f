package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code error}: an error the harness or agent reported. Members the trace does not hold read as null. */
public record ErrorData(String message, String kind) {

    public static final String TYPE = "error";
    public static final String MESSAGE = "message";
    public static final String KIND = "kind";

    public static ErrorData from(ObjectNode data) {
        return new ErrorData(Fields.text(data, MESSAGE),
                Fields.text(data, KIND));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, MESSAGE, message);
        Fields.put(data, KIND, kind);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
