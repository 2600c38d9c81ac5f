package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Paragraphs;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.ModelCallData;
import java.math.BigDecimal;

/**
 * One API response, gathered over its lines as the second pass reads them (Claude Code writes a response's content
 * blocks on lines of their own, sharing {@code message.id}, each repeating the usage as it grows): its text, reasoning
 * and tool calls in order, and its usage as the largest value each counter reached, so that it is counted once.
 */
final class ClaudeResponse {

    String model;
    String stopReason;
    final StringBuilder text = new StringBuilder();
    final StringBuilder reasoning = new StringBuilder();
    final ArrayNode toolCalls = Json.nodes().arrayNode();
    long inputTokens;
    long outputTokens;
    long cacheReadTokens;
    long cacheWriteTokens;
    boolean hasUsage;
    BigDecimal costUsd;

    void add(JsonNode message, JsonNode cost) {
        String lineModel = JsonFields.text(message, "model");
        if (lineModel != null) {
            model = lineModel;
        }
        if (JsonFields.text(message, "stop_reason") != null) {
            stopReason = JsonFields.text(message, "stop_reason");
        }
        addContent(message);
        JsonNode usage = message == null ? null : message.get("usage");
        if (usage != null && usage.isObject()) {
            hasUsage = true;
            inputTokens = Math.max(inputTokens, JsonFields.longOrZero(usage, "input_tokens"));
            outputTokens = Math.max(outputTokens, JsonFields.longOrZero(usage, "output_tokens"));
            cacheReadTokens = Math.max(cacheReadTokens, JsonFields.longOrZero(usage, "cache_read_input_tokens"));
            cacheWriteTokens = Math.max(cacheWriteTokens, JsonFields.longOrZero(usage, "cache_creation_input_tokens"));
        }
        if (cost != null && cost.isNumber()) {
            costUsd = costUsd == null ? cost.decimalValue() : costUsd.max(cost.decimalValue());
        }
    }

    private void addContent(JsonNode message) {
        // A record without a message object (a damaged line) contributes nothing.
        JsonNode content = message == null ? null : message.get("content");
        if (content != null && content.isTextual()) {
            Paragraphs.append(text, content.asText());
        }
        for (JsonNode block : ClaudeBlocks.of(message)) {
            switch (String.valueOf(JsonFields.text(block, "type"))) {
                case "text" -> Paragraphs.append(text, JsonFields.text(block, "text"));
                case "thinking" -> Paragraphs.append(reasoning, JsonFields.text(block, "thinking"));
                case "redacted_thinking" -> Paragraphs.append(reasoning, "[redacted thinking]");
                case "tool_use" -> toolCalls.add(ModelCallData.toolCall(JsonFields.text(block, "id"), JsonFields.text(block, "name"),
                        JsonFields.argumentsObject(block.get("input"))));
                default -> Paragraphs.append(text, "[" + JsonFields.text(block, "type") + " block]");
            }
        }
    }
}
