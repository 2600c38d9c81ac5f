package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.Timestamps;
import java.math.BigInteger;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

/** Decodes OTLP/JSON AnyValue and key/value lists, Jaeger tags, ids, kinds and status codes. */
final class AnyValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private AnyValues() {
    }

    /** {@code [{"key": k, "value": AnyValue}]} as a flat object of plain values. */
    static ObjectNode keyValues(JsonNode list) {
        ObjectNode out = NODES.objectNode();
        if (list != null && list.isArray()) {
            for (JsonNode entry : list) {
                JsonNode key = entry.get("key");
                if (key != null && key.isTextual()) {
                    out.set(key.asText(), value(entry.get("value")));
                }
            }
        }
        return out;
    }

    /** One AnyValue as a plain JSON value: 64-bit integers given as strings become numbers. */
    static JsonNode value(JsonNode any) {
        if (any == null || any.isNull() || !any.isObject()) {
            return any == null ? NODES.nullNode() : any;
        }
        if (any.has("stringValue")) {
            return NODES.textNode(any.get("stringValue").asText());
        }
        if (any.has("intValue")) {
            BigInteger integer = Timestamps.integer(any.get("intValue"));
            return integer == null ? any.get("intValue") : NODES.numberNode(integer);
        }
        if (any.has("doubleValue")) {
            JsonNode number = any.get("doubleValue");
            if (number.isTextual()) {
                try {
                    return NODES.numberNode(new java.math.BigDecimal(number.asText()));
                } catch (NumberFormatException notNumber) {
                    return number;
                }
            }
            return number;
        }
        if (any.has("boolValue")) {
            JsonNode bool = any.get("boolValue");
            return bool.isTextual() ? NODES.booleanNode(Boolean.parseBoolean(bool.asText())) : bool;
        }
        if (any.has("arrayValue")) {
            ArrayNode array = NODES.arrayNode();
            JsonNode values = any.get("arrayValue").get("values");
            if (values != null) {
                values.forEach(item -> array.add(value(item)));
            }
            return array;
        }
        if (any.has("kvlistValue")) {
            return keyValues(any.get("kvlistValue").get("values"));
        }
        if (any.has("bytesValue")) {
            return NODES.textNode(any.get("bytesValue").asText());
        }
        return NODES.nullNode();
    }

    /** Jaeger's {@code [{"key","type","value"}]} tags as a flat object. */
    static ObjectNode jaegerTags(JsonNode tags) {
        ObjectNode out = NODES.objectNode();
        if (tags != null && tags.isArray()) {
            for (JsonNode tag : tags) {
                JsonNode key = tag.get("key");
                if (key == null || !key.isTextual()) {
                    continue;
                }
                JsonNode value = tag.get("value");
                String type = tag.path("type").asText("").toLowerCase(Locale.ROOT);
                if (value != null && value.isTextual() && (type.equals("int64") || type.equals("float64"))) {
                    try {
                        value = NODES.numberNode(new java.math.BigDecimal(value.asText()));
                    } catch (NumberFormatException keepText) {
                        // keep as text
                    }
                } else if (value != null && value.isTextual() && type.equals("bool")) {
                    value = NODES.booleanNode(Boolean.parseBoolean(value.asText()));
                }
                out.set(key.asText(), value == null ? NODES.nullNode() : value);
            }
        }
        return out;
    }

    /** Ids as lowercase hex: OTLP/JSON writes hex, the protobuf JSON mapping (some Tempo versions) base64. */
    static String id(JsonNode value) {
        if (value == null || !value.isTextual() || value.asText().isEmpty()) {
            return null;
        }
        String text = value.asText();
        if ((text.length() == 16 || text.length() == 32) && isHex(text)) {
            return text.toLowerCase(Locale.ROOT);
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(text);
            if (bytes.length == 8 || bytes.length == 16) {
                return HexFormat.of().formatHex(bytes);
            }
        } catch (IllegalArgumentException notBase64) {
            // fall through: keep the id as written
        }
        return text;
    }

    /** Checked by hand: {@code String.matches} compiled its pattern anew for each of three ids per span (7% of a large import). */
    private static boolean isHex(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.digit(text.charAt(i), 16) < 0 || text.charAt(i) > 'f') {
                return false;
            }
        }
        return true;
    }

    /** SPAN_KIND_SERVER, 2, "server" -> SERVER. */
    static String kind(JsonNode value) {
        if (value == null || value.isNull()) {
            return "UNSPECIFIED";
        }
        if (value.isNumber()) {
            return switch (value.asInt()) {
                case 1 -> "INTERNAL";
                case 2 -> "SERVER";
                case 3 -> "CLIENT";
                case 4 -> "PRODUCER";
                case 5 -> "CONSUMER";
                default -> "UNSPECIFIED";
            };
        }
        return value.asText().toUpperCase(Locale.ROOT).replace("SPAN_KIND_", "");
    }

    /** 0/1/2, STATUS_CODE_OK, "ERROR"... -> UNSET, OK or ERROR. */
    static String status(JsonNode code) {
        if (code == null || code.isNull()) {
            return "UNSET";
        }
        if (code.isNumber()) {
            return switch (code.asInt()) {
                case 1 -> "OK";
                case 2 -> "ERROR";
                default -> "UNSET";
            };
        }
        String text = code.asText().toUpperCase(Locale.ROOT).replace("STATUS_CODE_", "");
        return switch (text) {
            case "OK", "ERROR" -> text;
            case "1" -> "OK";
            case "2" -> "ERROR";
            default -> "UNSET";
        };
    }
}
