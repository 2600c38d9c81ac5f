package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;

/**
 * One span in a shape common to OTLP/JSON and Jaeger: attribute values already decoded from AnyValue (or Jaeger tags)
 * into plain JSON values.
 *
 * @param start    null when the source has no start time
 * @param end      null when the span never ended (or the source has no end)
 * @param status   UNSET, OK or ERROR
 * @param resource the attributes of the resource (OTLP) or process (Jaeger) that produced it
 * @param line     the line of the file where the span's record starts
 */
record OtelSpan(String traceId, String spanId, String parentId, String name, String kind, Instant start, Instant end,
                ObjectNode attributes, String status, String statusMessage, List<SpanEvent> events, ObjectNode resource,
                String scope, long line) {

    /** A timed event inside a span (e.g. {@code exception}, {@code gen_ai.content.prompt}). */
    record SpanEvent(String name, Instant time, ObjectNode attributes) {
    }

    String text(String key) {
        JsonNode value = attributes.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    JsonNode value(String key) {
        JsonNode value = attributes.get(key);
        return value == null || value.isNull() ? null : value;
    }

    String resourceText(String key) {
        JsonNode value = resource.get(key);
        return value == null || value.isNull() ? null : value.asText();
    }

    boolean isError() {
        return "ERROR".equals(status);
    }

    /**
     * From the span's identity and place in the file only: spans are map keys all through the import, and the
     * record's own hash would hash every attribute (the whole payload) at each lookup. Equal spans still hash alike.
     */
    @Override
    public int hashCode() {
        return java.util.Objects.hash(traceId, spanId, line);
    }

    Long durationMs() {
        return start == null || end == null ? null : java.time.Duration.between(start, end).toMillis();
    }
}
