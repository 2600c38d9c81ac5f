package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code escape.attempt}: an attempt to cross the isolation boundary. Members the trace does not hold read as null. */
public record EscapeAttemptData(EscapeBoundary boundary, String attempt, Boolean blocked, String callId, String evidence) {

    public static final String TYPE = "escape.attempt";
    public static final String BOUNDARY = "boundary";
    public static final String ATTEMPT = "attempt";
    public static final String BLOCKED = "blocked";
    public static final String CALL_ID = "callId";
    /** The last line the attempt printed: what blocked it, or what it reached. */
    public static final String EVIDENCE = "evidence";

    public static EscapeAttemptData from(ObjectNode data) {
        return new EscapeAttemptData(EscapeBoundary.parse(Fields.text(data, BOUNDARY)).orElse(null),
                Fields.text(data, ATTEMPT),
                Fields.bool(data, BLOCKED),
                Fields.text(data, CALL_ID),
                Fields.text(data, EVIDENCE));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, BOUNDARY, boundary == null ? null : boundary.wireName());
        Fields.put(data, ATTEMPT, attempt);
        Fields.put(data, BLOCKED, blocked);
        Fields.put(data, CALL_ID, callId);
        Fields.put(data, EVIDENCE, evidence);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
