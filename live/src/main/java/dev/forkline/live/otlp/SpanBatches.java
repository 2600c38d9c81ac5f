package dev.forkline.live.otlp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Splits an OTLP/JSON request by trace id: one OTLP/JSON document per trace, each keeping its spans' resource and
 * scope. A span without a valid trace id (32 hex digits, not all zero) or span id (16 hex digits, not all zero) is
 * rejected: it is counted for the response's partial success and stored nowhere.
 */
public final class SpanBatches {

    /**
     * @param byTrace  one OTLP/JSON document per trace id (lowercase hex), in the order the traces first appear
     * @param accepted spans kept
     * @param rejected spans refused, and why (the first reason)
     */
    public record Split(Map<String, ObjectNode> byTrace, int accepted, int rejected, String rejectedBecause) {
    }

    private SpanBatches() {
    }

    public static Split split(ObjectNode request) throws BadPayloadException {
        Map<String, ObjectNode> byTrace = new LinkedHashMap<>();
        int accepted = 0;
        int rejected = 0;
        String because = null;
        for (JsonNode resourceSpans : array(request, "resourceSpans")) {
            JsonNode resource = resourceSpans.get("resource");
            for (JsonNode scopeSpans : array(resourceSpans, "scopeSpans")) {
                JsonNode scope = scopeSpans.get("scope");
                Map<String, ArrayNode> spansOfScope = new LinkedHashMap<>();
                for (JsonNode span : array(scopeSpans, "spans")) {
                    String problem = problem(span);
                    if (problem != null) {
                        rejected++;
                        because = because == null ? problem : because;
                        continue;
                    }
                    String traceId = span.get("traceId").asText().toLowerCase(Locale.ROOT);
                    spansOfScope.computeIfAbsent(traceId, id -> scopeEntry(byTrace, id, resource, scope)).add(span);
                    accepted++;
                }
            }
        }
        return new Split(byTrace, accepted, rejected, because);
    }

    /** Adds a resourceSpans/scopeSpans pair for this resource and scope to the trace's document; returns its spans array. */
    private static ArrayNode scopeEntry(Map<String, ObjectNode> byTrace, String traceId, JsonNode resource, JsonNode scope) {
        ObjectNode document = byTrace.computeIfAbsent(traceId, id -> {
            ObjectNode created = Json.object();
            created.putArray("resourceSpans");
            return created;
        });
        ObjectNode resourceSpans = ((ArrayNode) document.get("resourceSpans")).addObject();
        if (resource != null) {
            resourceSpans.set("resource", resource);
        }
        ObjectNode scopeSpans = resourceSpans.putArray("scopeSpans").addObject();
        if (scope != null) {
            scopeSpans.set("scope", scope);
        }
        return scopeSpans.putArray("spans");
    }

    private static String problem(JsonNode span) {
        if (!span.isObject()) {
            return "a span is not a JSON object";
        }
        String traceId = span.path("traceId").asText("");
        if (!isNonZeroHex(traceId, 32)) {
            return "a span has no valid traceId (32 hex digits, not all zero): '" + abbreviate(traceId) + "'";
        }
        String spanId = span.path("spanId").asText("");
        if (!isNonZeroHex(spanId, 16)) {
            return "a span has no valid spanId (16 hex digits, not all zero): '" + abbreviate(spanId) + "'";
        }
        return null;
    }

    /** Whether {@code id} is {@code digits} hex digits, not all zero (checked for every span: no pattern, no stream). */
    static boolean isNonZeroHex(String id, int digits) {
        if (id.length() != digits) {
            return false;
        }
        boolean nonZero = false;
        for (int i = 0; i < digits; i++) {
            char c = id.charAt(i);
            if (Character.digit(c, 16) < 0 || c > 'f') {
                return false;
            }
            nonZero |= c != '0';
        }
        return nonZero;
    }

    private static Iterable<JsonNode> array(JsonNode node, String field) throws BadPayloadException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return java.util.List.of();
        }
        if (!value.isArray()) {
            throw new BadPayloadException(field + " must be an array");
        }
        return value;
    }

    private static String abbreviate(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
