package dev.forkline.trace.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;

/**
 * {@link SearchText} worked out from a payload's tree, as the row-per-event store (schema 1) computed it: what the
 * store's reading of a line's tokens must agree with, and how the version-one databases of the tests are written.
 */
final class TreeSearchText {

    private TreeSearchText() {
    }

    static String of(String toolName, JsonNode data) {
        StringBuilder text = new StringBuilder(256);
        if (toolName != null) {
            text.append(toolName);
        }
        collect(data, text);
        String lower = text.toString().toLowerCase(Locale.ROOT);
        return lower.length() > SearchText.MAX_LENGTH ? lower.substring(0, SearchText.MAX_LENGTH) : lower;
    }

    private static void collect(JsonNode node, StringBuilder text) {
        if (text.length() >= SearchText.MAX_LENGTH) {
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
            text.append(value, 0, Math.min(value.length(), SearchText.MAX_LENGTH - text.length() + 1));
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
}
