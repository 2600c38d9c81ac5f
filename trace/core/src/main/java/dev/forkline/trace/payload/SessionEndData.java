package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code session.end}: how a run ended. Members the trace does not hold read as null. */
public record SessionEndData(SessionOutcome outcome, String summary, ObjectNode usage, String usageScope, Double costUsd,
        ArrayNode unknownOutcomes) {

    public static final String TYPE = "session.end";
    public static final String OUTCOME = "outcome";
    public static final String SUMMARY = "summary";
    public static final String USAGE = "usage";
    public static final String USAGE_SCOPE = "usageScope";
    public static final String COST_USD = "costUsd";
    /** The calls (callId, else event id) whose outcome nobody knows when the run ended. */
    public static final String UNKNOWN_OUTCOMES = "unknownOutcomes";
    /** True when an importer wrote the session.end because the source records no end of its own. */
    public static final String SYNTHESISED = "synthesised";

    public static SessionEndData from(ObjectNode data) {
        return new SessionEndData(SessionOutcome.parse(Fields.text(data, OUTCOME)).orElse(null),
                Fields.text(data, SUMMARY),
                Fields.object(data, USAGE),
                Fields.text(data, USAGE_SCOPE),
                Fields.number(data, COST_USD),
                Fields.array(data, UNKNOWN_OUTCOMES));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, OUTCOME, outcome == null ? null : outcome.wireName());
        Fields.put(data, SUMMARY, summary);
        Fields.put(data, USAGE, usage);
        Fields.put(data, USAGE_SCOPE, usageScope);
        Fields.put(data, COST_USD, costUsd);
        Fields.put(data, UNKNOWN_OUTCOMES, unknownOutcomes);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
