package dev.forkline.benchmarks.generate.foreign;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;

/**
 * Writes a {@link SyntheticSession} as one OTLP/JSON export document ({@code resourceSpans/scopeSpans/spans}), the
 * GenAI semantic conventions' spans as in {@code shared/samples/otel-genai}: one {@code invoke_agent} span per agent
 * session of 100 turns, under it per turn a {@code chat} span (model, usage, output messages with the tool call) and an
 * {@code execute_tool} span (tool name, call id, arguments, result; status ERROR when the call failed). Spans come in
 * batches of 1,000 per resource, as a collector's exporter writes them; the document is one line, the way the
 * collector's file exporter writes a request.
 */
final class OtlpExportMaker implements ForeignTraceMaker {

    private static final int SPANS_PER_BATCH = 1000;
    private static final int TURNS_PER_AGENT_SPAN = 100;
    private static final String[] TOOL_NAMES = {"shell", "read_file", "grep"};

    @Override
    public long write(Path file, int records, long seed) throws IOException {
        SyntheticSession session = new SyntheticSession(seed, 8);
        String traceId = HexFormat.of().toHexDigits(seed) + HexFormat.of().toHexDigits(~seed);
        try (RecordFile out = new RecordFile(file, false)) {
            JsonGenerator json = out.json;
            json.writeStartObject();
            json.writeArrayFieldStart("resourceSpans");
            long spanCounter = 0;
            int inBatch = 0;
            String agentSpan = null;
            int agentTurns = 0;
            Instant agentStart = null;
            String agentName = null;
            while (out.records() < records) {
                if (inBatch == 0) {
                    startBatch(json);
                }
                if (agentSpan == null) {
                    agentSpan = spanId(++spanCounter);
                    agentTurns = 0;
                    agentStart = session.now();
                    agentName = "agent-" + (spanCounter % 8);
                }
                SyntheticSession.Turn turn = session.next();
                chatSpan(json, traceId, spanId(++spanCounter), agentSpan, turn);
                toolSpan(json, traceId, spanId(++spanCounter), agentSpan, turn);
                out.counted();
                out.counted();
                inBatch += 2;
                if (++agentTurns == TURNS_PER_AGENT_SPAN || out.records() >= records) {
                    agentSpan(json, traceId, agentSpan, agentName, agentStart, turn.returned());
                    out.counted();
                    inBatch++;
                    agentSpan = null;
                }
                if (inBatch >= SPANS_PER_BATCH || out.records() >= records) {
                    endBatch(json);
                    inBatch = 0;
                }
            }
            json.writeEndArray();
            json.writeEndObject();
            return out.records();
        }
    }

    private static String spanId(long counter) {
        return HexFormat.of().toHexDigits(counter * 0x9E3779B97F4A7C15L);
    }

    private static void startBatch(JsonGenerator json) throws IOException {
        json.writeStartObject();
        json.writeObjectFieldStart("resource");
        json.writeArrayFieldStart("attributes");
        attribute(json, "service.name", "bench-agents");
        attribute(json, "service.version", "1.0.0");
        attribute(json, "telemetry.sdk.language", "python");
        attribute(json, "telemetry.sdk.name", "opentelemetry");
        attribute(json, "telemetry.sdk.version", "1.38.0");
        attribute(json, "host.name", "bench-host");
        json.writeEndArray();
        json.writeEndObject();
        json.writeArrayFieldStart("scopeSpans");
        json.writeStartObject();
        json.writeObjectFieldStart("scope");
        json.writeStringField("name", "opentelemetry.instrumentation.openai_agents");
        json.writeStringField("version", "0.1.0");
        json.writeEndObject();
        json.writeArrayFieldStart("spans");
    }

    private static void endBatch(JsonGenerator json) throws IOException {
        json.writeEndArray();
        json.writeEndObject();
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void spanStart(JsonGenerator json, String traceId, String spanId, String parent, String name, String kind,
                                  Instant start, Instant end) throws IOException {
        json.writeStartObject();
        json.writeStringField("traceId", traceId);
        json.writeStringField("spanId", spanId);
        if (parent != null) {
            json.writeStringField("parentSpanId", parent);
        }
        json.writeStringField("name", name);
        json.writeStringField("kind", kind);
        json.writeStringField("startTimeUnixNano", Long.toString(nanos(start)));
        json.writeStringField("endTimeUnixNano", Long.toString(nanos(end)));
        json.writeArrayFieldStart("attributes");
    }

    private static void spanEnd(JsonGenerator json, boolean error, String message) throws IOException {
        json.writeEndArray();
        json.writeObjectFieldStart("status");
        if (error) {
            json.writeNumberField("code", 2);
            json.writeStringField("message", message);
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void agentSpan(JsonGenerator json, String traceId, String spanId, String agent, Instant start, Instant end) throws IOException {
        spanStart(json, traceId, spanId, null, "invoke_agent " + agent, "SPAN_KIND_INTERNAL", start, end);
        attribute(json, "gen_ai.operation.name", "invoke_agent");
        attribute(json, "gen_ai.provider.name", "openai");
        attribute(json, "gen_ai.agent.name", agent);
        attribute(json, "gen_ai.agent.id", "bench/" + agent);
        spanEnd(json, false, null);
    }

    private static void chatSpan(JsonGenerator json, String traceId, String spanId, String parent, SyntheticSession.Turn turn)
            throws IOException {
        spanStart(json, traceId, spanId, parent, "chat " + turn.model(), "SPAN_KIND_CLIENT", turn.requested(), turn.answered());
        attribute(json, "gen_ai.operation.name", "chat");
        attribute(json, "gen_ai.provider.name", "openai");
        attribute(json, "gen_ai.request.model", turn.model());
        attribute(json, "gen_ai.response.model", turn.model());
        attribute(json, "gen_ai.response.id", "chatcmpl-" + Integer.toString(turn.number(), 36));
        intAttribute(json, "gen_ai.usage.input_tokens", turn.inputTokens());
        intAttribute(json, "gen_ai.usage.output_tokens", turn.outputTokens());
        intAttribute(json, "gen_ai.usage.cache_read.input_tokens", turn.cacheReadTokens());
        attribute(json, "gen_ai.output.messages", "[{\"role\":\"assistant\",\"parts\":[{\"type\":\"text\",\"content\":\"" + turn.said()
                + "\"},{\"type\":\"tool_call\",\"id\":\"" + turn.callId() + "\",\"name\":\"" + TOOL_NAMES[turn.tool().ordinal()]
                + "\",\"arguments\":{\"input\":\"" + turn.command() + "\"}}],\"finish_reason\":\"tool_call\"}]");
        spanEnd(json, false, null);
    }

    private static void toolSpan(JsonGenerator json, String traceId, String spanId, String parent, SyntheticSession.Turn turn)
            throws IOException {
        String tool = TOOL_NAMES[turn.tool().ordinal()];
        spanStart(json, traceId, spanId, parent, "execute_tool " + tool, "SPAN_KIND_INTERNAL", turn.answered(), turn.returned());
        attribute(json, "gen_ai.operation.name", "execute_tool");
        attribute(json, "gen_ai.tool.name", tool);
        attribute(json, "gen_ai.tool.type", "function");
        attribute(json, "gen_ai.tool.call.id", turn.callId());
        attribute(json, "gen_ai.tool.call.arguments", "{\"input\":\"" + turn.command() + "\"}");
        attribute(json, "gen_ai.tool.call.result", turn.output());
        spanEnd(json, turn.failed(), turn.failed() ? "exit code 2" : null);
    }

    private static void attribute(JsonGenerator json, String key, String value) throws IOException {
        json.writeStartObject();
        json.writeStringField("key", key);
        json.writeObjectFieldStart("value");
        json.writeStringField("stringValue", value);
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void intAttribute(JsonGenerator json, String key, long value) throws IOException {
        json.writeStartObject();
        json.writeStringField("key", key);
        json.writeObjectFieldStart("value");
        json.writeStringField("intValue", Long.toString(value));
        json.writeEndObject();
        json.writeEndObject();
    }

    private static long nanos(Instant at) {
        return at.getEpochSecond() * 1_000_000_000L + at.getNano();
    }
}
