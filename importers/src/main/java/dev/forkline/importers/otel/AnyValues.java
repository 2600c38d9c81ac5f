package dev.forkline.importers.otel;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/** Decodes OTLP/JSON AnyValue and key/value lists, Jaeger tags, ids, kinds and status codes. */
final class AnyValues {

    private static final JsonNodeFactory NODES = Json.nodes();
    /** The AnyValue members, in the order that decides which one an AnyValue holding several of them is read as. */
    private static final List<String> KINDS = List.of("stringValue", "intValue", "doubleValue", "boolValue", "arrayValue", "kvlistValue", "bytesValue");

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
        for (String kind : KINDS) {
            JsonNode held = any.get(kind);
            if (held != null) {
                return ofKind(kind, held);
            }
        }
        return NODES.nullNode();
    }

    /** The plain value of an AnyValue whose first member of {@link #KINDS} is {@code kind}, holding {@code held}. */
    private static JsonNode ofKind(String kind, JsonNode held) {
        return switch (kind) {
            case "stringValue", "bytesValue" -> NODES.textNode(held.asText());
            case "intValue" -> {
                BigInteger integer = Timestamps.integer(held);
                yield integer == null ? held : NODES.numberNode(integer);
            }
            case "doubleValue" -> {
                if (held.isTextual()) {
                    try {
                        yield NODES.numberNode(new java.math.BigDecimal(held.asText()));
                    } catch (NumberFormatException notNumber) {
                        yield held;
                    }
                }
                yield held;
            }
            case "boolValue" -> held.isTextual() ? NODES.booleanNode(Boolean.parseBoolean(held.asText())) : held;
            case "arrayValue" -> {
                ArrayNode array = NODES.arrayNode();
                JsonNode values = held.get("values");
                if (values != null) {
                    values.forEach(item -> array.add(value(item)));
                }
                yield array;
            }
            case "kvlistValue" -> keyValues(held.get("values"));
            default -> throw new IllegalArgumentException("not an AnyValue member: " + kind);
        };
    }

    /**
     * {@link #keyValues} of the value at the parser's current token, only the entries whose key {@code kept} keeps,
     * read as it streams by instead of as a tree of entries first (a span's attributes when its body is read again
     * from the file, the placing ones when its skeleton is read). An entry's value is not read once its key is known
     * to be left out. The value is consumed: the parser is left at its last token.
     */
    static ObjectNode readKeyValues(JsonParser parser, KeptKeys kept) throws IOException {
        ObjectNode out = NODES.objectNode();
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return out;
        }
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                parser.skipChildren(); // not an entry: there is no key in it
                continue;
            }
            boolean keyRead = false;
            String key = null; // stays null for a key left out
            JsonNode value = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String member = parser.currentName();
                JsonToken token = parser.nextToken();
                if (member.equals("key") && token == JsonToken.VALUE_STRING) {
                    keyRead = true;
                    key = kept.keyAt(parser);
                } else if (member.equals("value") && (!keyRead || key != null)) {
                    value = readValue(parser);
                } else {
                    parser.skipChildren();
                }
            }
            if (key != null) {
                out.set(key, value == null ? value(null) : value);
            }
        }
        return out;
    }

    /** {@link #value} of the AnyValue at the parser's current token, which is consumed. */
    private static JsonNode readValue(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            return value(Json.VALUES.readTree(parser));
        }
        if (parser.nextToken() != JsonToken.FIELD_NAME) {
            return value(NODES.objectNode());
        }
        String member = parser.currentName();
        parser.nextToken();
        JsonNode first = SpanFileReader.valueAt(parser);
        if (parser.nextToken() == JsonToken.END_OBJECT) {
            return KINDS.contains(member) ? ofKind(member, first) : NODES.nullNode();
        }
        // more members: read them, then decide as for a tree (the parser refuses a member named twice)
        ObjectNode any = NODES.objectNode();
        any.set(member, first);
        any.setAll((ObjectNode) Json.VALUES.readTree(parser));
        return value(any);
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
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f') && (c < 'A' || c > 'F')) {
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
