package dev.forkline.benchmarks.generate.foreign;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.UUID;

/**
 * Writes a {@link SyntheticSession} as a Codex CLI rollout, shaped like the sample in {@code shared/samples/codex-rollout}:
 * a {@code session_meta} line, then per user task {@code task_started}, the user's message, {@code turn_context};
 * per turn {@code reasoning} (sometimes), the assistant's {@code message} and {@code agent_message}, an
 * {@code exec_command} {@code function_call} with its JSON-string arguments, the cumulative {@code token_count} that
 * closes the response, then the {@code function_call_output} ("Process exited with code N", "Wall time").
 */
final class CodexRolloutMaker implements ForeignTraceMaker {

    private static final String CWD = "/workspace/bench";

    @Override
    public long write(Path file, int records, long seed) throws IOException {
        SyntheticSession session = new SyntheticSession(seed, 1);
        try (RecordFile out = new RecordFile(file, true)) {
            JsonGenerator json = out.json;
            Totals totals = new Totals();
            String sessionId = new UUID(seed, ~seed).toString();
            start(json, "session_meta", SyntheticSession.start());
            json.writeStringField("id", sessionId);
            json.writeStringField("timestamp", RecordFile.iso(SyntheticSession.start()));
            json.writeStringField("cwd", CWD);
            json.writeStringField("originator", "codex_cli_rs");
            json.writeStringField("cli_version", "0.104.0");
            json.writeStringField("source", "cli");
            json.writeStringField("model_provider", "openai");
            json.writeObjectFieldStart("git");
            json.writeStringField("commit_hash", "1cdfa7b17410e00cddbb7a4347336af2c6f80ee0");
            json.writeStringField("branch", "main");
            json.writeStringField("repository_url", "https://example.invalid/bench.git");
            json.writeEndObject();
            end(json);
            out.counted();
            int task = 0;
            while (out.records() < records) {
                if (task == 0 || session.promptNow()) {
                    task++;
                    userTask(json, session.prompt(), session.now(), seed, task);
                    for (int i = 0; i < 4; i++) {
                        out.counted();
                    }
                    continue;
                }
                SyntheticSession.Turn turn = session.next();
                if (turn.thinking() != null) {
                    start(json, "response_item", turn.answered());
                    json.writeStringField("type", "reasoning");
                    json.writeArrayFieldStart("summary");
                    json.writeStartObject();
                    json.writeStringField("type", "summary_text");
                    json.writeStringField("text", turn.thinking());
                    json.writeEndObject();
                    json.writeEndArray();
                    json.writeNullField("content");
                    json.writeStringField("encrypted_content", "gAAAAABp" + Integer.toHexString(turn.number() * 31));
                    end(json);
                    out.counted();
                }
                start(json, "event_msg", turn.answered());
                json.writeStringField("type", "agent_message");
                json.writeStringField("message", turn.said());
                end(json);
                start(json, "response_item", turn.answered());
                json.writeStringField("type", "message");
                json.writeStringField("role", "assistant");
                json.writeArrayFieldStart("content");
                json.writeStartObject();
                json.writeStringField("type", "output_text");
                json.writeStringField("text", turn.said());
                json.writeEndObject();
                json.writeEndArray();
                end(json);
                start(json, "response_item", turn.answered());
                json.writeStringField("type", "function_call");
                json.writeStringField("name", "exec_command");
                json.writeStringField("arguments", "{\"cmd\":\"" + shellCommand(turn).replace("\"", "\\\"") + "\",\"workdir\":\"" + CWD + "\"}");
                json.writeStringField("call_id", turn.callId());
                end(json);
                totals.add(turn);
                start(json, "event_msg", turn.answered());
                json.writeStringField("type", "token_count");
                json.writeObjectFieldStart("info");
                totals.write(json);
                json.writeNumberField("model_context_window", 258400);
                json.writeEndObject();
                json.writeObjectFieldStart("rate_limits");
                json.writeObjectFieldStart("primary");
                json.writeNumberField("used_percent", 1.0);
                json.writeNumberField("window_minutes", 300);
                json.writeNumberField("resets_at", 1771864831);
                json.writeEndObject();
                json.writeEndObject();
                end(json);
                start(json, "response_item", turn.returned());
                json.writeStringField("type", "function_call_output");
                json.writeStringField("call_id", turn.callId());
                json.writeStringField("output", String.format(Locale.ROOT, "Chunk ID: %x\nWall time: %.4f seconds\nProcess exited with code %d\n"
                        + "Original token count: %d\nOutput:\n%s", turn.number(), (turn.returned().toEpochMilli() - turn.answered().toEpochMilli()) / 1000.0,
                        turn.failed() ? 2 : 0, turn.output().length() / 4, turn.output()));
                end(json);
                for (int i = 0; i < 5; i++) {
                    out.counted();
                }
            }
            return out.records();
        }
    }

    private static String shellCommand(SyntheticSession.Turn turn) {
        return switch (turn.tool()) {
            case SHELL -> turn.command();
            case READ -> "sed -n 1,200p " + turn.command();
            case SEARCH -> "rg -n " + turn.command() + " src";
        };
    }

    private static void userTask(JsonGenerator json, String prompt, Instant at, long seed, int task) throws IOException {
        String turnId = new UUID(seed ^ 0x7A5C, task).toString();
        start(json, "event_msg", at);
        json.writeStringField("type", "task_started");
        json.writeStringField("turn_id", turnId);
        json.writeNumberField("model_context_window", 258400);
        end(json);
        start(json, "response_item", at);
        json.writeStringField("type", "message");
        json.writeStringField("role", "user");
        json.writeArrayFieldStart("content");
        json.writeStartObject();
        json.writeStringField("type", "input_text");
        json.writeStringField("text", prompt);
        json.writeEndObject();
        json.writeEndArray();
        end(json);
        start(json, "event_msg", at);
        json.writeStringField("type", "user_message");
        json.writeStringField("message", prompt);
        json.writeArrayFieldStart("images");
        json.writeEndArray();
        end(json);
        start(json, "turn_context", at);
        json.writeStringField("turn_id", turnId);
        json.writeStringField("cwd", CWD);
        json.writeStringField("approval_policy", "on-request");
        json.writeObjectFieldStart("sandbox_policy");
        json.writeStringField("type", "workspace-write");
        json.writeBooleanField("network_access", false);
        json.writeEndObject();
        json.writeStringField("model", "gpt-5.3-codex");
        json.writeStringField("effort", "high");
        end(json);
    }

    private static void start(JsonGenerator json, String type, Instant at) throws IOException {
        json.writeStartObject();
        json.writeStringField("timestamp", RecordFile.iso(at));
        json.writeStringField("type", type);
        json.writeObjectFieldStart("payload");
    }

    private static void end(JsonGenerator json) throws IOException {
        json.writeEndObject();
        json.writeEndObject();
    }

    /** Codex's cumulative usage. */
    private static final class Totals {
        private long input;
        private long cached;
        private long output;
        private long reasoning;
        private SyntheticSession.Turn last;

        void add(SyntheticSession.Turn turn) {
            input += turn.inputTokens();
            cached += turn.cacheReadTokens();
            output += turn.outputTokens();
            reasoning += turn.outputTokens() / 3;
            last = turn;
        }

        void write(JsonGenerator json) throws IOException {
            json.writeObjectFieldStart("total_token_usage");
            usage(json, input, cached, output, reasoning);
            json.writeEndObject();
            json.writeObjectFieldStart("last_token_usage");
            usage(json, last.inputTokens(), last.cacheReadTokens(), last.outputTokens(), last.outputTokens() / 3);
            json.writeEndObject();
        }

        private static void usage(JsonGenerator json, long input, long cached, long output, long reasoning) throws IOException {
            json.writeNumberField("input_tokens", input);
            json.writeNumberField("cached_input_tokens", cached);
            json.writeNumberField("output_tokens", output);
            json.writeNumberField("reasoning_output_tokens", reasoning);
            json.writeNumberField("total_tokens", input + output);
        }
    }
}
