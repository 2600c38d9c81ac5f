package dev.forkline.importers.openaiagents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.EventIds;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.TimeFill;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentHandoffData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the events of Agents SDK spans in time order. Agent spans give the lanes; generation and response spans are
 * model calls; function spans are tool calls with their results; handoff spans are agent handoffs.
 */
final class AgentsTraceWriter {

    static final String RUN = ImportSession.RUN;
    static final String FALLBACK_ACTOR = "agent:openai-agents";

    private record Point(Instant ts, boolean start, int order, AgentsSpan span) {
    }

    private final ImportSession session;
    private final EventIds ids;
    private final TimeFill time;
    private final Map<String, AgentsSpan> byId = new HashMap<>();
    private final Map<String, String> lastModelCallByActor = new HashMap<>();
    private final Map<AgentsSpan, String> startEvents = new HashMap<>();
    private final Map<String, Long> unknownTypes = new LinkedHashMap<>();
    private long responsesWithoutModel;

    AgentsTraceWriter(ImportSession session, List<AgentsSpan> spans, Instant start) {
        this.session = session;
        this.ids = new EventIds(session);
        this.time = new TimeFill(start);
        for (AgentsSpan span : spans) {
            if (span.id() != null) {
                byId.putIfAbsent(span.id(), span);
            }
        }
    }

    void write(List<AgentsSpan> spans) {
        List<Point> points = new ArrayList<>();
        int order = 0;
        for (AgentsSpan span : spans) {
            Instant start = time.at(span.startedAt(), span.line());
            Instant end = span.endedAt() == null || span.endedAt().isBefore(start) ? start : span.endedAt();
            points.add(new Point(start, true, order, span));
            points.add(new Point(end, false, order, span));
            order++;
        }
        points.sort(Comparator.comparing(Point::ts)
                .thenComparing((a, b) -> a.span() == b.span() ? Boolean.compare(!a.start(), !b.start()) : Boolean.compare(a.start(), b.start()))
                .thenComparingInt(Point::order));
        for (Point point : points) {
            if (point.start()) {
                start(point.span(), point.ts());
            } else {
                end(point.span(), point.ts());
            }
        }
    }

    private void start(AgentsSpan span, Instant ts) {
        String actor = actor(span);
        Event event = switch (span.type()) {
            case "agent" -> agent(span, ts, actor);
            case "generation", "response" -> modelCall(span, ts, actor);
            case "function" -> toolCall(span, ts, actor);
            case "handoff" -> handoff(span, ts);
            case "guardrail" -> note(span, ts, actor, "guardrail " + span.text("name") + " "
                    + (span.spanData().path("triggered").asBoolean(false) ? "triggered its tripwire" : "passed"));
            case "custom" -> note(span, ts, actor, "custom span " + span.text("name"));
            case "mcp_tools" -> note(span, ts, actor, "listed tools of MCP server " + span.text("server"));
            case "transcription", "speech", "speech_group" -> note(span, ts, actor, span.type() + " span");
            default -> unknown(span, ts, actor);
        };
        startEvents.put(span, event.id());
    }

    private void end(AgentsSpan span, Instant ts) {
        String actor = actor(span);
        if ("function".equals(span.type())) {
            toolResult(span, ts, actor);
            return;
        }
        if ("guardrail".equals(span.type()) && span.spanData().path("triggered").asBoolean(false)) {
            ObjectNode data = new ErrorData("guardrail '" + span.text("name") + "' tripwire triggered", "guardrail").toPayload();
            append(NewEvent.of(RUN, actor, EventType.ERROR).at(ts).causes(startEvents.get(span)).data(data), span);
        }
        if (span.error() != null) {
            append(NewEvent.of(RUN, actor, EventType.ERROR).at(ts).causes(startEvents.get(span)).data(errorData(span)), span);
        }
    }

    private Event agent(AgentsSpan span, Instant ts, String actor) {
        ObjectNode data = NoteData.of("agent " + span.text("name") + " started").toPayload();
        copy(span.spanData(), data, "tools", "handoffs", "output_type");
        data.put("spanId", span.id());
        return append(NewEvent.of(RUN, actor, EventType.NOTE).at(ts).touches(StateKind.SESSION).data(data), span);
    }

    private Event modelCall(AgentsSpan span, Instant ts, String actor) {
        ObjectNode spanData = span.spanData();
        ObjectNode data = Json.object();
        String model = JsonFields.text(spanData, "model");
        if (model == null) {
            model = JsonFields.textAt(spanData, "response", "model");
        }
        if (model == null && "response".equals(span.type())) {
            responsesWithoutModel++;
        }
        data.put(ModelCallData.MODEL, model);
        ObjectNode input = data.putObject(ModelCallData.INPUT);
        ArrayNode messages = messages(spanData.get("input"));
        input.put(ModelCallData.INPUT_SUMMARY, messages.isEmpty() ? "not recorded" : JsonFields.preview(lastContent(messages), Payloads.INPUT_SUMMARY_PREVIEW));
        if (!messages.isEmpty()) {
            input.set(ModelCallData.INPUT_MESSAGES, messages);
        }
        ObjectNode output = data.putObject(ModelCallData.OUTPUT);
        StringBuilder text = new StringBuilder();
        ArrayNode toolCalls = output.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
        JsonNode outputs = spanData.get("output");
        if (outputs != null && outputs.isArray()) {
            for (JsonNode message : outputs) {
                String content = contentText(message.get("content"));
                if (!content.isEmpty()) {
                    text.append(text.isEmpty() ? "" : "\n\n").append(content);
                }
                JsonNode calls = message.get("tool_calls");
                if (calls != null && calls.isArray()) {
                    for (JsonNode call : calls) {
                        toolCalls.add(ModelCallData.toolCall(JsonFields.text(call, "id"), JsonFields.textAt(call, "function", "name"), JsonFields.argumentsObject(JsonFields.at(call, "function", "arguments"))));
                    }
                }
            }
        }
        output.put(ModelCallData.OUTPUT_TEXT, text.toString());
        JsonNode usage = spanData.get("usage");
        if (usage != null && usage.isObject()) {
            Long inputTokens = first(usage, "input_tokens", "prompt_tokens");
            Long outputTokens = first(usage, "output_tokens", "completion_tokens");
            Long cached = JsonFields.longValue(JsonFields.at(usage, "input_tokens_details", "cached_tokens"));
            data.set(ModelCallData.USAGE, new UsageData(inputTokens, outputTokens, cached, null).toPayload());
        }
        if (spanData.get("model_config") instanceof ObjectNode config) {
            data.set("modelConfig", config.deepCopy());
        }
        Payloads.putIfPresent(data, "responseId", JsonFields.text(spanData, "response_id"));
        Payloads.putIfPresent(data, ModelCallData.LATENCY_MS, span.durationMs());
        data.put("spanType", span.type());
        data.put("spanId", span.id());
        Event event = append(NewEvent.of(RUN, actor, EventType.MODEL_CALL).at(ts).touches(StateKind.SESSION).data(data), span);
        lastModelCallByActor.put(actor, event.id());
        return event;
    }

    private Event toolCall(AgentsSpan span, Instant ts, String actor) {
        String tool = span.text("name");
        ObjectNode arguments = JsonFields.argumentsObject(span.spanData().get("input"));
        String id = ids.next(baseId(span));
        EffectRules.Classification effect = session.classify(tool, arguments, id, span.line());
        ObjectNode data = ToolCallData.payload("span:" + span.id(), tool, arguments, effect.effect());
        if (span.spanData().get("mcp_data") instanceof ObjectNode mcp) {
            data.set("mcp", mcp.deepCopy());
        }
        data.put("spanId", span.id());
        List<String> causes = new ArrayList<>();
        String modelCall = lastModelCallByActor.get(actor);
        if (modelCall != null) {
            causes.add(modelCall);
        }
        return session.append(NewEvent.of(RUN, actor, EventType.TOOL_CALL).id(id).at(ts).causes(causes)
                .touches(effect.effect().touchedByCall()).data(data), span.line());
    }

    private void toolResult(AgentsSpan span, Instant ts, String actor) {
        ObjectNode data = Json.object();
        data.put(ToolResultData.CALL_ID, "span:" + span.id());
        String output = span.text("output");
        if (output != null) {
            LargeText.put(data, ToolResultData.STDOUT, output, session);
        }
        data.put(ToolResultData.IS_ERROR, span.error() != null);
        if (span.error() != null) {
            data.put(ToolResultData.ERROR, errorMessage(span));
        }
        Payloads.putIfPresent(data, ToolResultData.DURATION_MS, span.durationMs());
        if (span.endedAt() == null) {
            data.put("unfinished", true);
            session.finding(Finding.warning(ImportFindings.UNFINISHED_SPAN, "function span " + span.id() + " has no end time: its result is not recorded",
                    startEvents.get(span), span.line()));
        }
        append(NewEvent.of(RUN, actor, EventType.TOOL_RESULT).at(ts).causes(startEvents.get(span)).touches(StateKind.SESSION).data(data), span);
    }

    private Event handoff(AgentsSpan span, Instant ts) {
        String from = span.text("from_agent");
        String to = span.text("to_agent");
        ObjectNode data = Json.object();
        data.put(AgentHandoffData.FROM, from == null ? actor(span) : "agent:" + from);
        data.put(AgentHandoffData.TO, to == null ? "agent:unknown" : "agent:" + to);
        data.put(AgentHandoffData.REASON, "handoff");
        data.put("spanId", span.id());
        return append(NewEvent.of(RUN, data.get(AgentHandoffData.FROM).asText(), EventType.AGENT_HANDOFF).at(ts).touches(StateKind.SESSION).data(data), span);
    }

    private Event note(AgentsSpan span, Instant ts, String actor, String text) {
        ObjectNode data = NoteData.of(text).toPayload();
        data.set("spanData", span.spanData().deepCopy());
        data.put("spanId", span.id());
        return append(NewEvent.of(RUN, actor, EventType.NOTE).at(ts).data(data), span);
    }

    private Event unknown(AgentsSpan span, Instant ts, String actor) {
        unknownTypes.merge(span.type(), 1L, Long::sum);
        ObjectNode data = Json.object();
        data.set("raw", span.spanData().deepCopy());
        data.put("spanId", span.id());
        return append(NewEvent.ofRawType(RUN, actor, "openai-agents." + span.type()).at(ts).data(data), span);
    }

    void report() {
        time.report(session, "spans");
        unknownTypes.forEach((type, count) -> session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, count + " span(s) of type '" + type
                + "' are not known to this importer; kept as 'openai-agents." + type + "' events", null, 0)));
        if (responsesWithoutModel > 0) {
            session.finding(Finding.info(ImportFindings.MODEL_UNKNOWN, responsesWithoutModel + " response span(s) record only the response id"
                    + " and usage: their model is not known", null, 0));
        }
    }

    Instant lastTime() {
        return time.last();
    }

    // --- helpers ---

    /** The agent whose span encloses this one. */
    String actor(AgentsSpan span) {
        int hops = 0;
        for (AgentsSpan current = span; current != null && hops < 10_000; current = parent(current), hops++) {
            if ("agent".equals(current.type()) && current.text("name") != null) {
                return "agent:" + current.text("name");
            }
        }
        if ("handoff".equals(span.type()) && span.text("from_agent") != null) {
            return "agent:" + span.text("from_agent");
        }
        return FALLBACK_ACTOR;
    }

    private AgentsSpan parent(AgentsSpan span) {
        AgentsSpan parent = span.parentId() == null ? null : byId.get(span.parentId());
        return parent == span ? null : parent;
    }

    private Event append(NewEvent draft, AgentsSpan span) {
        return session.append(draft.id(ids.next(baseId(span))), span.line());
    }

    private static String baseId(AgentsSpan span) {
        return span.id() != null ? span.id() : "line-" + span.line();
    }

    private static ObjectNode errorData(AgentsSpan span) {
        ObjectNode data = new ErrorData(errorMessage(span), span.type()).toPayload();
        JsonNode details = span.error().get("data");
        if (details != null && !details.isNull()) {
            data.set("details", details.deepCopy());
        }
        data.put("spanId", span.id());
        return data;
    }

    private static String errorMessage(AgentsSpan span) {
        String message = JsonFields.text(span.error(), "message");
        return message != null ? message : span.error().toString();
    }

    private static ArrayNode messages(JsonNode input) {
        ArrayNode messages = Json.object().arrayNode();
        if (input == null || input.isNull()) {
            return messages;
        }
        if (input.isTextual()) {
            messages.addObject().put(ModelCallData.MESSAGE_ROLE, "user").put(ModelCallData.MESSAGE_CONTENT, input.asText());
            return messages;
        }
        if (input.isArray()) {
            for (JsonNode message : input) {
                ObjectNode out = messages.addObject();
                out.put(ModelCallData.MESSAGE_ROLE, JsonFields.text(message, "role") != null ? JsonFields.text(message, "role") : JsonFields.text(message, "type"));
                out.put(ModelCallData.MESSAGE_CONTENT, contentText(message.has("content") ? message.get("content") : message.get("output")));
            }
        }
        return messages;
    }

    private static String lastContent(ArrayNode messages) {
        JsonNode last = messages.get(messages.size() - 1);
        return JsonFields.text(last, "role") + ": " + JsonFields.text(last, "content");
    }

    private static String contentText(JsonNode content) {
        return JsonFields.joinedParts(content, part -> JsonFields.text(part, "text"));
    }

    private static Long first(JsonNode node, String... fields) {
        for (String field : fields) {
            Long value = JsonFields.longValue(node.get(field));
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private static void copy(ObjectNode from, ObjectNode to, String... fields) {
        for (String field : fields) {
            JsonNode value = from.get(field);
            if (value != null && !value.isNull()) {
                to.set(field, value.deepCopy());
            }
        }
    }
}
