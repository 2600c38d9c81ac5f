package dev.forkline.importers.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Inspect stores large strings once per sample ({@code attachments}: hash to text, referenced as
 * {@code attachment://<hash>}) and, in newer logs, chat messages once ({@code message_pool}, referenced from model
 * events by range-encoded {@code input_refs}: {@code [[start, end_exclusive], ...]}). This resolves both.
 */
final class Attachments {

    private static final String SCHEME = "attachment://";

    private final JsonNode attachments;
    private final JsonNode messagePool;
    private int unresolved;

    Attachments(JsonNode sample) {
        this.attachments = sample.path("attachments");
        this.messagePool = sample.path("message_pool");
    }

    int unresolved() {
        return unresolved;
    }

    String text(String value) {
        if (value == null || !value.startsWith(SCHEME)) {
            return value;
        }
        JsonNode resolved = attachments.get(value.substring(SCHEME.length()));
        if (resolved == null || !resolved.isTextual()) {
            unresolved++;
            return value;
        }
        return resolved.asText();
    }

    /** A deep copy with every attachment reference replaced by its text. */
    JsonNode resolve(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            String text = text(node.asText());
            return Json.nodes().textNode(text);
        }
        if (node.isObject()) {
            ObjectNode copy = Json.nodes().objectNode();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                copy.set(field.getKey(), resolve(field.getValue()));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = Json.nodes().arrayNode();
            node.forEach(item -> copy.add(resolve(item)));
            return copy;
        }
        return node;
    }

    /** The model event's input: inline, or expanded from the message pool by its input_refs. */
    List<JsonNode> input(JsonNode modelEvent) {
        List<JsonNode> out = new ArrayList<>();
        JsonNode inline = modelEvent.get("input");
        if (inline != null && inline.isArray() && !inline.isEmpty()) {
            inline.forEach(out::add);
            return out;
        }
        JsonNode refs = modelEvent.get("input_refs");
        if (refs == null || !refs.isArray()) {
            return out;
        }
        for (JsonNode range : refs) {
            int start = range.path(0).asInt(-1);
            int end = range.path(1).asInt(-1);
            if (start < 0 || end < start || end > messagePool.size()) {
                unresolved++;
                continue;
            }
            for (int i = start; i < end; i++) {
                out.add(messagePool.get(i));
            }
        }
        return out;
    }

    /** Message content as plain text: a string, or the text parts of a content list. */
    String content(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return text(content.asText());
        }
        if (content.isArray()) {
            var out = new StringBuilder();
            for (JsonNode part : content) {
                String piece = part.isTextual() ? part.asText() : JsonFields.scalar(part, "text");
                if (piece != null) {
                    out.append(out.isEmpty() ? "" : "\n").append(text(piece));
                }
            }
            return out.toString();
        }
        return content.isValueNode() ? content.asText() : content.toString();
    }
}
