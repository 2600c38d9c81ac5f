package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code approval.request}: a request for the human owner's decision. Members the trace does not hold read as null. */
public record ApprovalRequestData(String subject, String reason, String owner) {

    public static final String TYPE = "approval.request";
    public static final String SUBJECT = "subject";
    public static final String REASON = "reason";
    public static final String OWNER = "owner";
    /** The tool call the request holds back, when an importer's source names it. */
    public static final String CALL_ID = "callId";

    public static ApprovalRequestData from(ObjectNode data) {
        return new ApprovalRequestData(Fields.text(data, SUBJECT),
                Fields.text(data, REASON),
                Fields.text(data, OWNER));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, SUBJECT, subject);
        Fields.put(data, REASON, reason);
        Fields.put(data, OWNER, owner);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
