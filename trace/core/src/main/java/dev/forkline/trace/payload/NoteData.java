package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * The payload of a {@code note}: a free-text note, and when a reviewer pinned a failure's "why" to one of its causes,
 * that {@link CausePin}. Members the trace does not hold read as null.
 */
public record NoteData(String text, CausePin pin, ObjectNode trackedFileBackups) {

    public static final String TYPE = "note";
    public static final String TEXT = "text";
    public static final String PIN = "pin";
    /**
     * Claude Code's file-history snapshot, copied by its importer: the backups by path, each with
     * {@code backupFileName}, {@code version} and {@code backupTime}.
     */
    public static final String TRACKED_FILE_BACKUPS = "trackedFileBackups";
    public static final String BACKUP_FILE_NAME = "backupFileName";
    public static final String BACKUP_VERSION = "version";
    public static final String BACKUP_TIME = "backupTime";

    /** A note with {@code text} and, when not null, a reviewer's pin. */
    public NoteData(String text, CausePin pin) {
        this(text, pin, null);
    }

    /** A plain note. */
    public static NoteData of(String text) {
        return new NoteData(text, null, null);
    }

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
        return new NoteData(Fields.text(data, TEXT), CausePin.from(Fields.object(data, PIN)),
                Fields.object(data, TRACKED_FILE_BACKUPS));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, TEXT, text);
        Fields.put(data, TRACKED_FILE_BACKUPS, trackedFileBackups);
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
