package dev.forkline.live.claude;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionOutcome;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The typed events a Claude Code hook call becomes, in the session's live run ({@value #RUN}): SessionStart a
 * {@code session.start} (a {@code note} when the session resumes), UserPromptSubmit an {@code agent.message} from the
 * user, PreToolUse a {@code tool.call}, PostToolUse (and PostToolUseFailure) its {@code tool.result}, Notification,
 * Stop, SubagentStop and other events a {@code note}, SessionEnd a {@code session.end}. A session whose first hook call
 * is not SessionStart (the hook was installed mid-session) gets a {@code session.start} first.
 */
public final class HookEvents {

    public static final String RUN = "live";
    static final String AGENT = "agent:claude";
    static final String USER = "human:user";
    /** Text larger than this is stored as a blob, named in the event. */
    static final int INLINE_LIMIT = 32 * 1024;

    /** Stores a blob and returns its name. */
    @FunctionalInterface
    public interface Blobs {
        String put(byte[] content) throws IOException;
    }

    private HookEvents() {
    }

    /** The events for one hook call, given the session's events so far. */
    public static List<NewEvent> of(JsonNode payload, List<Event> soFar, Instant now, Blobs blobs) throws IOException {
        List<NewEvent> events = new ArrayList<>();
        String name = payload.path("hook_event_name").asText("");
        boolean started = soFar.stream().anyMatch(event -> event.is(EventType.SESSION_START));
        if (!started) {
            events.add(sessionStart(payload, now));
        }
        switch (name) {
            case "SessionStart" -> {
                if (started) {
                    events.add(note(now, "session " + payload.path("source").asText("resumed") + " (SessionStart)", payload));
                }
            }
            case "UserPromptSubmit" -> {
                ObjectNode data = Json.object();
                data.put(AgentMessageData.FROM, "user");
                data.put(AgentMessageData.TO, "claude");
                putText(data, AgentMessageData.TEXT, "textBlob", payload.path("prompt").asText(""), blobs);
                events.add(NewEvent.of(RUN, USER, EventType.AGENT_MESSAGE).at(now).touches(StateKind.SESSION).data(data));
            }
            case "PreToolUse" -> events.add(toolCall(payload, now));
            case "PostToolUse", "PostToolUseFailure" -> events.add(toolResult(payload, soFar, now, blobs, name.equals("PostToolUseFailure")));
            case "SessionEnd" -> {
                ObjectNode data = Json.object();
                data.put(SessionEndData.OUTCOME, SessionOutcome.UNKNOWN.wireName());
                data.put(SessionEndData.SUMMARY, "session ended: " + payload.path("reason").asText("other"));
                events.add(NewEvent.of(RUN, "harness", EventType.SESSION_END).at(now).touches(StateKind.SESSION).data(data));
            }
            case "Notification" -> events.add(note(now, payload.path("message").asText("notification"), payload));
            case "Stop" -> events.add(note(now, "Claude finished its turn (Stop)", payload));
            case "SubagentStop" -> events.add(note(now, "a subagent finished (SubagentStop)", payload));
            default -> events.add(note(now, "hook " + (name.isEmpty() ? "(unnamed)" : name), payload));
        }
        return events;
    }

    static NewEvent sessionStart(JsonNode payload, Instant now) {
        ObjectNode data = Json.object();
        String session = payload.path("session_id").asText("");
        data.put(SessionStartData.TITLE, "Claude Code session " + session + " (live)");
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        environment.put(SessionStartData.ENVIRONMENT_HARNESS, "claude-code");
        if (payload.hasNonNull("cwd")) {
            environment.put(SessionStartData.ENVIRONMENT_CWD, payload.get("cwd").asText());
        }
        ObjectNode live = data.putObject("live");
        live.put("source", "claude-code-hooks");
        live.put("sessionId", session);
        if (payload.hasNonNull("transcript_path")) {
            live.put("transcriptPath", payload.get("transcript_path").asText());
        }
        if (payload.hasNonNull("source")) {
            live.put("start", payload.get("source").asText());
        }
        if (payload.hasNonNull("model")) {
            data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, payload.get("model").asText());
        }
        return NewEvent.of(RUN, "harness", EventType.SESSION_START).at(now).touches(StateKind.SESSION, StateKind.HARNESS).data(data);
    }

    static NewEvent toolCall(JsonNode payload, Instant now) {
        String tool = payload.path("tool_name").asText("");
        JsonNode input = payload.get("tool_input");
        ObjectNode data = ToolCallData.payload(payload.path("tool_use_id").asText(""), tool,
                input instanceof ObjectNode object ? object : Json.object(), EffectRules.classify(tool, input).effect());
        return NewEvent.of(RUN, AGENT, EventType.TOOL_CALL).at(now).touches(StateKind.HARNESS).data(data);
    }

    private static NewEvent toolResult(JsonNode payload, List<Event> soFar, Instant now, Blobs blobs, boolean failed) throws IOException {
        String callId = payload.path("tool_use_id").asText("");
        ObjectNode data = Json.object();
        data.put(ToolResultData.CALL_ID, callId);
        JsonNode response = payload.get("tool_response");
        if (failed) {
            data.put(ToolResultData.IS_ERROR, true);
            data.put(ToolResultData.ERROR, payload.path("error").asText("the tool failed"));
        }
        if (response != null && !response.isNull()) {
            String text = response.isTextual() ? response.asText() : Json.MAPPER.writeValueAsString(response);
            putText(data, ToolResultData.STDOUT, ToolResultData.STDOUT_BLOB, text, blobs);
            if (response.path("is_error").asBoolean(false) || response.path("isError").asBoolean(false)) {
                data.put(ToolResultData.IS_ERROR, true);
            }
        }
        NewEvent result = NewEvent.of(RUN, AGENT, EventType.TOOL_RESULT).at(now).touches(StateKind.HARNESS).data(data);
        callEvent(soFar, callId).ifPresent(call -> result.causes(call.id()));
        return result;
    }

    /** The live tool.call with this Claude Code tool_use_id, if the session recorded it. */
    static java.util.Optional<Event> callEvent(List<Event> soFar, String callId) {
        for (int i = soFar.size() - 1; i >= 0; i--) {
            Event event = soFar.get(i);
            if (event.is(EventType.TOOL_CALL) && RUN.equals(event.run()) && callId.equals(event.text(ToolCallData.CALL_ID))) {
                return java.util.Optional.of(event);
            }
        }
        return java.util.Optional.empty();
    }

    private static NewEvent note(Instant now, String text, JsonNode payload) {
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, text);
        data.put("hook", payload.path("hook_event_name").asText(""));
        for (String field : new String[] {"notification_type", "title", "agent_id", "agent_type", "stop_hook_active", "trigger"}) {
            if (payload.hasNonNull(field)) {
                data.set(field, payload.get(field));
            }
        }
        return NewEvent.of(RUN, "harness", EventType.NOTE).at(now).data(data);
    }

    private static void putText(ObjectNode data, String field, String blobField, String text, Blobs blobs) throws IOException {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (bytes.length > INLINE_LIMIT) {
            data.put(blobField, blobs.put(bytes));
        } else {
            data.put(field, text);
        }
    }
}
