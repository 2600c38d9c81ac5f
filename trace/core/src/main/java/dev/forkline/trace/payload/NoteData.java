package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * The payload of a {@code note}: a free-text note, and when a reviewer pinned a failure's "why" to one of its causes,
 * that {@link CausePin}. Members the trace does not hold read as null.
 */
public record NoteData(String text, CausePin pin) {

    public static final String TYPE = "note";
    public static final String TEXT = "text";
    public static final String PIN = "pin";

    /**
     * A reviewer's statement that {@code failure} happened because of {@code cause}.
     *
     * @param why the reviewer's words, null when none were given
     */
    public record CausePin(String failure, String cause, String reviewer, String why) {

        public static final String FAILURE = "failure";
        public static final String CAUSE = "cause";
        public static final String REVIEWER = "reviewer";
        public static final String WHY = "why";

        static CausePin from(ObjectNode pin) {
            return pin == null ? null : new CausePin(Fields.text(pin, FAILURE), Fields.text(pin, CAUSE),
                    Fields.text(pin, REVIEWER), Fields.text(pin, WHY));
        }

        ObjectNode into(ObjectNode pin) {
            Fields.put(pin, FAILURE, failure);
            Fields.put(pin, CAUSE, cause);
            Fields.put(pin, REVIEWER, reviewer);
            Fields.put(pin, WHY, why);
            return pin;
        }
    }

    public static NoteData from(ObjectNode data) {
        return new NoteData(Fields.text(data, TEXT), CausePin.from(Fields.object(data, PIN)));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, TEXT, text);
        if (pin != null) {
            ObjectNode existing = Fields.object(data, PIN);
            data.set(PIN, pin.into(existing != null ? existing : Json.object()));
        }
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
