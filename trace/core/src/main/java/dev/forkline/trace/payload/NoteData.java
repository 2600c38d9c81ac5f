package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code note}: a free-text note. Members the trace does not hold read as null. */
public record NoteData(String text) {

    public static final String TYPE = "note";
    public static final String TEXT = "text";

    public static NoteData from(ObjectNode data) {
        return new NoteData(Fields.text(data, TEXT));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, TEXT, text);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
