package dev.forkline.live.otlp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import dev.forkline.trace.Json;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Turns the body of an OTLP/HTTP trace export ({@code application/x-protobuf} or {@code application/json}, already
 * un-gzipped) into an OTLP/JSON document ({@code {"resourceSpans": [...]}}), the form Forkline's OpenTelemetry importer
 * reads. Protobuf is printed as the OTLP/JSON mapping asks: lowerCamelCase names, enums as integers, trace and span ids
 * as hex (protobuf's own JSON mapping would write them in base64).
 */
public final class OtlpPayload {

    public static final String PROTOBUF = "application/x-protobuf";
    public static final String JSON = "application/json";

    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().printingEnumsAsInts().omittingInsignificantWhitespace();
    /** Forkline's shared mapper: hardened against deep nesting and huge numbers already. */
    private static final ObjectMapper STRICT_JSON = Json.MAPPER;

    private OtlpPayload() {
    }

    /** The media type without parameters, lowercased ({@code application/json; charset=utf-8} → {@code application/json}). */
    public static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    public static boolean supported(String mediaType) {
        return PROTOBUF.equals(mediaType) || JSON.equals(mediaType);
    }

    /** @throws BadPayloadException when the body is not an ExportTraceServiceRequest in that encoding */
    public static ObjectNode decode(byte[] body, String mediaType) throws BadPayloadException {
        return PROTOBUF.equals(mediaType) ? fromProtobuf(body) : fromJson(body);
    }

    static ObjectNode fromProtobuf(byte[] body) throws BadPayloadException {
        ExportTraceServiceRequest request;
        try {
            request = ExportTraceServiceRequest.parseFrom(body);
        } catch (InvalidProtocolBufferException e) {
            throw new BadPayloadException("not an OTLP ExportTraceServiceRequest in protobuf: " + e.getMessage(), e);
        }
        try {
            ObjectNode document = (ObjectNode) Json.MAPPER.readTree(PRINTER.print(request));
            hexIds(document);
            if (!document.has("resourceSpans")) {
                document.putArray("resourceSpans");
            }
            return document;
        } catch (InvalidProtocolBufferException | JsonProcessingException e) {
            throw new BadPayloadException("cannot print the request as OTLP/JSON: " + e.getMessage(), e);
        }
    }

    static ObjectNode fromJson(byte[] body) throws BadPayloadException {
        JsonNode root;
        try {
            root = STRICT_JSON.readTree(body);
        } catch (java.io.IOException e) {
            String detail = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new BadPayloadException("not JSON: " + detail, e);
        }
        if (!(root instanceof ObjectNode document)) {
            throw new BadPayloadException("an OTLP/JSON request is a JSON object holding resourceSpans");
        }
        JsonNode resourceSpans = document.get("resourceSpans");
        if (resourceSpans != null && !resourceSpans.isArray()) {
            throw new BadPayloadException("resourceSpans must be an array");
        }
        if (resourceSpans == null) {
            document.putArray("resourceSpans");
        }
        return document;
    }

    /** protobuf's JSON writes bytes in base64; OTLP/JSON wants the ids in hex. */
    private static void hexIds(ObjectNode document) {
        for (JsonNode resource : document.path("resourceSpans")) {
            for (JsonNode scope : resource.path("scopeSpans")) {
                for (JsonNode span : scope.path("spans")) {
                    hex((ObjectNode) span, "traceId", "spanId", "parentSpanId");
                    if (span.get("links") instanceof ArrayNode links) {
                        links.forEach(link -> hex((ObjectNode) link, "traceId", "spanId"));
                    }
                }
            }
        }
    }

    private static void hex(ObjectNode node, String... fields) {
        for (String field : fields) {
            JsonNode value = node.get(field);
            if (value != null && value.isTextual()) {
                node.put(field, HexFormat.of().formatHex(Base64.getDecoder().decode(value.asText())));
            }
        }
    }
}
