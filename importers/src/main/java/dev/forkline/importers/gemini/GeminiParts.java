package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Text out of Gemini's {@code PartListUnion} (a string, one Part, or a list of them): {@code text} parts as written,
 * a {@code functionResponse} by its {@code response.output}, {@code response.error} or else the response as JSON, and
 * other parts (inline data, files, code) named by their kind so their presence is not lost.
 */
final class GeminiParts {

    private GeminiParts() {
    }

    static String text(JsonNode content) {
        if (content == null || content.isNull() || content.isMissingNode()) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        List<String> texts = new ArrayList<>();
        if (content.isArray()) {
            content.forEach(part -> add(part, texts));
        } else {
            add(content, texts);
        }
        return String.join("\n", texts);
    }

    /** Thought parts ({@code thought: true}) are reasoning, not the answer: {@link #text} leaves them to {@link #thoughts}. */
    static String thoughts(JsonNode content) {
        List<String> texts = new ArrayList<>();
        if (content != null && content.isArray()) {
            for (JsonNode part : content) {
                if (part.path("thought").asBoolean(false) && part.path("text").isTextual()) {
                    texts.add(part.get("text").asText());
                }
            }
        }
        return String.join("\n", texts);
    }

    private static void add(JsonNode part, List<String> texts) {
        if (part.isTextual()) {
            texts.add(part.asText());
        } else if (part.path("thought").asBoolean(false)) {
            return;
        } else if (part.path("text").isTextual()) {
            texts.add(part.get("text").asText());
        } else if (part.has("functionResponse")) {
            texts.add(responseText(part.get("functionResponse").get("response")));
        } else if (part.has("functionCall")) {
            return;
        } else if (part.isObject() && part.size() > 0) {
            texts.add("[" + part.fieldNames().next() + "]");
        }
    }

    /** A function response's text: its {@code output}, else its {@code error}, else the whole response as JSON. */
    static String responseText(JsonNode response) {
        if (response == null || response.isNull()) {
            return "";
        }
        for (String field : new String[] {"output", "error", "content"}) {
            if (response.path(field).isTextual()) {
                return response.get(field).asText();
            }
        }
        return response.isTextual() ? response.asText() : response.toString();
    }

    /** Whether a function response reports an error ({@code response.error}). */
    static boolean isErrorResponse(JsonNode functionResponse) {
        JsonNode error = functionResponse == null ? null : functionResponse.path("response").get("error");
        return error != null && !error.isNull();
    }
}
