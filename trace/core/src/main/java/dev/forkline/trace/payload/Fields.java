package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Reading and writing one payload member: absent, JSON null and a value of another type all read as null. */
final class Fields {

    private Fields() {
    }

    static String text(ObjectNode data, String key) {
        JsonNode node = data.get(key);
        return node != null && node.isTextual() ? node.asText() : null;
    }

    static Long integer(ObjectNode data, String key) {
        JsonNode node = data.get(key);
        return node != null && node.canConvertToLong() && node.isIntegralNumber() ? node.asLong() : null;
    }

    static Double number(ObjectNode data, String key) {
        JsonNode node = data.get(key);
        return node != null && node.isNumber() ? node.asDouble() : null;
    }

    static Boolean bool(ObjectNode data, String key) {
        JsonNode node = data.get(key);
        return node != null && node.isBoolean() ? node.asBoolean() : null;
    }

    static ObjectNode object(ObjectNode data, String key) {
        JsonNode node = data.get(key);
        return node instanceof ObjectNode object ? object : null;
    }

    static com.fasterxml.jackson.databind.node.ArrayNode array(ObjectNode data, String key) {
        JsonNode node = data.get(key);
        return node instanceof com.fasterxml.jackson.databind.node.ArrayNode array ? array : null;
    }

    static JsonNode node(ObjectNode data, String key) {
        JsonNode node = data.get(key);
        return node == null || node.isNull() ? null : node;
    }

    static void put(ObjectNode data, String key, String value) {
        if (value != null) {
            data.put(key, value);
        }
    }

    static void put(ObjectNode data, String key, Long value) {
        if (value == null) {
            return;
        }
        if (value == value.intValue()) {
            data.put(key, value.intValue());
        } else {
            data.put(key, value);
        }
    }

    /** A whole number is written without a fraction ({@code 2210}, not {@code 2210.0}), as traces write it. */
    static void put(ObjectNode data, String key, Double value) {
        if (value == null) {
            return;
        }
        if (value == Math.rint(value) && Math.abs(value) < 0x1p53) {
            put(data, key, value.longValue());
        } else {
            data.put(key, value);
        }
    }

    static void put(ObjectNode data, String key, Boolean value) {
        if (value != null) {
            data.put(key, value);
        }
    }

    static void put(ObjectNode data, String key, JsonNode value) {
        if (value != null) {
            data.set(key, value);
        }
    }
}
