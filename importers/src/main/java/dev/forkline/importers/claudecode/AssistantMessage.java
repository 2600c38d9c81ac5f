package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the first pass ({@link ClaudeSessionScan}) takes from an assistant's message object: its id and model, how many
 * tool_use blocks it holds, and the Task calls among them. Read from a tree, or with a token parser from the message's
 * bytes, where only a Task call's input is parsed as a tree: a transcript's assistant lines are a third of its bytes.
 */
record AssistantMessage(String id, String model, int toolUses, List<ClaudeSessionScan.SubagentCall> subagentCalls) {

    /** The message's facts, or null when it is not an object. */
    static AssistantMessage of(JsonNode message) {
        if (message == null || !message.isObject()) {
            return null;
        }
        int toolUses = 0;
        List<ClaudeSessionScan.SubagentCall> subagentCalls = new ArrayList<>();
        for (JsonNode block : ClaudeBlocks.of(message)) {
            if ("tool_use".equals(JsonFields.text(block, "type"))) {
                toolUses++;
                if (ClaudeTools.startsSubagent(JsonFields.text(block, "name"))) {
                    subagentCalls.add(subagentCall(JsonFields.text(block, "id"), block.get("input")));
                }
            }
        }
        return new AssistantMessage(JsonFields.text(message, "id"), JsonFields.text(message, "model"), toolUses, List.copyOf(subagentCalls));
    }

    /**
     * The facts of the message in {@code bytes[start, end)}, which a reading of the whole line has already checked (syntax,
     * repeated keys, numbers); null when it is not an object.
     */
    static AssistantMessage read(byte[] bytes, int start, int end) throws IOException {
        try (JsonParser parser = Json.MAPPER.createParser(bytes, start, end - start)) {
            parser.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            String id = null;
            String model = null;
            int toolUses = 0;
            List<ClaudeSessionScan.SubagentCall> subagentCalls = new ArrayList<>();
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                parser.nextToken();
                switch (name) {
                    case "id" -> id = text(parser);
                    case "model" -> model = text(parser);
                    case "content" -> toolUses += readContent(parser, bytes, start, subagentCalls);
                    default -> parser.skipChildren();
                }
            }
            return new AssistantMessage(id, model, toolUses, List.copyOf(subagentCalls));
        }
    }

    /** The content (the parser at its value): how many tool_use blocks it holds (none when it is not a list of blocks). */
    private static int readContent(JsonParser parser, byte[] bytes, int start, List<ClaudeSessionScan.SubagentCall> subagentCalls)
            throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return 0;
        }
        int toolUses = 0;
        for (JsonToken element = parser.nextToken(); element != JsonToken.END_ARRAY; element = parser.nextToken()) {
            if (element != JsonToken.START_OBJECT) {
                parser.skipChildren();
            } else if (readBlock(parser, bytes, start, subagentCalls)) {
                toolUses++;
            }
        }
        return toolUses;
    }

    /** One content block (the parser at its start): whether it is a tool_use, adding it to {@code subagentCalls} when it is a Task call. */
    private static boolean readBlock(JsonParser parser, byte[] bytes, int start, List<ClaudeSessionScan.SubagentCall> subagentCalls)
            throws IOException {
        String type = null;
        String tool = null;
        String callId = null;
        int inputStart = -1;
        int inputEnd = -1;
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            switch (name) {
                case "type" -> type = text(parser);
                case "name" -> tool = text(parser);
                case "id" -> callId = text(parser);
                case "input" -> {
                    // a Task call's fields are read from an object: of a scalar input they are all absent
                    if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
                        inputStart = start + (int) parser.currentTokenLocation().getByteOffset();
                        parser.skipChildren();
                        inputEnd = start + (int) parser.currentLocation().getByteOffset();
                    }
                }
                default -> parser.skipChildren();
            }
        }
        if (!"tool_use".equals(type)) {
            return false;
        }
        if (ClaudeTools.startsSubagent(tool)) {
            subagentCalls.add(subagentCall(callId, inputStart < 0 ? null : JsonlRecords.readTree(bytes, inputStart, inputEnd - inputStart)));
        }
        return true;
    }

    /** The current value's text when it is a string, else null (and passed over). */
    private static String text(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        parser.skipChildren();
        return null;
    }

    private static ClaudeSessionScan.SubagentCall subagentCall(String callId, JsonNode input) {
        return new ClaudeSessionScan.SubagentCall(callId, JsonFields.text(input, "subagent_type"), JsonFields.text(input, "description"),
                JsonFields.text(input, "prompt"));
    }
}
