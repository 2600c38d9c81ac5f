package dev.forkline.benchmarks.generate.foreign;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;

/**
 * Writes a {@link SyntheticSession} as a Claude Code session transcript, shaped like the samples in
 * {@code shared/samples/claude-code}: one line per content block of an assistant message (thinking, text, tool_use; the
 * same message id and usage on each), the tool's result as a user record with {@code toolUseResult}, envelope fields
 * ({@code parentUuid}, {@code sessionId}, {@code cwd}, {@code version}, {@code gitBranch}...) on every line, and now
 * and then a user prompt.
 */
final class ClaudeTranscriptMaker implements ForeignTraceMaker {

    private static final String CWD = "/workspace/bench";
    private static final String[] TOOL_NAMES = {"Bash", "Read", "Grep"};

    @Override
    public long write(Path file, int records, long seed) throws IOException {
        SyntheticSession session = new SyntheticSession(seed, 1);
        String sessionId = new UUID(seed, ~seed).toString();
        try (RecordFile out = new RecordFile(file, true)) {
            Line line = new Line(out.json, sessionId, seed);
            line.userPrompt(session.prompt(), SyntheticSession.start());
            out.counted();
            while (out.records() < records) {
                if (session.promptNow()) {
                    line.userPrompt(session.prompt(), session.now());
                    out.counted();
                    continue;
                }
                SyntheticSession.Turn turn = session.next();
                String messageId = "msg_" + Long.toString(seed & 0xffff, 36) + Integer.toString(turn.number(), 36);
                String requestId = "req_" + Integer.toString(turn.number(), 36);
                if (turn.thinking() != null) {
                    line.assistant(turn, messageId, requestId, "thinking");
                    out.counted();
                }
                line.assistant(turn, messageId, requestId, "text");
                line.assistant(turn, messageId, requestId, "tool_use");
                line.toolResult(turn);
                out.counted();
                out.counted();
                out.counted();
            }
            return out.records();
        }
    }

    /** The envelope shared by every line, and the uuid chain. */
    private static final class Line {
        private final JsonGenerator json;
        private final String sessionId;
        private final long seed;
        private String parent;
        private long uuids;

        Line(JsonGenerator json, String sessionId, long seed) {
            this.json = json;
            this.sessionId = sessionId;
            this.seed = seed;
        }

        private String envelope(String type) throws IOException {
            String uuid = new UUID(seed ^ 0x5EED, ++uuids).toString();
            json.writeStartObject();
            json.writeStringField("parentUuid", parent);
            json.writeBooleanField("isSidechain", false);
            json.writeStringField("userType", "external");
            json.writeStringField("cwd", CWD);
            json.writeStringField("sessionId", sessionId);
            json.writeStringField("version", "2.1.33");
            json.writeStringField("gitBranch", "main");
            json.writeStringField("type", type);
            parent = uuid;
            return uuid;
        }

        private void close(String uuid, Instant at) throws IOException {
            json.writeStringField("uuid", uuid);
            json.writeStringField("timestamp", RecordFile.iso(at));
            json.writeEndObject();
        }

        void userPrompt(String text, Instant at) throws IOException {
            String uuid = envelope("user");
            json.writeObjectFieldStart("message");
            json.writeStringField("role", "user");
            json.writeStringField("content", text);
            json.writeEndObject();
            close(uuid, at);
        }

        void assistant(SyntheticSession.Turn turn, String messageId, String requestId, String block) throws IOException {
            String uuid = envelope("assistant");
            json.writeObjectFieldStart("message");
            json.writeStringField("model", "claude-opus-4-6");
            json.writeStringField("id", messageId);
            json.writeStringField("type", "message");
            json.writeStringField("role", "assistant");
            json.writeArrayFieldStart("content");
            json.writeStartObject();
            json.writeStringField("type", block);
            switch (block) {
                case "thinking" -> {
                    json.writeStringField("thinking", turn.thinking());
                    json.writeStringField("signature", "Ep8CCkYICxgCKkA74BZVjbJCslcB1GI" + Integer.toString(turn.number(), 36));
                }
                case "text" -> json.writeStringField("text", turn.said());
                default -> {
                    json.writeStringField("id", toolUseId(turn));
                    json.writeStringField("name", TOOL_NAMES[turn.tool().ordinal()]);
                    json.writeObjectFieldStart("input");
                    switch (turn.tool()) {
                        case SHELL -> {
                            json.writeStringField("command", turn.command());
                            json.writeStringField("description", "Run the tests");
                        }
                        case READ -> json.writeStringField("file_path", turn.command());
                        case SEARCH -> {
                            json.writeStringField("pattern", turn.command());
                            json.writeStringField("path", CWD);
                        }
                    }
                    json.writeEndObject();
                }
            }
            json.writeEndObject();
            json.writeEndArray();
            json.writeNullField("stop_reason");
            json.writeNullField("stop_sequence");
            json.writeObjectFieldStart("usage");
            json.writeNumberField("input_tokens", turn.inputTokens());
            json.writeNumberField("cache_creation_input_tokens", turn.cacheWriteTokens());
            json.writeNumberField("cache_read_input_tokens", turn.cacheReadTokens());
            json.writeNumberField("output_tokens", turn.outputTokens());
            json.writeStringField("service_tier", "standard");
            json.writeEndObject();
            json.writeEndObject();
            json.writeStringField("requestId", requestId);
            close(uuid, turn.answered());
        }

        void toolResult(SyntheticSession.Turn turn) throws IOException {
            String assistant = parent;
            String uuid = envelope("user");
            json.writeObjectFieldStart("message");
            json.writeStringField("role", "user");
            json.writeArrayFieldStart("content");
            json.writeStartObject();
            json.writeStringField("type", "tool_result");
            json.writeStringField("content", turn.output());
            json.writeBooleanField("is_error", turn.failed());
            json.writeStringField("tool_use_id", toolUseId(turn));
            json.writeEndObject();
            json.writeEndArray();
            json.writeEndObject();
            json.writeStringField("uuid", uuid);
            json.writeStringField("timestamp", RecordFile.iso(turn.returned()));
            json.writeObjectFieldStart("toolUseResult");
            json.writeStringField("stdout", turn.failed() ? "" : turn.output());
            json.writeStringField("stderr", turn.failed() ? turn.output() : "");
            json.writeBooleanField("interrupted", false);
            json.writeBooleanField("isImage", false);
            json.writeEndObject();
            json.writeStringField("sourceToolAssistantUUID", assistant);
            json.writeEndObject();
        }

        private static String toolUseId(SyntheticSession.Turn turn) {
            return "toolu_01" + turn.callId();
        }
    }
}
