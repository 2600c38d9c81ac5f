package dev.forkline.trace.decision;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * Recorded in a decision made on an altered trace: the owner was shown that the trace is altered, where it first
 * breaks, and decided anyway. Written as {@code data.integrity} of the approval.decision, so the owner's signature
 * covers it.
 *
 * @param firstBadEvent     the first event that does not verify
 * @param line              its line in trace.jsonl when known, else 0
 * @param problems          how many problems the verification found
 * @param subjectAfterBreak whether the decided event is the first bad event or comes after it in its lineage
 */
public record AlteredTraceAcknowledgement(String firstBadEvent, long line, int problems, boolean subjectAfterBreak) {

    /** {@code data.integrity.verdict}: what the owner saw. */
    public static final String VERDICT = "altered";

    public AlteredTraceAcknowledgement {
        if (firstBadEvent == null || firstBadEvent.isBlank()) {
            throw new IllegalArgumentException("an altered trace is altered at some event: name the first bad event");
        }
        if (line < 0 || problems < 1) {
            throw new IllegalArgumentException("line must be >= 0 and problems >= 1");
        }
    }

    /** {@code {"verdict":"altered","firstBadEvent","line","problems","subjectAfterBreak"}} */
    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("verdict", VERDICT);
        json.put("firstBadEvent", firstBadEvent);
        json.put("line", line);
        json.put("problems", problems);
        json.put("subjectAfterBreak", subjectAfterBreak);
        return json;
    }

    /** @throws IllegalArgumentException when {@code json} is not {@link #toJson()}'s form */
    public static AlteredTraceAcknowledgement fromJson(JsonNode json) {
        if (json == null || !json.isObject() || !VERDICT.equals(json.path("verdict").asText(null))
                || !json.path("firstBadEvent").isTextual() || !json.path("line").canConvertToLong()
                || !json.path("problems").canConvertToInt() || !json.path("subjectAfterBreak").isBoolean()) {
            throw new IllegalArgumentException("'integrity' must be {\"verdict\":\"altered\",\"firstBadEvent\",\"line\",\"problems\","
                    + "\"subjectAfterBreak\"}");
        }
        return new AlteredTraceAcknowledgement(json.get("firstBadEvent").textValue(), json.get("line").asLong(),
                json.get("problems").asInt(), json.get("subjectAfterBreak").booleanValue());
    }
}
