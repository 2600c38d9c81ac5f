package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Chat messages as Langfuse stores a generation's input and output: OpenTelemetry GenAI messages
 * ({@code {role, parts: [{type: text|tool_call|tool_call_response, ...}]}}), OpenAI chat messages
 * ({@code {role, content, tool_calls}}), a {@code {messages: [...]}} wrapper, or plain text.
 */
final class GenAiMessages {

    record Message(String role, String text) {
    }

    record ToolCall(String id, String name, JsonNode arguments) {
    }

    private GenAiMessages() {
    }

    static List<JsonNode> list(JsonNode value) {
        JsonNode node = value;
        if (node != null && node.isTextual()) {
            String text = node.asText().strip();
            if (text.startsWith("[") || text.startsWith("{")) {
                try {
                    node = Json.MAPPER.readTree(text);
                } catch (IOException e) {
                    // plain text after all
                }
            }
        }
        List<JsonNode> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (node.isObject() && node.has("messages") && node.get("messages").isArray()) {
            node = node.get("messages");
        }
        if (node.isArray()) {
            node.forEach(out::add);
        } else {
            out.add(node);
        }
        return out;
    }

    static Message message(JsonNode message) {
        if (message.isTextual()) {
            return new Message("user", message.asText());
        }
        String role = JsonFields.scalar(message, "role");
        var text = new StringBuilder();
        JsonNode parts = message.get("parts");
        if (parts != null && parts.isArray()) {
            for (JsonNode part : parts) {
                String type = JsonFields.scalar(part, "type");
                String piece = switch (type == null ? "" : type) {
                    case "text" -> JsonFields.scalar(part, "content");
                    case "tool_call_response" -> valueText(part.get("result") != null ? part.get("result") : part.get("response"));
                    default -> null;
                };
                if (piece != null) {
                    text.append(text.isEmpty() ? "" : "\n").append(piece);
                }
            }
        } else if (message.has("content")) {
            text.append(JsonFields.contentText(message.get("content")));
        } else if (!message.isObject()) {
            text.append(message.asText());
        }
        return new Message(role == null ? "unknown" : role, text.toString());
    }

    static List<ToolCall> toolCalls(JsonNode message) {
        List<ToolCall> calls = new ArrayList<>();
        JsonNode parts = message.get("parts");
        if (parts != null && parts.isArray()) {
            for (JsonNode part : parts) {
                if ("tool_call".equals(JsonFields.scalar(part, "type"))) {
                    calls.add(new ToolCall(JsonFields.scalar(part, "id"), JsonFields.scalar(part, "name"), arguments(part.get("arguments"))));
                }
            }
        }
        JsonNode openAi = message.get("tool_calls");
        if (openAi != null && openAi.isArray()) {
            for (JsonNode call : openAi) {
                calls.add(new ToolCall(JsonFields.scalar(call, "id"), JsonFields.scalarAt(call, "function", "name"), arguments(JsonFields.at(call, "function", "arguments"))));
            }
        }
        return calls;
    }

    static ObjectNode arguments(JsonNode raw) {
        if (raw == null || raw.isNull()) {
            return Json.object();
        }
        if (raw.isObject()) {
            return (ObjectNode) raw;
        }
        if (raw.isTextual()) {
            try {
                JsonNode parsed = Json.MAPPER.readTree(raw.asText());
                if (parsed != null && parsed.isObject()) {
                    return (ObjectNode) parsed;
                }
            } catch (IOException e) {
                // kept verbatim below
            }
        }
        ObjectNode wrapped = Json.object();
        wrapped.set("value", raw);
        return wrapped;
    }

    static String valueText(JsonNode value) {
        if (value == null || value.isNull()) {
            return "";
        }
        return value.isTextual() ? value.asText() : value.toString();
    }

    static ArrayNode toJson(List<Message> messages) {
        ArrayNode array = Json.object().arrayNode();
        for (Message message : messages) {
            array.addObject().put("role", message.role()).put("content", message.text());
        }
        return array;
    }
}
