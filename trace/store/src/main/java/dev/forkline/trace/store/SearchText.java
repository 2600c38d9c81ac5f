package dev.forkline.trace.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;

/**
 * The lowercased text an event is found by: its tool name and every string in its payload (arguments, outputs,
 * messages, ...), cut at {@link #MAX_LENGTH} characters. Large outputs belong in blobs and are not searched.
 */
final class SearchText {

    static final int MAX_LENGTH = 4000;

    private SearchText() {
    }

    static String of(String toolName, JsonNode data) {
        StringBuilder text = new StringBuilder(256);
        if (toolName != null) {
            text.append(toolName);
        }
        collect(data, text);
        String lower = text.toString().toLowerCase(Locale.ROOT);
        // Cut after lowercasing: a few characters grow when lowercased (e.g. U+0130).
        return lower.length() > MAX_LENGTH ? lower.substring(0, MAX_LENGTH) : lower;
    }

    private static void collect(JsonNode node, StringBuilder text) {
        if (text.length() >= MAX_LENGTH) {
            return;
        }
        if (node.isTextual()) {
            String value = node.textValue();
            if (value.isEmpty()) {
                return;
            }
            if (!text.isEmpty()) {
                text.append(' ');
            }
            text.append(value, 0, Math.min(value.length(), MAX_LENGTH - text.length() + 1));
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                collect(field.getValue(), text);
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                collect(element, text);
            }
        }
    }

    /** A LIKE pattern matching {@code query} anywhere, with LIKE's wildcards in it taken literally (escape {@code \}). */
    static String containsPattern(String query) {
        return "%" + likeLiteral(query.toLowerCase(Locale.ROOT)) + "%";
    }

    /** {@code text} for a LIKE pattern, its wildcards and the escape {@code \} taken literally. */
    static String likeLiteral(String text) {
        StringBuilder literal = new StringBuilder(text.length() + 2);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' || c == '_' || c == '\\') {
                literal.append('\\');
            }
            literal.append(c);
        }
        return literal.toString();
    }
}
