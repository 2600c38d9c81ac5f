package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The model's history as Gemini's API holds it ({@code Content[]}: {@code {role: user|model, parts: [...]}}), as kept by
 * {@code /chat save} and in a {@code /restore} checkpoint's {@code clientHistory}, turned into the message records of a
 * chat recording so one writer reads both: a {@code model} content becomes a {@code gemini} message whose
 * {@code functionCall} parts are its tool calls; the {@code functionResponse} parts of the next {@code user} content are
 * their results (by call id, else the oldest open call of that name); the rest of a user content is a user message.
 * The history has no times and no token counts.
 */
final class ContentHistory {

    private ContentHistory() {
    }

    /** Adds the history's messages to {@code conversation}; returns how many contents were not objects with parts. */
    static int addTo(Conversation conversation, JsonNode history) {
        int skipped = 0;
        List<ObjectNode> open = new ArrayList<>();
        for (int i = 0; i < history.size(); i++) {
            JsonNode content = history.get(i);
            JsonNode parts = content.path("parts");
            if (!content.isObject() || !parts.isArray()) {
                skipped++;
                continue;
            }
            if ("model".equals(content.path("role").asText())) {
                conversation.upsert(modelMessage(i, parts, open), 0);
            } else {
                ArrayNode rest = Json.MAPPER.createArrayNode();
                for (JsonNode part : parts) {
                    // a response that answers no open call stays in the user message, as text
                    if (!part.has("functionResponse") || !answer(part, open)) {
                        rest.add(part);
                    }
                }
                if (!rest.isEmpty()) {
                    ObjectNode user = Json.object();
                    user.put("id", "content-" + i);
                    user.put("type", "user");
                    user.set("content", rest);
                    conversation.upsert(user, 0);
                }
            }
        }
        return skipped;
    }

    private static ObjectNode modelMessage(int index, JsonNode parts, List<ObjectNode> open) {
        ObjectNode message = Json.object();
        message.put("id", "content-" + index);
        message.put("type", "gemini");
        ArrayNode content = message.putArray("content");
        ArrayNode calls = message.putArray("toolCalls");
        StringBuilder thoughts = new StringBuilder();
        for (JsonNode part : parts) {
            JsonNode call = part.get("functionCall");
            if (call != null && call.isObject()) {
                ObjectNode toolCall = Json.object();
                if (call.path("id").isTextual()) {
                    toolCall.put("id", call.get("id").asText());
                }
                toolCall.put("name", call.path("name").asText(""));
                toolCall.set("args", call.has("args") ? call.get("args") : Json.object());
                calls.add(toolCall);
                open.add(toolCall);
            } else if (part.path("thought").asBoolean(false)) {
                thoughts.append(thoughts.isEmpty() ? "" : "\n").append(part.path("text").asText(""));
            } else {
                content.add(part);
            }
        }
        if (!thoughts.isEmpty()) {
            message.putArray("thoughts").addObject().put("description", thoughts.toString());
        }
        return message;
    }

    private static boolean answer(JsonNode part, List<ObjectNode> open) {
        JsonNode response = part.get("functionResponse");
        String id = response.path("id").isTextual() ? response.get("id").asText() : null;
        String name = response.path("name").asText("");
        ObjectNode call = null;
        for (ObjectNode candidate : open) {
            if (id != null && id.equals(candidate.path("id").asText(null)) || id == null && name.equals(candidate.path("name").asText())) {
                call = candidate;
                break;
            }
        }
        if (call == null) {
            return false;
        }
        open.remove(call);
        call.putArray("result").add(part);
        call.put("status", GeminiParts.isErrorResponse(response) ? "error" : "success");
        return true;
    }
}
