package dev.forkline.importers.otel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.UsageData;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One model request as a group of nested model spans: several instrumentations often record the same request (an
 * agent framework's span around an SDK's span around the HTTP call), each with part of the picture and often the same
 * token counts. The group is read as one model.call, asking the innermost span first (it is closest to the wire), so
 * the tokens are counted once.
 */
final class ModelSpanGroup {

    private static final KeyPattern PROMPT = new KeyPattern("gen_ai.prompt.", "^gen_ai\\.prompt\\.(\\d+)\\.(role|content)$");
    private static final KeyPattern COMPLETION = new KeyPattern("gen_ai.completion.", "^gen_ai\\.completion\\.(\\d+)\\.(role|content)$");
    private static final KeyPattern COMPLETION_TOOL = new KeyPattern("gen_ai.completion.",
            "^gen_ai\\.completion\\.\\d+\\.tool_calls\\.(\\d+)\\.(id|name|arguments)$");
    private static final KeyPattern OI_INPUT = new KeyPattern("llm.input_messages.", "^llm\\.input_messages\\.(\\d+)\\.message\\.(role|content)$");
    private static final KeyPattern OI_OUTPUT = new KeyPattern("llm.output_messages.", "^llm\\.output_messages\\.(\\d+)\\.message\\.(role|content)$");
    private static final KeyPattern OI_TOOL = new KeyPattern("llm.output_messages.",
            "^llm\\.output_messages\\.\\d+\\.message\\.tool_calls\\.(\\d+)\\.tool_call\\.(id|function\\.name|function\\.arguments)$");

    /**
     * A pattern of indexed attribute keys, tried only on keys that start with its literal prefix: every attribute of
     * every model span is asked about several patterns, and most keys start otherwise.
     */
    private record KeyPattern(String prefix, Pattern pattern) {

        KeyPattern(String prefix, String regex) {
            this(prefix, Pattern.compile(regex));
        }

        /** The key's match, or null when it does not match. */
        Matcher match(String key) {
            if (!key.startsWith(prefix)) {
                return null;
            }
            Matcher matcher = pattern.matcher(key);
            return matcher.matches() ? matcher : null;
        }
    }

    private final OtelSpan root;
    /** Innermost first. */
    private final List<OtelSpan> members;

    /**
     * Whether the members record token usage and a cost, noted when the payload is made: the findings ask for them
     * when all events are written, and the members' attributes may be in the file by then.
     */
    private Boolean recordsUsage;
    private Boolean recordsCost;

    ModelSpanGroup(OtelSpan root, List<OtelSpan> innermostFirst) {
        this.root = root;
        this.members = innermostFirst;
    }

    OtelSpan root() {
        return root;
    }

    List<OtelSpan> members() {
        return members;
    }

    /** The first value any member has for any of the keys, innermost member first. */
    JsonNode first(String... keys) {
        for (OtelSpan span : members) {
            for (String key : keys) {
                JsonNode value = span.value(key);
                if (value != null) {
                    return value;
                }
            }
        }
        return null;
    }

    String firstText(String... keys) {
        JsonNode value = first(keys);
        return value == null ? null : value.isValueNode() ? value.asText() : value.toString();
    }

    Long firstLong(String... keys) {
        BigInteger value = Timestamps.integer(first(keys));
        return value == null ? null : value.longValue();
    }

    String model() {
        return firstText("gen_ai.response.model", "gen_ai.request.model", "llm.model_name", "llm.request.model");
    }

    String provider() {
        return firstText("gen_ai.provider.name", "gen_ai.system", "llm.provider", "llm.system");
    }

    ObjectNode usage() {
        Long input = firstLong("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt", "llm.usage.prompt_tokens");
        Long output = firstLong("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens", "llm.token_count.completion",
                "llm.usage.completion_tokens");
        Long cacheRead = firstLong("gen_ai.usage.cache_read_input_tokens", "gen_ai.usage.cache_read.input_tokens",
                "llm.token_count.prompt_details.cache_read");
        Long cacheWrite = firstLong("gen_ai.usage.cache_creation_input_tokens", "gen_ai.usage.cache_creation.input_tokens",
                "llm.token_count.prompt_details.cache_write");
        if (input == null && output == null) {
            return null;
        }
        return new UsageData(input, output, cacheRead, cacheWrite).toPayload();
    }

    boolean recordsUsage() {
        return recordsUsage != null ? recordsUsage : usage() != null;
    }

    boolean recordsCost() {
        return recordsCost != null ? recordsCost : cost() != null;
    }

    private JsonNode cost() {
        return first("gen_ai.usage.cost", "llm.cost.total");
    }

    /** The model.call payload (without callers' extras). */
    ObjectNode payload(ImportSession session) {
        ObjectNode data = Json.object();
        data.put(ModelCallData.MODEL, model());
        Payloads.putIfPresent(data, ModelCallData.PROVIDER, provider());
        Payloads.putIfPresent(data, "requestModel", firstText("gen_ai.request.model", "llm.model_name"));
        Payloads.putIfPresent(data, "operation", firstText("gen_ai.operation.name"));
        ObjectNode input = data.putObject(ModelCallData.INPUT);
        ArrayNode messages = inputMessages(session);
        input.put(ModelCallData.INPUT_SUMMARY, summary(messages));
        if (!messages.isEmpty()) {
            input.set(ModelCallData.INPUT_MESSAGES, messages);
        }
        ObjectNode output = data.putObject(ModelCallData.OUTPUT);
        output.put(ModelCallData.OUTPUT_TEXT, outputText());
        output.set(ModelCallData.OUTPUT_TOOL_CALLS, toolCalls());
        ObjectNode usage = usage();
        recordsUsage = usage != null;
        if (usage != null) {
            data.set(ModelCallData.USAGE, usage);
        }
        JsonNode cost = cost();
        recordsCost = cost != null;
        if (cost != null && cost.isNumber()) {
            data.set(ModelCallData.COST_USD, cost);
        }
        Long latency = root.durationMs();
        if (latency != null) {
            data.put(ModelCallData.LATENCY_MS, latency);
        }
        Payloads.putIfPresent(data, "responseId", firstText("gen_ai.response.id"));
        Payloads.putIfPresent(data, "finishReasons", firstText("gen_ai.response.finish_reasons", "gen_ai.completion.0.finish_reason"));
        ArrayNode spanIds = data.putArray("spanIds");
        members.forEach(member -> spanIds.add(member.spanId()));
        return data;
    }

    private ArrayNode inputMessages(ImportSession session) {
        ArrayNode messages = Json.object().arrayNode();
        for (OtelSpan span : members) {
            Map<Integer, ObjectNode> indexed = indexed(span, PROMPT);
            if (indexed.isEmpty()) {
                indexed = indexed(span, OI_INPUT);
            }
            if (!indexed.isEmpty()) {
                indexed.values().forEach(message -> messages.add(bounded(message, session)));
                return messages;
            }
            JsonNode structured = parsed(span.value("gen_ai.input.messages"));
            if (structured != null && structured.isArray()) {
                for (JsonNode message : structured) {
                    ObjectNode out = messages.addObject();
                    out.put(ModelCallData.MESSAGE_ROLE, JsonFields.text(message, "role"));
                    out.put(ModelCallData.MESSAGE_CONTENT, partsText(message));
                    bounded(out, session);
                }
                return messages;
            }
        }
        for (OtelSpan span : members) {
            for (OtelSpan.SpanEvent event : span.events()) {
                if ("gen_ai.content.prompt".equals(event.name()) && event.attributes().has("gen_ai.prompt")) {
                    ObjectNode out = messages.addObject();
                    out.put(ModelCallData.MESSAGE_ROLE, "prompt");
                    out.put(ModelCallData.MESSAGE_CONTENT, event.attributes().get("gen_ai.prompt").asText());
                    bounded(out, session);
                    return messages;
                }
            }
        }
        String value = firstText("input.value");
        if (value != null) {
            ObjectNode out = messages.addObject();
            out.put(ModelCallData.MESSAGE_ROLE, "input");
            out.put(ModelCallData.MESSAGE_CONTENT, value);
            bounded(out, session);
        }
        return messages;
    }

    private String outputText() {
        for (OtelSpan span : members) {
            Map<Integer, ObjectNode> indexed = indexed(span, COMPLETION);
            if (indexed.isEmpty()) {
                indexed = indexed(span, OI_OUTPUT);
            }
            StringBuilder text = new StringBuilder();
            indexed.values().forEach(message -> {
                String content = JsonFields.text(message, "content");
                if (content != null) {
                    text.append(text.isEmpty() ? "" : "\n\n").append(content);
                }
            });
            if (!text.isEmpty()) {
                return text.toString();
            }
            JsonNode structured = parsed(span.value("gen_ai.output.messages"));
            if (structured != null && structured.isArray()) {
                StringBuilder parts = new StringBuilder();
                structured.forEach(message -> parts.append(parts.isEmpty() ? "" : "\n\n").append(partsText(message)));
                return parts.toString();
            }
            for (OtelSpan.SpanEvent event : span.events()) {
                if ("gen_ai.content.completion".equals(event.name()) && event.attributes().has("gen_ai.completion")) {
                    return event.attributes().get("gen_ai.completion").asText();
                }
            }
        }
        String value = firstText("output.value");
        return value == null ? "" : value;
    }

    private ArrayNode toolCalls() {
        ArrayNode calls = Json.object().arrayNode();
        for (OtelSpan span : members) {
            Map<Integer, ObjectNode> byIndex = new TreeMap<>();
            span.attributes().properties().forEach(entry -> {
                Matcher semconv = COMPLETION_TOOL.match(entry.getKey());
                Matcher matched = semconv != null ? semconv : OI_TOOL.match(entry.getKey());
                if (matched != null) {
                    String field = switch (matched.group(2)) {
                        case "id" -> ModelCallData.TOOL_CALL_ID;
                        case "name", "function.name" -> ModelCallData.TOOL_CALL_NAME;
                        default -> ModelCallData.TOOL_CALL_ARGUMENTS;
                    };
                    ObjectNode call = byIndex.computeIfAbsent(Integer.valueOf(matched.group(1)), i -> Json.object());
                    if (field.equals(ModelCallData.TOOL_CALL_ARGUMENTS)) {
                        call.set(ModelCallData.TOOL_CALL_ARGUMENTS, JsonFields.argumentsObject(entry.getValue()));
                    } else {
                        call.put(field, entry.getValue().asText());
                    }
                }
            });
            if (!byIndex.isEmpty()) {
                byIndex.values().forEach(calls::add);
                return calls;
            }
        }
        return calls;
    }

    private static Map<Integer, ObjectNode> indexed(OtelSpan span, KeyPattern pattern) {
        Map<Integer, ObjectNode> byIndex = new TreeMap<>();
        span.attributes().properties().forEach(entry -> {
            Matcher matcher = pattern.match(entry.getKey());
            if (matcher != null) {
                byIndex.computeIfAbsent(Integer.valueOf(matcher.group(1)), i -> Json.object())
                        .put(matcher.group(2), entry.getValue().isValueNode() ? entry.getValue().asText() : entry.getValue().toString());
            }
        });
        return byIndex;
    }

    /** Long message content goes to a blob; the event keeps a preview. */
    private static ObjectNode bounded(ObjectNode message, ImportSession session) {
        String content = JsonFields.text(message, "content");
        if (content != null) {
            LargeText.put(message, ModelCallData.MESSAGE_CONTENT, content, session);
        }
        return message;
    }

    private static String summary(ArrayNode messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            JsonNode message = messages.get(i);
            if ("user".equals(JsonFields.text(message, "role")) || "tool".equals(JsonFields.text(message, "role"))) {
                return JsonFields.text(message, "role") + ": " + JsonFields.preview(JsonFields.text(message, "content"), 200);
            }
        }
        return messages.isEmpty() ? "not recorded" : messages.size() + " message(s)";
    }

    private static JsonNode parsed(JsonNode value) {
        if (value == null) {
            return null;
        }
        if (!value.isTextual()) {
            return value;
        }
        try {
            return Json.MAPPER.readTree(value.asText());
        } catch (JsonProcessingException notJson) {
            return null;
        }
    }

    /** The text of a semconv message {@code {"role", "parts":[{"type":"text","content"}]}} or a plain {@code content}. */
    private static String partsText(JsonNode message) {
        String content = JsonFields.text(message, "content");
        if (content != null) {
            return content;
        }
        StringBuilder text = new StringBuilder();
        JsonNode parts = message.get("parts");
        if (parts != null && parts.isArray()) {
            for (JsonNode part : parts) {
                String partText = JsonFields.text(part, "content");
                if (partText == null) {
                    partText = "[" + JsonFields.text(part, "type") + "]";
                }
                text.append(text.isEmpty() ? "" : "\n").append(partText);
            }
        }
        return text.toString();
    }
}
