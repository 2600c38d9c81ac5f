package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.function.Function;

/** Null-tolerant reads of foreign JSON. */
public final class JsonFields {

    private JsonFields() {
    }

    /** A text field, or null when absent, null or not text. */
    public static String text(JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    /** A scalar field (text, number or boolean) as text, or null when absent, null or not a scalar. */
    public static String scalar(JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        JsonNode value = node.get(field);
        return value != null && value.isValueNode() && !value.isNull() ? value.asText() : null;
    }

    /** The first of {@code fields} that holds a non-blank scalar, as text; or null. */
    public static String firstScalar(JsonNode node, String... fields) {
        for (String field : fields) {
            String value = scalar(node, field);
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }

    /** The value at a path of field names, or null. */
    public static JsonNode at(JsonNode node, String... path) {
        JsonNode current = node;
        for (String field : path) {
            if (current == null || !current.isObject()) {
                return null;
            }
            current = current.get(field);
        }
        return current == null || current.isNull() || current.isMissingNode() ? null : current;
    }

    /** The text at a path of field names, or null when absent or not text. */
    public static String textAt(JsonNode node, String... path) {
        JsonNode value = at(node, path);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    /** The scalar (text, number or boolean) at a path of field names as text, or null. */
    public static String scalarAt(JsonNode node, String... path) {
        JsonNode value = at(node, path);
        return value != null && value.isValueNode() ? value.asText() : null;
    }

    /** Message content as plain text: a string, or the text parts of an OpenAI-style content list joined by newlines. */
    public static String contentText(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        if (content.isArray()) {
            var out = new StringBuilder();
            for (JsonNode part : content) {
                String text = part.isTextual() ? part.asText() : scalar(part, "text");
                if (text != null) {
                    out.append(out.isEmpty() ? "" : "\n").append(text);
                }
            }
            return out.toString();
        }
        return content.toString();
    }

    /**
     * Message content as text: "" for none, a string as it is, else what {@code partText} makes of each part of a list
     * (null leaves the part out) joined by newlines; content of another kind reads as "".
     */
    public static String joinedParts(JsonNode content, Function<JsonNode, String> partText) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        if (content.isArray()) {
            for (JsonNode part : content) {
                String piece = partText.apply(part);
                if (piece != null) {
                    text.append(text.isEmpty() ? "" : "\n").append(piece);
                }
            }
        }
        return text.toString();
    }

    /** A whole number given as number or numeric string, or null. */
    public static Long longValue(JsonNode value) {
        var integer = Timestamps.integer(value);
        return integer == null ? null : integer.longValue();
    }

    public static long longOrZero(JsonNode node, String field) {
        Long value = node == null ? null : longValue(node.get(field));
        return value == null ? 0 : value;
    }

    /** Arguments recorded as a JSON string become an object when they parse as one, else {@code {"raw": text}}. */
    public static ObjectNode argumentsObject(JsonNode arguments) {
        if (arguments == null || arguments.isNull()) {
            return Json.object();
        }
        if (arguments instanceof ObjectNode object) {
            return object.deepCopy();
        }
        if (arguments.isTextual()) {
            String text = arguments.asText();
            try {
                JsonNode parsed = Json.MAPPER.readTree(text);
                if (parsed instanceof ObjectNode object) {
                    return object;
                }
            } catch (JsonProcessingException notJson) {
                // kept raw below
            }
            ObjectNode raw = Json.object();
            raw.put("raw", text);
            return raw;
        }
        ObjectNode wrapped = Json.object();
        wrapped.set("value", arguments.deepCopy());
        return wrapped;
    }

    /**
     * Arguments as the SWE-agent and OpenHands importers read them: an object as it is; anything else parsed from its
     * text when that is a JSON object, else {@code {"raw": text}}. Unlike {@link #argumentsObject}, a JSON null or a
     * number is kept as raw text, not dropped or wrapped.
     */
    public static ObjectNode objectOrRaw(JsonNode raw) {
        if (raw == null) {
            return Json.object();
        }
        if (raw.isObject()) {
            return (ObjectNode) raw;
        }
        try {
            JsonNode parsed = Json.MAPPER.readTree(raw.asText());
            if (parsed != null && parsed.isObject()) {
                return (ObjectNode) parsed;
            }
        } catch (JsonProcessingException notJson) {
            // kept raw below
        }
        ObjectNode verbatim = Json.object();
        verbatim.put("raw", raw.asText());
        return verbatim;
    }

    /** A short single-line preview for summaries. */
    public static String preview(String text, int max) {
        if (text == null) {
            return null;
        }
        return preview((CharSequence) text, max);
    }

    /** {@code preview(lead + text, max)} without joining them first: {@code text} may be a whole tool output. */
    public static String preview(String lead, String text, int max) {
        return preview(new Joined(lead, String.valueOf(text)), max);
    }

    private static String preview(CharSequence text, int max) {
        // As text.replaceAll("\\s+", " ").trim(), cut: stops reading once more than max characters are certain to remain.
        int length = text.length();
        if (isOwnPreview(text, max)) {
            return length <= max ? text.toString() : text.subSequence(0, max - 1) + "…";
        }
        int start = 0;
        while (start < length && text.charAt(start) <= ' ') {
            start++;
        }
        StringBuilder oneLine = new StringBuilder(Math.min(length - start, max + 1));
        for (int i = start; i < length; i++) {
            char c = text.charAt(i);
            if (isRegexSpace(c)) {
                while (i + 1 < length && isRegexSpace(text.charAt(i + 1))) {
                    i++;
                }
                oneLine.append(' ');
            } else {
                oneLine.append(c);
                if (oneLine.length() > max && c > ' ') {
                    return oneLine.substring(0, max - 1) + "…";
                }
            }
        }
        int end = oneLine.length();
        while (end > 0 && oneLine.charAt(end - 1) <= ' ') {
            end--;
        }
        return end <= max ? oneLine.substring(0, end) : oneLine.substring(0, max - 1) + "…";
    }

    /**
     * Whether the first {@code max + 1} characters need no collapsing or trimming: they start with a visible character
     * and hold no white space but single spaces between visible characters. Such a text is cut as it is.
     */
    private static boolean isOwnPreview(CharSequence text, int max) {
        int length = text.length();
        if (length == 0 || text.charAt(0) <= ' ') {
            return false;
        }
        int limit = Math.min(length, max + 1);
        for (int i = 1; i < limit; i++) {
            char c = text.charAt(i);
            if (c <= ' ' && (c != ' ' || i + 1 == length || text.charAt(i + 1) <= ' ')) {
                return false;
            }
        }
        return true;
    }

    /** Two strings read as one, without a copy. */
    private record Joined(String lead, String rest) implements CharSequence {
        @Override
        public int length() {
            return lead.length() + rest.length();
        }

        @Override
        public char charAt(int index) {
            return index < lead.length() ? lead.charAt(index) : rest.charAt(index - lead.length());
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            int split = lead.length();
            if (end <= split) {
                return lead.substring(start, end);
            }
            if (start >= split) {
                return rest.substring(start - split, end - split);
            }
            return lead.substring(start) + rest.substring(0, end - split);
        }

        @Override
        public String toString() {
            return lead + rest;
        }
    }

    /** What {@code \\s} matches in a regular expression: space, tab, line feed, vertical tab, form feed, carriage return. */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }
}
