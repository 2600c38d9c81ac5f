package dev.forkline.trace.secrets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Walks an event's data and reports every string that holds secrets, with its field path; the visitor may replace the
 * string (the masker does). Shape wins over place: an Anthropic key in {@code env.TOKEN} is reported as an Anthropic
 * key; a value with no recognisable shape is judged by the field it is in.
 */
final class SecretLocator {

    /** Called for each string holding secrets; returns the replacement, or null to leave it. */
    interface Visitor {
        String visit(String path, String value, List<SecretSpan> spans);
    }

    /** Iterative depth bound: hostile data is already depth-limited by the parser; this keeps the walk from recursing past it. */
    private static final int MAX_DEPTH = 256;

    private SecretLocator() {
    }

    static List<SecretSpan> locate(String key, String parentKey, String value) {
        List<SecretSpan> spans = SecretPatterns.find(value);
        if (!spans.isEmpty()) {
            return spans;
        }
        SecretKind byPlace = SensitiveFields.judge(key, parentKey, value);
        return byPlace == null ? List.of() : List.of(new SecretSpan(byPlace, 0, value.length()));
    }

    static void walk(ObjectNode data, String rootPath, Visitor visitor) {
        walkObject(data, rootPath, null, visitor, 0);
    }

    private static void walkObject(ObjectNode object, String path, String objectKey, Visitor visitor, int depth) {
        if (depth > MAX_DEPTH) {
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            // instanceof rather than isTextual(): one class check instead of a call on each of many node classes
            if (value instanceof TextNode text) {
                String replacement = visitText(() -> path + "." + key, key, objectKey, text.textValue(), visitor);
                if (replacement != null) {
                    field.setValue(TextNode.valueOf(replacement));
                }
            } else if (value instanceof ContainerNode<?>) {
                walkChild(value, path + "." + key, key, visitor, depth);
            }
        }
    }

    private static void walkArray(ArrayNode array, String path, String arrayKey, Visitor visitor, int depth) {
        String previous = null;
        for (int i = 0; i < array.size(); i++) {
            JsonNode element = array.get(i);
            int index = i;
            if (element instanceof TextNode textNode) {
                String text = textNode.textValue();
                // In argv, the word after --password is the password; judged as if it were a field of that name.
                String key = previous != null && SensitiveFields.isCredentialFlag(previous) ? previous : null;
                String replacement = visitText(() -> path + "[" + index + "]", key, arrayKey, text, visitor);
                if (replacement != null) {
                    array.set(index, TextNode.valueOf(replacement));
                }
                previous = text;
            } else {
                if (element instanceof ContainerNode<?>) {
                    walkChild(element, path + "[" + index + "]", arrayKey, visitor, depth);
                }
                previous = null;
            }
        }
    }

    private static void walkChild(JsonNode value, String path, String key, Visitor visitor, int depth) {
        if (value instanceof ObjectNode child) {
            walkObject(child, path, key, visitor, depth + 1);
        } else if (value instanceof ArrayNode child) {
            walkArray(child, path, key, visitor, depth + 1);
        }
    }

    /** The visitor's replacement for a string that holds secrets, or null; its path is only spelt out for such strings. */
    private static String visitText(Supplier<String> path, String key, String parentKey, String text, Visitor visitor) {
        List<SecretSpan> spans = locate(key, parentKey, text);
        return spans.isEmpty() ? null : visitor.visit(path.get(), text, spans);
    }
}
