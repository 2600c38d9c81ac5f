package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.ModelCallData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Chat messages in the shapes agent frameworks write into a generation's input and output, read into one form: a role,
 * the text, the tool calls the message makes and the call it answers. Read are OpenTelemetry GenAI messages
 * ({@code {role, parts: [text | tool_call | tool_call_response]}}), OpenAI Chat Completions messages
 * ({@code {role, content, tool_calls}}) and responses ({@code choices[].message}, a bare choice
 * {@code {index, message}}), OpenAI Responses API items ({@code message} with {@code output_text},
 * {@code function_call} with {@code call_id}, {@code function_call_output}), Gemini and ADK {@code contents} /
 * {@code candidates[].content} with {@code parts} ({@code text}, {@code function_call}, {@code function_response}),
 * Anthropic content blocks ({@code text}, {@code tool_use}, {@code tool_result}), LangChain / LangGraph message dicts
 * ({@code type: human | ai | tool | system}, serialised {@code kwargs}), wrappers ({@code {messages}},
 * {@code {contents}}, {@code {prompt}}) and plain text. A message whose content is itself a JSON list of OpenAI tool
 * calls (as Koog writes them) gives those calls.
 */
final class GenAiMessages {

    /** One tool call a message makes; {@code id} may be null when the format gives none. */
    record ToolCall(String id, String name, JsonNode arguments) {
    }

    /** One message: role (null when the source gives none), text, the calls it makes, the call it answers (or null). */
    record Message(String role, String text, List<ToolCall> toolCalls, String toolCallId) {

        Message {
            toolCalls = List.copyOf(toolCalls);
        }

        boolean fromModel() {
            return role != null && (role.equals("assistant") || role.equals("model") || role.equals("ai"));
        }
    }

    private static final Map<String, String> LANGCHAIN_ROLES = Map.of("human", "user", "ai", "assistant", "system", "system",
            "tool", "tool", "function", "tool", "developer", "developer");

    private GenAiMessages() {
    }

    /**
     * The messages a generation's input or output holds.
     *
     * @param defaultRole the role of plain text and of messages that name none ({@code user} for input,
     *                    {@code assistant} for output)
     */
    static List<Message> read(JsonNode value, String defaultRole) {
        List<Message> messages = new ArrayList<>();
        collect(parsed(value), defaultRole, messages, 0);
        return messages;
    }

    private static void collect(JsonNode node, String defaultRole, List<Message> out, int depth) {
        if (node == null || node.isNull() || node.isMissingNode() || depth > 8) {
            return;
        }
        if (node.isTextual()) {
            Message repr = PythonRepr.message(node.asText());
            out.add(repr != null ? repr : new Message(defaultRole, node.asText(), List.of(), null));
            return;
        }
        if (node.isArray()) {
            for (JsonNode element : node) {
                collect(parsed(element), defaultRole, out, depth + 1);
            }
            return;
        }
        if (!node.isObject()) {
            out.add(new Message(defaultRole, node.asText(), List.of(), null));
            return;
        }
        JsonNode unwrapped = wrapped(node);
        if (unwrapped != null) {
            collect(unwrapped, defaultRole, out, depth + 1);
            return;
        }
        out.addAll(message(node, defaultRole));
    }

    /** What a wrapper object holds: messages, Gemini contents / candidates, Chat Completions choices, Responses output. */
    private static JsonNode wrapped(JsonNode node) {
        for (String field : new String[] {"messages", "contents", "candidates", "choices", "output", "args"}) {
            JsonNode inner = node.get(field);
            if (inner != null && (inner.isArray() || field.equals("contents") && inner.isTextual()) && !isMessage(node)) {
                if (field.equals("candidates") || field.equals("choices")) {
                    ArrayNode unwrapped = Json.object().arrayNode();
                    inner.forEach(choice -> unwrapped.add(choice.has("message") ? choice.get("message")
                            : choice.has("content") ? choice.get("content") : choice.has("text") ? choice.get("text") : choice));
                    return unwrapped;
                }
                return inner;
            }
        }
        // a bare Chat Completions choice {index, message, finish_reason}
        if (node.path("message").isObject() && (node.has("index") || node.has("finish_reason"))) {
            return node.get("message");
        }
        if (node.path("prompt").isTextual() && !isMessage(node)) {
            return node.get("prompt");
        }
        return null;
    }

    private static boolean isMessage(JsonNode node) {
        return node.has("role") || node.has("parts") || node.has("tool_calls") || node.has("content") && !node.has("model")
                || node.path("type").isTextual() && !node.has("messages");
    }

    /**
     * One source message as messages: itself, or, when it carries tool results (parts or blocks answering calls), a
     * message of role {@code tool} per result besides any text it has.
     */
    private static List<Message> message(JsonNode node, String defaultRole) {
        String type = JsonFields.scalar(node, "type");
        if (type != null) {
            Message item = responsesItem(node, type);
            if (item != null) {
                return List.of(item);
            }
        }
        if (node.has("toolCallId") && node.has("toolName")) {
            // a Vercel AI SDK tool call {toolCallId, toolName, input|args}
            return List.of(new Message("assistant", "", List.of(new ToolCall(JsonFields.scalar(node, "toolCallId"),
                    JsonFields.scalar(node, "toolName"), arguments(node.has("input") ? node.get("input") : node.get("args")))), null));
        }
        String role = JsonFields.scalar(node, "role");
        if (role == null && type != null) {
            role = LANGCHAIN_ROLES.get(type.toLowerCase(Locale.ROOT));
        }
        JsonNode fields = node;
        if (role == null && node.path("kwargs").isObject()) {
            // a serialised LangChain message {lc, type: constructor, id: [..., "AIMessage"], kwargs: {...}}
            fields = node.get("kwargs");
            role = langChainClassRole(node.path("id"));
        }
        var text = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        List<Message> results = new ArrayList<>();
        JsonNode content = fields.has("parts") ? fields.get("parts") : fields.get("content");
        readContent(content, text, calls, results);
        readToolCalls(fields.get("tool_calls"), calls);
        JsonNode legacy = fields.get("function_call");
        if (legacy != null && legacy.isObject()) {
            calls.add(new ToolCall(null, JsonFields.scalar(legacy, "name"), arguments(legacy.get("arguments"))));
        }
        if (calls.isEmpty() && isModelRole(role) && content != null && content.isTextual()) {
            List<ToolCall> embedded = embeddedToolCalls(content.asText());
            if (!embedded.isEmpty()) {
                calls.addAll(embedded);
                text.setLength(0);
            }
        }
        if (text.isEmpty() && calls.isEmpty() && results.isEmpty() && content == null && !fields.has("tool_calls") && role == null) {
            // not a chat message at all: keep what it says
            text.append(node.toString());
        }
        String answers = JsonFields.firstScalar(fields, "tool_call_id", "toolCallId");
        if (!results.isEmpty() && text.isEmpty() && calls.isEmpty()) {
            return results;
        }
        List<Message> messages = new ArrayList<>();
        messages.add(new Message(role != null ? role : defaultRole, text.toString(), calls, answers));
        messages.addAll(results);
        return messages;
    }

    /** An OpenAI Responses API item, or null when {@code type} is not one. */
    private static Message responsesItem(JsonNode node, String type) {
        return switch (type) {
            case "message" -> {
                var text = new StringBuilder();
                List<ToolCall> calls = new ArrayList<>();
                readContent(node.get("content"), text, calls, new ArrayList<>());
                yield new Message(JsonFields.scalar(node, "role") != null ? JsonFields.scalar(node, "role") : "assistant", text.toString(),
                        calls, null);
            }
            case "function_call", "custom_tool_call" -> new Message("assistant", "", List.of(new ToolCall(
                    JsonFields.firstScalar(node, "call_id", "id"), JsonFields.scalar(node, "name"),
                    arguments(node.has("arguments") ? node.get("arguments") : node.get("input")))), null);
            case "function_call_output", "custom_tool_call_output" ->
                    new Message("tool", valueText(node.get("output")), List.of(), JsonFields.scalar(node, "call_id"));
            case "reasoning" -> new Message("assistant", "", List.of(), null);
            default -> null;
        };
    }

    private static boolean isModelRole(String role) {
        return role != null && (role.equals("assistant") || role.equals("model") || role.equals("ai"));
    }

    private static String langChainClassRole(JsonNode id) {
        String last = id.isArray() && !id.isEmpty() ? id.get(id.size() - 1).asText("") : "";
        return switch (last) {
            case "HumanMessage" -> "user";
            case "AIMessage", "AIMessageChunk" -> "assistant";
            case "SystemMessage" -> "system";
            case "ToolMessage", "FunctionMessage" -> "tool";
            default -> null;
        };
    }

    /** Text and tool calls from a content string or a list of parts / blocks of any of the formats read. */
    private static void readContent(JsonNode content, StringBuilder text, List<ToolCall> calls, List<Message> results) {
        if (content == null || content.isNull()) {
            return;
        }
        if (content.isTextual()) {
            append(text, content.asText());
            return;
        }
        if (content.isObject() && (content.has("parts") || content.has("role"))) {
            // Gemini candidate content {role, parts}
            readContent(content.get("parts"), text, calls, results);
            return;
        }
        if (!content.isArray()) {
            append(text, content.toString());
            return;
        }
        for (JsonNode part : content) {
            if (part.isTextual()) {
                append(text, part.asText());
                continue;
            }
            String type = JsonFields.scalar(part, "type");
            JsonNode geminiCall = part.has("function_call") ? part.get("function_call") : part.get("functionCall");
            JsonNode geminiResponse = part.has("function_response") ? part.get("function_response") : part.get("functionResponse");
            if (geminiCall != null && geminiCall.isObject()) {
                calls.add(new ToolCall(JsonFields.firstScalar(geminiCall, "id", "name"), JsonFields.scalar(geminiCall, "name"),
                        arguments(geminiCall.get("args"))));
            } else if (geminiResponse != null && geminiResponse.isObject()) {
                results.add(new Message("tool", valueText(geminiResponse.get("response")), List.of(),
                        JsonFields.firstScalar(geminiResponse, "id", "name")));
            } else if ("tool_call".equals(type) || "tool_use".equals(type) || "function_call".equals(type) || "tool-call".equals(type)) {
                calls.add(new ToolCall(JsonFields.firstScalar(part, "id", "call_id", "toolCallId"), JsonFields.firstScalar(part, "name", "toolName"),
                        arguments(part.has("arguments") ? part.get("arguments") : part.has("input") ? part.get("input") : part.get("args"))));
            } else if ("tool_call_response".equals(type) || "tool_result".equals(type) || "tool-result".equals(type)) {
                JsonNode result = part.has("result") ? part.get("result") : part.has("response") ? part.get("response")
                        : part.has("output") ? part.get("output") : part.get("content");
                results.add(new Message("tool", result != null && result.isArray() ? JsonFields.contentText(result) : valueText(result),
                        List.of(), JsonFields.firstScalar(part, "id", "tool_use_id", "tool_call_id", "toolCallId")));
            } else if ("reasoning".equals(type) || "thinking".equals(type)) {
                // reasoning is not the answer: the importer keeps the message text only
                continue;
            } else {
                String piece = JsonFields.firstScalar(part, "text", "content");
                if (piece != null) {
                    append(text, piece);
                }
            }
        }
    }

    private static void readToolCalls(JsonNode toolCalls, List<ToolCall> calls) {
        if (toolCalls == null || !toolCalls.isArray()) {
            return;
        }
        for (JsonNode call : toolCalls) {
            JsonNode function = call.path("function");
            String name = function.isObject() ? JsonFields.scalar(function, "name") : JsonFields.scalar(call, "name");
            JsonNode args = function.isObject() ? function.get("arguments") : call.has("arguments") ? call.get("arguments") : call.get("args");
            calls.add(new ToolCall(JsonFields.firstScalar(call, "id", "call_id"), name, arguments(args)));
        }
    }

    /** OpenAI tool calls written as a message's text ({@code [{"function":{...},"id":...,"type":"function"}]}). */
    private static List<ToolCall> embeddedToolCalls(String text) {
        String stripped = text.strip();
        if (!stripped.startsWith("[{") || !stripped.contains("\"function\"")) {
            return List.of();
        }
        try {
            JsonNode parsed = Json.MAPPER.readTree(stripped);
            List<ToolCall> calls = new ArrayList<>();
            for (JsonNode call : parsed) {
                if (!call.path("function").isObject() || JsonFields.scalarAt(call, "function", "name") == null) {
                    return List.of();
                }
            }
            readToolCalls(parsed, calls);
            return calls;
        } catch (IOException notJson) {
            return List.of();
        }
    }

    /** A JSON text parsed (a framework may store a message list as a string), else the value itself. */
    private static JsonNode parsed(JsonNode value) {
        if (value != null && value.isTextual()) {
            String text = value.asText().strip();
            if (text.startsWith("[") || text.startsWith("{")) {
                try {
                    JsonNode node = Json.MAPPER.readTree(text);
                    if (node != null && (node.isArray() || node.isObject())) {
                        return node;
                    }
                } catch (IOException e) {
                    // plain text after all
                }
            }
        }
        return value;
    }

    private static void append(StringBuilder text, String piece) {
        if (piece != null && !piece.isEmpty()) {
            text.append(text.isEmpty() ? "" : "\n").append(piece);
        }
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

    /**
     * A value as text; a string that holds a JSON string literal (a value encoded twice, as some SDKs store trace
     * input and output) is decoded, so the text is not wrapped in quotes and escapes.
     */
    static String valueText(JsonNode value) {
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isTextual()) {
            return value.toString();
        }
        String text = value.asText();
        for (int layer = 0; layer < 3 && text.length() >= 2 && text.startsWith("\"") && text.endsWith("\""); layer++) {
            try {
                JsonNode decoded = Json.MAPPER.readTree(text);
                if (decoded == null || !decoded.isTextual()) {
                    break;
                }
                text = decoded.asText();
            } catch (IOException notALiteral) {
                break;
            }
        }
        return text;
    }

    /** Messages as {@code model.call} input: {@code {role, content, toolCalls?, toolCallId?}}. */
    static ArrayNode toJson(List<Message> messages) {
        ArrayNode array = Json.object().arrayNode();
        for (Message message : messages) {
            ObjectNode json = array.addObject().put(ModelCallData.MESSAGE_ROLE, message.role()).put(ModelCallData.MESSAGE_CONTENT, message.text());
            if (!message.toolCalls().isEmpty()) {
                ArrayNode calls = json.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
                message.toolCalls().forEach(call -> calls.add(ModelCallData.toolCall(call.id(), call.name(), call.arguments())));
            }
            if (message.toolCallId() != null) {
                json.put("toolCallId", message.toolCallId());
            }
        }
        return array;
    }
}
