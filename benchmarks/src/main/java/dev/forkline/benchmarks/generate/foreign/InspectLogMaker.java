package dev.forkline.benchmarks.generate.foreign;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link SyntheticSession} as an Inspect AI {@code .json} eval log in the shape of
 * {@code shared/samples/inspect-ai}: the header ({@code version}, {@code status}, {@code eval}, {@code plan},
 * {@code results}, {@code stats}), then {@code samples}, each {@value #TURNS_PER_SAMPLE} turns of one agent (the last
 * fewer): a {@code sample_init}, per turn a {@code model} event whose {@code input} repeats the conversation so far
 * (texts over {@value #ATTACHED_FROM} characters as {@code attachment://} references into the sample's
 * {@code attachments}, as Inspect condenses them) and whose output calls one tool, then that {@code tool} event with its
 * result, and a closing {@code score}; the sample's messages, output and usage. A record is a transcript event. One
 * document, on one line.
 */
final class InspectLogMaker implements ForeignTraceMaker {

    private static final int TURNS_PER_SAMPLE = 12;
    /** Inspect keeps strings longer than this as attachments (its log's {@code attachment://} condensing). */
    private static final int ATTACHED_FROM = 100;
    private static final String MODEL = "bench/bench-model";
    private static final String[] TOOL_NAMES = {"bash", "read_file", "grep"};

    @Override
    public long write(Path file, int records, long seed) throws IOException {
        SyntheticSession session = new SyntheticSession(seed, 1);
        try (RecordFile out = new RecordFile(file, false)) {
            JsonGenerator json = out.json;
            json.writeStartObject();
            header(json, seed);
            json.writeArrayFieldStart("samples");
            for (int id = 1; out.records() < records; id++) {
                // the last sample is shorter, so that the log holds about as many records as asked
                long left = records - out.records();
                sample(json, out, session, id, (int) Math.max(1, Math.min(TURNS_PER_SAMPLE, (left - 1) / 2)));
            }
            json.writeEndArray();
            json.writeEndObject();
            return out.records();
        }
    }

    private static void header(JsonGenerator json, long seed) throws IOException {
        json.writeNumberField("version", 2);
        json.writeStringField("status", "success");
        json.writeObjectFieldStart("eval");
        json.writeStringField("eval_id", "bench" + HexFormat.of().toHexDigits(seed));
        json.writeStringField("run_id", "run" + HexFormat.of().toHexDigits(~seed));
        json.writeStringField("created", "2026-01-01T00:00:00+00:00");
        json.writeStringField("task", "bench");
        json.writeStringField("task_id", "task" + HexFormat.of().toHexDigits(seed * 31));
        json.writeNumberField("task_version", 0);
        json.writeStringField("model", MODEL);
        json.writeObjectFieldStart("sandbox");
        json.writeStringField("type", "docker");
        json.writeStringField("config", "compose.yaml");
        json.writeEndObject();
        json.writeObjectFieldStart("config");
        json.writeNumberField("epochs", 1);
        json.writeBooleanField("log_samples", true);
        json.writeEndObject();
        json.writeObjectFieldStart("packages");
        json.writeStringField("inspect_ai", "0.3.93");
        json.writeEndObject();
        json.writeEndObject();
        json.writeObjectFieldStart("plan");
        json.writeStringField("name", "plan");
        json.writeArrayFieldStart("steps");
        json.writeStartObject();
        json.writeStringField("solver", "react");
        json.writeEndObject();
        json.writeEndArray();
        json.writeEndObject();
        json.writeObjectFieldStart("results");
        json.writeNumberField("total_samples", 0);
        json.writeEndObject();
        json.writeObjectFieldStart("stats");
        json.writeStringField("started_at", "2026-01-01T00:00:00+00:00");
        json.writeEndObject();
    }

    private static void sample(JsonGenerator json, RecordFile out, SyntheticSession session, int id, int turns) throws IOException {
        Map<String, String> attachments = new LinkedHashMap<>();
        List<Message> conversation = new ArrayList<>();
        String prompt = session.prompt();
        conversation.add(new Message("user", condensed(attachments, prompt), null, null));
        Instant started = session.now();
        json.writeStartObject();
        json.writeNumberField("id", id);
        json.writeNumberField("epoch", 1);
        json.writeStringField("input", attach(attachments, prompt));
        json.writeStringField("target", "");
        json.writeArrayFieldStart("events");
        json.writeStartObject();
        json.writeStringField("timestamp", RecordFile.iso(started));
        json.writeStringField("event", "sample_init");
        json.writeObjectFieldStart("sample");
        json.writeStringField("input", attach(attachments, prompt));
        json.writeNumberField("id", id);
        json.writeEndObject();
        json.writeEndObject();
        out.counted();
        long inputTokens = 0;
        long outputTokens = 0;
        SyntheticSession.Turn turn = null;
        for (int t = 0; t < turns; t++) {
            turn = session.next();
            String tool = TOOL_NAMES[turn.tool().ordinal()];
            modelEvent(json, turn, tool, conversation);
            out.counted();
            toolEvent(json, turn, tool);
            out.counted();
            conversation.add(new Message("assistant", condensed(attachments, turn.said()), turn, tool));
            conversation.add(new Message("tool", attach(attachments, turn.output()), turn, tool));
            inputTokens += turn.inputTokens();
            outputTokens += turn.outputTokens();
        }
        json.writeStartObject();
        json.writeStringField("timestamp", RecordFile.iso(turn.returned()));
        json.writeStringField("event", "score");
        json.writeObjectFieldStart("score");
        json.writeStringField("value", turn.failed() ? "I" : "C");
        json.writeEndObject();
        json.writeEndObject();
        out.counted();
        json.writeEndArray();
        json.writeArrayFieldStart("messages");
        for (Message message : conversation) {
            message.write(json);
        }
        json.writeEndArray();
        json.writeObjectFieldStart("output");
        json.writeStringField("model", MODEL);
        json.writeArrayFieldStart("choices");
        json.writeEndArray();
        json.writeEndObject();
        json.writeObjectFieldStart("scores");
        json.writeObjectFieldStart("includes");
        json.writeStringField("value", turn.failed() ? "I" : "C");
        json.writeEndObject();
        json.writeEndObject();
        json.writeObjectFieldStart("model_usage");
        json.writeObjectFieldStart(MODEL);
        json.writeNumberField("input_tokens", inputTokens);
        json.writeNumberField("output_tokens", outputTokens);
        json.writeNumberField("total_tokens", inputTokens + outputTokens);
        json.writeEndObject();
        json.writeEndObject();
        json.writeStringField("uuid", "sample" + id);
        json.writeObjectFieldStart("attachments");
        for (Map.Entry<String, String> attachment : attachments.entrySet()) {
            json.writeStringField(attachment.getKey(), attachment.getValue());
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void modelEvent(JsonGenerator json, SyntheticSession.Turn turn, String tool, List<Message> conversation) throws IOException {
        json.writeStartObject();
        json.writeStringField("timestamp", RecordFile.iso(turn.requested()));
        json.writeStringField("event", "model");
        json.writeStringField("model", MODEL);
        json.writeArrayFieldStart("input");
        for (Message message : conversation) {
            message.write(json);
        }
        json.writeEndArray();
        json.writeStringField("tool_choice", "auto");
        json.writeObjectFieldStart("output");
        json.writeStringField("model", turn.model());
        json.writeArrayFieldStart("choices");
        json.writeStartObject();
        json.writeFieldName("message");
        new Message("assistant", turn.said(), turn, tool).write(json);
        json.writeStringField("stop_reason", "tool_calls");
        json.writeEndObject();
        json.writeEndArray();
        json.writeObjectFieldStart("usage");
        json.writeNumberField("input_tokens", turn.inputTokens());
        json.writeNumberField("output_tokens", turn.outputTokens());
        json.writeNumberField("total_tokens", turn.inputTokens() + turn.outputTokens());
        json.writeNumberField("input_tokens_cache_read", turn.cacheReadTokens());
        json.writeEndObject();
        json.writeNumberField("time", turn.latencyMs() / 1000.0);
        json.writeEndObject();
        json.writeStringField("completed", RecordFile.iso(turn.answered()));
        json.writeEndObject();
    }

    private static void toolEvent(JsonGenerator json, SyntheticSession.Turn turn, String tool) throws IOException {
        json.writeStartObject();
        json.writeStringField("timestamp", RecordFile.iso(turn.answered()));
        json.writeStringField("event", "tool");
        json.writeStringField("type", "function");
        json.writeStringField("id", turn.callId());
        json.writeStringField("function", tool);
        json.writeObjectFieldStart("arguments");
        json.writeStringField(turn.tool() == SyntheticSession.Tool.SHELL ? "cmd" : turn.tool() == SyntheticSession.Tool.READ ? "path" : "pattern",
                turn.command());
        json.writeEndObject();
        json.writeStringField("result", turn.output());
        if (turn.failed()) {
            json.writeObjectFieldStart("error");
            json.writeStringField("type", "unknown");
            json.writeStringField("message", "exit code 2");
            json.writeEndObject();
        }
        json.writeStringField("completed", RecordFile.iso(turn.returned()));
        json.writeEndObject();
    }

    private static String condensed(Map<String, String> attachments, String text) {
        return text.length() > ATTACHED_FROM ? attach(attachments, text) : text;
    }

    /** A text stored once in the sample's attachments, referred to by its hash as Inspect does. */
    private static String attach(Map<String, String> attachments, String text) {
        String hash = HexFormat.of().toHexDigits(text.hashCode()) + HexFormat.of().toHexDigits(text.length());
        attachments.putIfAbsent(hash, text);
        return "attachment://" + hash;
    }

    /** One message of the conversation: the user's input, the assistant's response with its tool call, or the tool's answer. */
    private record Message(String role, String content, SyntheticSession.Turn turn, String tool) {

        void write(JsonGenerator json) throws IOException {
            json.writeStartObject();
            json.writeStringField("role", role);
            json.writeStringField("content", content);
            if (turn != null && role.equals("assistant")) {
                json.writeArrayFieldStart("tool_calls");
                json.writeStartObject();
                json.writeStringField("id", turn.callId());
                json.writeStringField("function", tool);
                json.writeObjectFieldStart("arguments");
                json.writeStringField("cmd", turn.command());
                json.writeEndObject();
                json.writeEndObject();
                json.writeEndArray();
            } else if (turn != null) {
                json.writeStringField("tool_call_id", turn.callId());
                json.writeStringField("function", tool);
            }
            json.writeEndObject();
        }
    }
}
