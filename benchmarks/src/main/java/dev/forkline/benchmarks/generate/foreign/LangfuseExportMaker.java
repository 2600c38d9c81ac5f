package dev.forkline.benchmarks.generate.foreign;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;

/**
 * Writes a {@link SyntheticSession} as a Langfuse trace export ({@code {trace, observations}}, as Langfuse's UI exports
 * it) in the shape of {@code shared/samples/langfuse/pydantic-ai-tools-2025-12-04.trace.json}: the trace's members, then
 * per turn a {@code GENERATION} (OpenTelemetry GenAI messages with
 * {@code parts}: the system prompt and the last {@value #WINDOW} messages of the conversation as input, as an agent
 * framework that keeps a window of its context sends them; the text and the tool call as output; usage, cost and the
 * {@code gen_ai} attributes in {@code metadata}) and a {@code TOOL} observation (the call's id, name, arguments and
 * response among its attributes, {@code level ERROR} when it failed), and last the {@code AGENT} observation of the
 * whole run, the others' parent. A record is an observation. One document, on one line.
 */
final class LangfuseExportMaker implements ForeignTraceMaker {

    private static final int WINDOW = 4;
    private static final String TRACE_ID = "7a38edd8123db47ad8dcb8aa4c5e3926";
    private static final String ROOT = "00000000000000a0";
    private static final String[] TOOL_NAMES = {"bash", "read_file", "grep"};

    @Override
    public long write(Path file, int records, long seed) throws IOException {
        SyntheticSession session = new SyntheticSession(seed, 1);
        try (RecordFile out = new RecordFile(file, false)) {
            JsonGenerator json = out.json;
            Instant start = SyntheticSession.start();
            json.writeStartObject();
            json.writeObjectFieldStart("trace");
            json.writeStringField("id", TRACE_ID);
            json.writeStringField("projectId", "bench-project");
            json.writeStringField("name", "bench-agent");
            json.writeStringField("timestamp", RecordFile.iso(start));
            json.writeStringField("environment", "default");
            json.writeArrayFieldStart("tags");
            json.writeString("bench");
            json.writeEndArray();
            json.writeNullField("userId");
            json.writeStringField("sessionId", "bench-session-" + HexFormat.of().toHexDigits(seed));
            json.writeStringField("input", session.prompt());
            json.writeStringField("output", "done");
            json.writeStringField("metadata", "{\"scope\":{\"name\":\"pydantic-ai\",\"version\":\"1.26.0\"}}");
            json.writeArrayFieldStart("scores");
            json.writeEndArray();
            json.writeEndObject();
            json.writeArrayFieldStart("observations");
            Deque<String[]> conversation = new ArrayDeque<>();
            conversation.add(new String[] {"user", "text", session.prompt()});
            while (out.records() < records - 1) {
                SyntheticSession.Turn turn = session.next();
                String tool = TOOL_NAMES[turn.tool().ordinal()];
                generation(json, turn, tool, conversation);
                out.counted();
                toolObservation(json, turn, tool);
                out.counted();
                conversation.add(new String[] {"assistant", "tool_call", turn.said(), turn.callId(), tool, turn.command()});
                conversation.add(new String[] {"user", "tool_call_response", turn.output(), turn.callId(), tool});
                while (conversation.size() > WINDOW) {
                    conversation.removeFirst();
                }
            }
            // the run's own observation, last: its end is the last turn's (an export's observations come in any order)
            observationStart(json, ROOT, null, "AGENT", "bench_agent", start, session.now());
            json.writeEndObject();
            out.counted();
            json.writeEndArray();
            json.writeEndObject();
            return out.records();
        }
    }

    private static void observationStart(JsonGenerator json, String id, String parent, String type, String name, Instant start, Instant end)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("id", id);
        json.writeStringField("traceId", TRACE_ID);
        json.writeStringField("startTime", RecordFile.iso(start));
        json.writeStringField("projectId", "bench-project");
        json.writeStringField("parentObservationId", parent);
        json.writeStringField("type", type);
        json.writeStringField("environment", "default");
        json.writeStringField("endTime", RecordFile.iso(end));
        json.writeStringField("name", name);
    }

    private static void generation(JsonGenerator json, SyntheticSession.Turn turn, String tool, Deque<String[]> conversation) throws IOException {
        observationStart(json, id(turn, 1), ROOT, "GENERATION", "chat " + turn.model(), turn.requested(), turn.answered());
        json.writeStringField("level", "DEFAULT");
        json.writeStringField("model", turn.model());
        json.writeObjectFieldStart("usageDetails");
        json.writeNumberField("input", turn.inputTokens());
        json.writeNumberField("output", turn.outputTokens());
        json.writeNumberField("total", turn.inputTokens() + turn.outputTokens());
        json.writeEndObject();
        json.writeObjectFieldStart("costDetails");
        json.writeNumberField("total", (turn.inputTokens() * 15 + turn.outputTokens() * 60) / 100_000_000.0);
        json.writeEndObject();
        json.writeObjectFieldStart("metadata");
        json.writeObjectFieldStart("attributes");
        json.writeStringField("gen_ai.operation.name", "chat");
        json.writeStringField("gen_ai.system", "openai");
        json.writeStringField("gen_ai.request.model", turn.model());
        json.writeStringField("gen_ai.usage.input_tokens", Integer.toString(turn.inputTokens()));
        json.writeStringField("gen_ai.usage.output_tokens", Integer.toString(turn.outputTokens()));
        json.writeEndObject();
        json.writeObjectFieldStart("scope");
        json.writeStringField("name", "pydantic-ai");
        json.writeStringField("version", "1.26.0");
        json.writeEndObject();
        json.writeEndObject();
        json.writeArrayFieldStart("input");
        message(json, new String[] {"system", "text", "You are a careful coding agent. Call one tool at a time."});
        for (String[] message : conversation) {
            message(json, message);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("output");
        message(json, new String[] {"assistant", "tool_call", turn.said(), turn.callId(), tool, turn.command()});
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void toolObservation(JsonGenerator json, SyntheticSession.Turn turn, String tool) throws IOException {
        observationStart(json, id(turn, 2), ROOT, "TOOL", "running tool: " + tool, turn.answered(), turn.returned());
        json.writeStringField("level", turn.failed() ? "ERROR" : "DEFAULT");
        json.writeStringField("statusMessage", turn.failed() ? "exit code 2" : null);
        json.writeObjectFieldStart("metadata");
        json.writeObjectFieldStart("attributes");
        json.writeStringField("gen_ai.tool.name", tool);
        json.writeStringField("gen_ai.tool.call.id", turn.callId());
        json.writeEndObject();
        json.writeEndObject();
        json.writeObjectFieldStart("input");
        json.writeStringField("command", turn.command());
        json.writeEndObject();
        json.writeStringField("output", turn.output());
        json.writeEndObject();
    }

    /** A GenAI message: role, kind ({@code text}, {@code tool_call}, {@code tool_call_response}), text, then call id, tool, argument. */
    private static void message(JsonGenerator json, String[] message) throws IOException {
        json.writeStartObject();
        json.writeStringField("role", message[0]);
        json.writeArrayFieldStart("parts");
        switch (message[1]) {
            case "tool_call" -> {
                json.writeStartObject();
                json.writeStringField("type", "text");
                json.writeStringField("content", message[2]);
                json.writeEndObject();
                json.writeStartObject();
                json.writeStringField("type", "tool_call");
                json.writeStringField("id", message[3]);
                json.writeStringField("name", message[4]);
                json.writeObjectFieldStart("arguments");
                json.writeStringField("command", message[5]);
                json.writeEndObject();
                json.writeEndObject();
            }
            case "tool_call_response" -> {
                json.writeStartObject();
                json.writeStringField("type", "tool_call_response");
                json.writeStringField("id", message[3]);
                json.writeStringField("name", message[4]);
                json.writeStringField("result", message[2]);
                json.writeEndObject();
            }
            default -> {
                json.writeStartObject();
                json.writeStringField("type", "text");
                json.writeStringField("content", message[2]);
                json.writeEndObject();
            }
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static String id(SyntheticSession.Turn turn, int kind) {
        return HexFormat.of().toHexDigits((long) turn.number() << 4 | kind);
    }
}
