package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.JsonlRecords;
import dev.forkline.importers.support.LineTokens;
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
     * The facts of the message in {@code bytes[start, end)} (a line's message passed over before its type was known); null
     * when it is not an object.
     */
    static AssistantMessage read(byte[] bytes, int start, int end) throws IOException {
        try (LineTokens tokens = LineTokens.open(bytes, start, end - start)) {
            return tokens == null ? null : readMembers(tokens, bytes);
        }
    }

    /**
     * The facts of the message that is {@code tokens}' current value (the line's bytes are {@code bytes}), read on as the
     * line's token reading goes, so that the message is read once and checked as a skipped value is; null when it is not
     * an object (passed over).
     */
    static AssistantMessage read(LineTokens tokens, byte[] bytes) throws IOException {
        if (!tokens.enterObject()) {
            tokens.skip();
            return null;
        }
        return readMembers(tokens, bytes);
    }

    private static AssistantMessage readMembers(LineTokens tokens, byte[] bytes) throws IOException {
        String id = null;
        String model = null;
        int toolUses = 0;
        List<ClaudeSessionScan.SubagentCall> subagentCalls = new ArrayList<>();
        for (String name = tokens.nextMember(); name != null; name = tokens.nextMember()) {
            switch (name) {
                case "id" -> id = tokens.text();
                case "model" -> model = tokens.text();
                case "content" -> toolUses += readContent(tokens, bytes, subagentCalls);
                default -> tokens.skip();
            }
        }
        return new AssistantMessage(id, model, toolUses, List.copyOf(subagentCalls));
    }

    /** The content (the current value): how many tool_use blocks it holds (none when it is not a list of blocks). */
    private static int readContent(LineTokens tokens, byte[] bytes, List<ClaudeSessionScan.SubagentCall> subagentCalls) throws IOException {
        if (!tokens.isArray()) {
            tokens.skip();
            return 0;
        }
        int toolUses = 0;
        while (tokens.nextElement()) {
            if (tokens.enterObject()) {
                toolUses += readBlock(tokens, bytes, subagentCalls) ? 1 : 0;
            } else {
                tokens.skip();
            }
        }
        return toolUses;
    }

    /** One content block (stepped into): whether it is a tool_use, adding it to {@code subagentCalls} when it is a Task call. */
    private static boolean readBlock(LineTokens tokens, byte[] bytes, List<ClaudeSessionScan.SubagentCall> subagentCalls) throws IOException {
        String type = null;
        String tool = null;
        String callId = null;
        int inputStart = -1;
        int inputEnd = -1;
        for (String name = tokens.nextMember(); name != null; name = tokens.nextMember()) {
            switch (name) {
                case "type" -> type = tokens.text();
                case "name" -> tool = tokens.text();
                case "id" -> callId = tokens.text();
                case "input" -> {
                    // a Task call's fields are read from an object: of a scalar input they are all absent
                    boolean container = tokens.current() == JsonToken.START_OBJECT || tokens.isArray();
                    int start = tokens.tokenStart();
                    tokens.skip();
                    if (container) {
                        inputStart = start;
                        inputEnd = tokens.position();
                    }
                }
                default -> tokens.skip();
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

    private static ClaudeSessionScan.SubagentCall subagentCall(String callId, JsonNode input) {
        return new ClaudeSessionScan.SubagentCall(callId, JsonFields.text(input, "subagent_type"), JsonFields.text(input, "description"),
                JsonFields.text(input, "prompt"));
    }
}
