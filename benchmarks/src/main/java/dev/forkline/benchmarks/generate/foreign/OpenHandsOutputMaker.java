package dev.forkline.benchmarks.generate.foreign;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * Writes a {@link SyntheticSession} as an OpenHands evaluation {@code output.jsonl} in the shape of
 * {@code shared/samples/openhands/multi_swe_bench_examples_output.jsonl}: one instance per line ({@code instance_id},
 * {@code instruction}, {@code metadata} with the agent and model, {@code history}, {@code metrics} with the run's and
 * each response's token usage, {@code error}, {@code instance} with repository and base commit, {@code test_result} with
 * the patch), each of {@value #TURNS_PER_INSTANCE} turns (the last fewer). The history: the system prompt, the task as
 * the user's message, per turn the agent's action ({@code run} for shell and search, {@code read} for a file) carrying
 * the model response that called it ({@code tool_call_metadata}, repeated on the observation, as OpenHands writes it)
 * and the observation with the output and the exit code, then {@code finish}. Times without a zone, as OpenHands writes
 * them. A record is a history event.
 */
final class OpenHandsOutputMaker implements ForeignTraceMaker {

    private static final int TURNS_PER_INSTANCE = 25;
    private static final String MODEL = "openai/bench-model";
    private static final DateTimeFormatter LOCAL_MICROS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

    @Override
    public long write(Path file, int records, long seed) throws IOException {
        SyntheticSession session = new SyntheticSession(seed, 1);
        try (RecordFile out = new RecordFile(file, true)) {
            for (int instance = 1; out.records() < records; instance++) {
                // the last instance is shorter, so that the file holds about as many records as asked
                long left = records - out.records();
                instance(out, session, instance, (int) Math.max(1, Math.min(TURNS_PER_INSTANCE, (left - 3) / 2)));
            }
            return out.records();
        }
    }

    private static void instance(RecordFile out, SyntheticSession session, int number, int turns) throws IOException {
        JsonGenerator json = out.json;
        String id = "bench__project-" + number;
        String workspace = "/workspace/bench__project__0.1";
        String task = "<uploaded_files>\n" + workspace + "\n</uploaded_files>\nI've uploaded a repository in the directory "
                + "bench__project__0.1. " + session.prompt();
        json.writeStartObject();
        json.writeStringField("instance_id", id);
        json.writeStringField("instruction", task);
        json.writeObjectFieldStart("metadata");
        json.writeStringField("agent_class", "CodeActAgent");
        json.writeObjectFieldStart("llm_config");
        json.writeStringField("model", MODEL);
        json.writeNumberField("temperature", 0.0);
        json.writeEndObject();
        json.writeNumberField("max_iterations", 100);
        json.writeEndObject();
        json.writeArrayFieldStart("history");
        int event = 0;
        Instant started = session.now();
        message(json, event++, started, "system", "You are OpenHands agent, a helpful AI assistant that can interact with a computer.");
        out.counted();
        message(json, event++, started, "message", task);
        out.counted();
        long prompt = 0;
        long completion = 0;
        SyntheticSession.Turn[] taken = new SyntheticSession.Turn[turns];
        for (int t = 0; t < turns; t++) {
            SyntheticSession.Turn turn = session.next();
            taken[t] = turn;
            prompt += turn.inputTokens();
            completion += turn.outputTokens();
            int action = event++;
            action(json, action, turn, prompt, completion);
            out.counted();
            observation(json, event++, action, turn, workspace);
            out.counted();
        }
        SyntheticSession.Turn last = taken[turns - 1];
        json.writeStartObject();
        json.writeNumberField("id", event);
        json.writeStringField("timestamp", LOCAL_MICROS.format(last.returned()));
        json.writeStringField("source", "agent");
        json.writeStringField("message", "The task is done.");
        json.writeStringField("action", "finish");
        json.writeObjectFieldStart("args");
        json.writeStringField("final_thought", "The task is done.");
        json.writeStringField("task_completed", last.failed() ? "false" : "true");
        json.writeEndObject();
        json.writeEndObject();
        out.counted();
        json.writeEndArray();
        metrics(json, taken, prompt, completion);
        json.writeNullField("error");
        json.writeObjectFieldStart("instance");
        json.writeStringField("repo", "bench/project");
        json.writeStringField("instance_id", id);
        json.writeStringField("base_commit", HexFormat.of().toHexDigits(number * 0x9E3779B97F4A7C15L) + "0123456789abcdef01234567");
        json.writeStringField("version", "0.1");
        json.writeEndObject();
        json.writeObjectFieldStart("test_result");
        json.writeStringField("git_patch", "diff --git a/src/main.c b/src/main.c\n--- a/src/main.c\n+++ b/src/main.c\n@@ -1 +1 @@\n-old\n+new "
                + number + "\n");
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void message(JsonGenerator json, int id, Instant at, String action, String content) throws IOException {
        json.writeStartObject();
        json.writeNumberField("id", id);
        json.writeStringField("timestamp", LOCAL_MICROS.format(at));
        json.writeStringField("source", action.equals("system") ? "agent" : "user");
        json.writeStringField("message", content);
        json.writeStringField("action", action);
        json.writeObjectFieldStart("args");
        json.writeStringField("content", content);
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void action(JsonGenerator json, int id, SyntheticSession.Turn turn, long prompt, long completion) throws IOException {
        boolean read = turn.tool() == SyntheticSession.Tool.READ;
        String command = commandOf(turn);
        json.writeStartObject();
        json.writeNumberField("id", id);
        json.writeStringField("timestamp", LOCAL_MICROS.format(turn.answered()));
        json.writeStringField("source", "agent");
        json.writeStringField("message", read ? "Reading file: " + turn.command() : "Running command: " + command);
        json.writeStringField("action", read ? "read" : "run");
        toolCallMetadata(json, turn);
        json.writeObjectFieldStart("llm_metrics");
        json.writeNumberField("accumulated_cost", 0.0);
        json.writeObjectFieldStart("accumulated_token_usage");
        json.writeStringField("model", MODEL);
        json.writeNumberField("prompt_tokens", prompt);
        json.writeNumberField("completion_tokens", completion);
        json.writeEndObject();
        json.writeEndObject();
        json.writeObjectFieldStart("args");
        if (read) {
            json.writeStringField("path", turn.command());
        } else {
            json.writeStringField("command", command);
            json.writeBooleanField("is_input", false);
        }
        json.writeStringField("thought", turn.thinking() != null ? turn.thinking() : turn.said());
        json.writeStringField("confirmation_state", "confirmed");
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void observation(JsonGenerator json, int id, int cause, SyntheticSession.Turn turn, String workspace) throws IOException {
        boolean read = turn.tool() == SyntheticSession.Tool.READ;
        int exitCode = turn.failed() ? 2 : 0;
        json.writeStartObject();
        json.writeNumberField("id", id);
        json.writeStringField("timestamp", LOCAL_MICROS.format(turn.returned()));
        json.writeStringField("source", "agent");
        json.writeStringField("message", read ? "I read the file " + turn.command() + "."
                : "Command `" + commandOf(turn) + "` executed with exit code " + exitCode + ".");
        json.writeNumberField("cause", cause);
        json.writeStringField("observation", read ? "read" : "run");
        toolCallMetadata(json, turn);
        json.writeStringField("content", turn.output());
        json.writeObjectFieldStart("extras");
        if (read) {
            json.writeStringField("path", turn.command());
        } else {
            json.writeStringField("command", commandOf(turn));
            json.writeObjectFieldStart("metadata");
            json.writeNumberField("exit_code", exitCode);
            json.writeNumberField("pid", -1);
            json.writeStringField("username", "root");
            json.writeStringField("hostname", "bench-runtime");
            json.writeStringField("working_dir", workspace);
            json.writeStringField("suffix", "\n[The command completed with exit code " + exitCode + ".]");
            json.writeEndObject();
        }
        json.writeEndObject();
        json.writeBooleanField("success", !turn.failed());
        json.writeEndObject();
    }

    /** The model response that called the tool, as OpenHands keeps it on both the action and its observation. */
    private static void toolCallMetadata(JsonGenerator json, SyntheticSession.Turn turn) throws IOException {
        boolean read = turn.tool() == SyntheticSession.Tool.READ;
        json.writeObjectFieldStart("tool_call_metadata");
        json.writeStringField("function_name", read ? "str_replace_editor" : "execute_bash");
        json.writeStringField("tool_call_id", turn.callId());
        json.writeObjectFieldStart("model_response");
        json.writeStringField("id", responseId(turn));
        json.writeNumberField("created", turn.answered().getEpochSecond());
        json.writeStringField("model", turn.model());
        json.writeStringField("object", "chat.completion");
        json.writeArrayFieldStart("choices");
        json.writeStartObject();
        json.writeStringField("finish_reason", "tool_calls");
        json.writeNumberField("index", 0);
        json.writeObjectFieldStart("message");
        json.writeStringField("content", turn.said());
        json.writeStringField("role", "assistant");
        json.writeArrayFieldStart("tool_calls");
        json.writeStartObject();
        json.writeNumberField("index", 1);
        json.writeObjectFieldStart("function");
        json.writeStringField("arguments", read ? "{\"command\": \"view\", \"path\": \"" + turn.command() + "\"}"
                : "{\"command\": \"" + commandOf(turn).replace("\"", "\\\"") + "\"}");
        json.writeStringField("name", read ? "str_replace_editor" : "execute_bash");
        json.writeEndObject();
        json.writeStringField("id", turn.callId());
        json.writeStringField("type", "function");
        json.writeEndObject();
        json.writeEndArray();
        json.writeEndObject();
        json.writeEndObject();
        json.writeEndArray();
        json.writeObjectFieldStart("usage");
        json.writeNumberField("completion_tokens", turn.outputTokens());
        json.writeNumberField("prompt_tokens", turn.inputTokens());
        json.writeNumberField("total_tokens", turn.inputTokens() + turn.outputTokens());
        json.writeEndObject();
        json.writeEndObject();
        json.writeNumberField("total_calls_in_response", 1);
        json.writeEndObject();
    }

    private static void metrics(JsonGenerator json, SyntheticSession.Turn[] turns, long prompt, long completion) throws IOException {
        json.writeObjectFieldStart("metrics");
        json.writeNumberField("accumulated_cost", 0.0);
        json.writeObjectFieldStart("accumulated_token_usage");
        json.writeStringField("model", "default");
        json.writeNumberField("prompt_tokens", prompt);
        json.writeNumberField("completion_tokens", completion);
        json.writeNumberField("cache_read_tokens", 0);
        json.writeNumberField("cache_write_tokens", 0);
        json.writeStringField("response_id", "");
        json.writeEndObject();
        json.writeArrayFieldStart("costs");
        json.writeEndArray();
        json.writeArrayFieldStart("response_latencies");
        for (SyntheticSession.Turn turn : turns) {
            json.writeStartObject();
            json.writeStringField("model", MODEL);
            json.writeNumberField("latency", turn.latencyMs() / 1000.0);
            json.writeStringField("response_id", responseId(turn));
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("token_usages");
        for (SyntheticSession.Turn turn : turns) {
            json.writeStartObject();
            json.writeStringField("model", MODEL);
            json.writeNumberField("prompt_tokens", turn.inputTokens());
            json.writeNumberField("completion_tokens", turn.outputTokens());
            json.writeNumberField("cache_read_tokens", 0);
            json.writeNumberField("cache_write_tokens", 0);
            json.writeStringField("response_id", responseId(turn));
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static String commandOf(SyntheticSession.Turn turn) {
        return turn.tool() == SyntheticSession.Tool.SEARCH ? "grep -rn " + turn.command() + " src" : turn.command();
    }

    private static String responseId(SyntheticSession.Turn turn) {
        return "gen-" + turn.answered().getEpochSecond() + "-" + turn.callId();
    }
}
