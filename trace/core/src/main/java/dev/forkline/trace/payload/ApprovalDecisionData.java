package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code approval.decision}: the human owner's signed decision on an escape; {@code verdict} is one of {@code dev.forkline.trace.decision.Verdict}'s wire names. Members the trace does not hold read as null. */
public record ApprovalDecisionData(String subject, String verdict, String owner, String rationale, ObjectNode arguments, JsonNode signature,
        String treatAs, String stdout) {

    public static final String TYPE = "approval.decision";
    public static final String SUBJECT = "subject";
    public static final String VERDICT = "verdict";
    public static final String OWNER = "owner";
    public static final String RATIONALE = "rationale";
    public static final String ARGUMENTS = "arguments";
    public static final String SIGNATURE = "signature";
    /** What a replay takes an external call's outcome to be, without re-firing it: {@code done} or {@code failed}. */
    public static final String TREAT_AS = "treatAs";
    public static final String TREAT_AS_DONE = "done";
    public static final String TREAT_AS_FAILED = "failed";
    /** The output a replay gives a call treated as done or failed. */
    public static final String STDOUT = "stdout";
    /** When the owner decided, as the signed payload states it. */
    public static final String DECIDED_AT = "decidedAt";

    public static ApprovalDecisionData from(ObjectNode data) {
        return new ApprovalDecisionData(Fields.text(data, SUBJECT),
                Fields.text(data, VERDICT),
                Fields.text(data, OWNER),
                Fields.text(data, RATIONALE),
                Fields.object(data, ARGUMENTS),
                Fields.node(data, SIGNATURE),
                Fields.text(data, TREAT_AS),
                Fields.text(data, STDOUT));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, SUBJECT, subject);
        Fields.put(data, VERDICT, verdict);
        Fields.put(data, OWNER, owner);
        Fields.put(data, RATIONALE, rationale);
        Fields.put(data, ARGUMENTS, arguments);
        Fields.put(data, SIGNATURE, signature);
        Fields.put(data, TREAT_AS, treatAs);
        Fields.put(data, STDOUT, stdout);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
