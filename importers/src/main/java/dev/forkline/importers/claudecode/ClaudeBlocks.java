package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import java.util.ArrayList;
import java.util.List;

/** Reading Anthropic message content: a plain string or a list of typed blocks. */
final class ClaudeBlocks {

    private ClaudeBlocks() {
    }

    /** The message's content blocks; a plain-string content is not a block list and yields none. */
    static List<JsonNode> of(JsonNode message) {
        List<JsonNode> blocks = new ArrayList<>();
        JsonNode content = message == null ? null : message.get("content");
        if (content != null && content.isArray()) {
            content.forEach(blocks::add);
        }
        return blocks;
    }

    /** The text a person typed: a string content, or the text blocks joined; null when the message has none. */
    static String plainText(JsonNode message) {
        JsonNode content = message == null ? null : message.get("content");
        if (content == null) {
            return null;
        }
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode block : of(message)) {
            if ("text".equals(JsonFields.text(block, "type"))) {
                if (!text.isEmpty()) {
                    text.append("\n\n");
                }
                text.append(JsonFields.text(block, "text"));
            }
        }
        return text.isEmpty() ? null : text.toString();
    }

    /** A tool_result's content as text: a string, or its text parts joined (images are counted, not kept). */
    static String resultText(JsonNode block) {
        return JsonFields.joinedParts(block.get("content"), part -> {
            String type = JsonFields.text(part, "type");
            if ("text".equals(type)) {
                return String.valueOf(JsonFields.text(part, "text"));
            }
            return type == null ? null : "[" + type + "]";
        });
    }
}
