package dev.forkline.importers.inspect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small, null-safe reads of the loosely typed JSON these trajectories hold. */
final class Nodes {

    private Nodes() {
    }

    static JsonNode read(Path path) throws IOException, TraceFormatException {
        try (InputStream in = Files.newInputStream(path)) {
            return Json.MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new TraceFormatException(path.toString(), Math.max(0, line), "malformed JSON: " + e.getOriginalMessage());
        }
    }

    static String text(JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        JsonNode value = node.get(field);
        return value != null && value.isValueNode() && !value.isNull() ? value.asText() : null;
    }

    static JsonNode path(JsonNode node, String... fields) {
        JsonNode current = node;
        for (String field : fields) {
            if (current == null || !current.isObject()) {
                return null;
            }
            current = current.get(field);
        }
        return current == null || current.isNull() ? null : current;
    }

    static String textAt(JsonNode node, String... fields) {
        JsonNode value = path(node, fields);
        return value != null && value.isValueNode() ? value.asText() : null;
    }

    /** Message content as plain text: a string, or the text parts of an OpenAI-style content list. */
    static String content(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        if (content.isArray()) {
            var out = new StringBuilder();
            for (JsonNode part : content) {
                String text = part.isTextual() ? part.asText() : text(part, "text");
                if (text != null) {
                    out.append(out.isEmpty() ? "" : "\n").append(text);
                }
            }
            return out.toString();
        }
        return content.toString();
    }
}
