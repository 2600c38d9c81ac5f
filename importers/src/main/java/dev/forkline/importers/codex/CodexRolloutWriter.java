package dev.forkline.importers.codex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.EventIds;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Paragraphs;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.TimeFill;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns Codex rollout records into events. The model's output items (reasoning, assistant messages, tool calls) are
 * held until the cumulative {@code token_count} that follows them, so that each model.call carries its own usage (the
 * difference of the cumulative counters) and precedes the tool calls it made.
 */
final class CodexRolloutWriter {

    /** The tool whose successful result is read as file mutations, from the call's arguments. */
    private static final String APPLY_PATCH = "apply_patch";

    static final String RUN = ImportSession.RUN;
    static final String AGENT = "agent:codex";
    /** event_msg records that repeat a response_item (Codex writes both); they add nothing and are only counted. */
    private static final Set<String> MIRRORED_EVENTS = Set.of("agent_message", "agent_reasoning", "user_message",
            "agent_reasoning_raw_content", "agent_reasoning_section_break");

    /** Response items that are tool calls of the model. */
    static final Set<String> TOOL_CALL_ITEMS = Set.of("function_call", "custom_tool_call", "local_shell_call", "web_search_call");

    private record Item(ObjectNode payload, long line, Instant ts) {
    }

    /** An output item that is a tool call, with its arguments as read for the model.call. */
    private record PendingCall(Item item, ObjectNode arguments) {
    }

    /**
     * A call written; {@code cwd} is the turn's working directory when it was made (relative patch paths start there).
     * Only a patch keeps its {@code arguments} (else null): its result's mutations are read from them.
     */
    private record CallInfo(String eventId, String tool, ObjectNode arguments, String cwd) {
    }

    private final ImportSession session;
    private final WorkspaceRoot root;
    private final EventIds ids;
    private final TimeFill time;
    private final List<Item> pendingOutput = new ArrayList<>();
    private final Map<String, CallInfo> calls = new HashMap<>();
    private final Map<String, Boolean> answered = new LinkedHashMap<>();
    private final Map<String, Long> skipped = new LinkedHashMap<>();
    private final Map<String, Long> unknown = new LinkedHashMap<>();
    private ObjectNode cumulative;
    private String model;
    private String provider;
    /** A preview of what the next model call answers: the latest user message or tool output. */
    private String lastInput;
    private String turnCwd;
    private long unparsedPatches;
    private long redactedOutputs;

    CodexRolloutWriter(ImportSession session, String model, String provider, Instant start, WorkspaceRoot root) {
        this.session = session;
        this.root = root;
        this.ids = new EventIds(session);
        this.time = new TimeFill(start);
        this.model = model;
        this.provider = provider;
    }

    void write(ObjectNode record, long line) {
        String type = JsonFields.text(record, "type");
        ObjectNode payload = record.get("payload") instanceof ObjectNode object ? object : Json.object();
        Instant ts = time.at(Timestamps.parseText(JsonFields.text(record, "timestamp")), line);
        switch (String.valueOf(type)) {
            case "session_meta" -> sessionMeta(payload, line, ts);
            case "turn_context" -> turnContext(payload, line, ts);
            case "response_item" -> responseItem(payload, line, ts);
            case "event_msg" -> eventMsg(payload, line, ts);
            case "compacted" -> {
                flushOutput(null, ts);
                ObjectNode data = NoteData.of("context compacted").toPayload();
                Payloads.putIfPresent(data, "summary", JsonFields.text(payload, "message"));
                JsonNode replacement = payload.get("replacement_history");
                if (replacement != null && replacement.isArray()) {
                    // what the model sees from here on instead of the conversation so far
                    data.put("replacementItems", replacement.size());
                    String history = replacement.toString();
                    if (history.length() > LargeText.INLINE_CHARS) {
                        data.put("replacementHistoryBlob", session.putBlob(history));
                    } else {
                        data.set("replacementHistory", replacement.deepCopy());
                    }
                }
                append(NewEvent.of(RUN, "harness", EventType.NOTE).at(ts).touches(StateKind.SESSION).data(data), line);
            }
            default -> unknownRecord("codex." + type, record, line, ts);
        }
    }

    // --- session and turn context ---

    private boolean sawSessionMeta;

    private void sessionMeta(ObjectNode payload, long line, Instant ts) {
        if (!sawSessionMeta) {
            sawSessionMeta = true;
            return;
        }
        ObjectNode data = NoteData.of("another session_meta (resumed or forked session " + JsonFields.text(payload, "id") + ")").toPayload();
        data.set("raw", payload.deepCopy());
        append(NewEvent.of(RUN, "harness", EventType.NOTE).at(ts).data(data), line);
    }

    private void turnContext(ObjectNode payload, long line, Instant ts) {
        if (JsonFields.text(payload, "cwd") != null) {
            turnCwd = JsonFields.text(payload, "cwd");
        }
        String turnModel = JsonFields.text(payload, "model");
        if (turnModel != null && !turnModel.equals(model)) {
            if (model != null) {
                flushOutput(null, ts);
                ObjectNode data = NoteData.of("model changed from " + model + " to " + turnModel).toPayload();
                data.put("model", turnModel);
                append(NewEvent.of(RUN, "harness", EventType.NOTE).at(ts).touches(StateKind.HARNESS).data(data), line);
            }
            model = turnModel;
        }
        skipped.merge("turn_context", 1L, Long::sum);
    }

    // --- response items ---

    private void responseItem(ObjectNode payload, long line, Instant ts) {
        String type = String.valueOf(JsonFields.text(payload, "type"));
        switch (type) {
            case "message" -> message(payload, line, ts);
            case "reasoning", "function_call", "custom_tool_call", "local_shell_call", "web_search_call" ->
                    pendingOutput.add(new Item(payload, line, ts));
            case "function_call_output", "custom_tool_call_output", "local_shell_call_output" -> {
                flushOutput(null, ts);
                toolResult(payload, line, ts);
            }
            default -> {
                flushOutput(null, ts);
                unknownRecord("codex.response_item." + type, payload, line, ts);
            }
        }
    }

    private void message(ObjectNode payload, long line, Instant ts) {
        String role = JsonFields.text(payload, "role");
        String text = contentText(payload.get("content"));
        if ("assistant".equals(role)) {
            pendingOutput.add(new Item(payload, line, ts));
            return;
        }
        flushOutput(null, ts);
        String from = "user".equals(role) ? "human:user" : "harness";
        ObjectNode data = Json.object();
        data.put(AgentMessageData.FROM, from);
        data.put(AgentMessageData.TO, AGENT);
        data.put(AgentMessageData.TEXT, text);
        data.put("role", role);
        if ("user".equals(role)) {
            lastInput = JsonFields.preview(text, Payloads.INPUT_SUMMARY_PREVIEW);
        }
        append(NewEvent.of(RUN, from, EventType.AGENT_MESSAGE).at(ts).touches(StateKind.SESSION).data(data), line);
    }

    /**
     * Writes the held output items as one model.call (with {@code usage} when a token count closed it) followed by its
     * tool calls. Nothing is written when nothing is held and no usage arrived.
     */
    private void flushOutput(ObjectNode usage, Instant closedAt) {
        if (pendingOutput.isEmpty() && usage == null) {
            return;
        }
        List<Item> items = List.copyOf(pendingOutput);
        pendingOutput.clear();
        ObjectNode data = Json.object();
        data.put(ModelCallData.MODEL, model);
        Payloads.putIfPresent(data, ModelCallData.PROVIDER, provider);
        data.putObject(ModelCallData.INPUT).put(ModelCallData.INPUT_SUMMARY, lastInput == null ? "conversation so far" : lastInput);
        ObjectNode output = data.putObject(ModelCallData.OUTPUT);
        StringBuilder text = new StringBuilder();
        StringBuilder reasoning = new StringBuilder();
        ArrayNode toolCalls = Json.object().arrayNode();
        // each call's arguments are read once: the tool.call keeps them, the model.call a copy of its own
        List<PendingCall> pendingCalls = new ArrayList<>();
        for (Item item : items) {
            ObjectNode payload = item.payload();
            switch (String.valueOf(JsonFields.text(payload, "type"))) {
                case "message" -> Paragraphs.append(text, contentText(payload.get("content")));
                case "reasoning" -> Paragraphs.append(reasoning, reasoningText(payload));
                default -> {
                    ObjectNode arguments = arguments(payload);
                    pendingCalls.add(new PendingCall(item, arguments));
                    toolCalls.add(ModelCallData.toolCall(callId(payload, item.line()), toolName(payload), arguments.deepCopy()));
                }
            }
        }
        output.put(ModelCallData.OUTPUT_TEXT, text.toString());
        if (!reasoning.isEmpty()) {
            output.put("reasoning", reasoning.toString());
        }
        output.set(ModelCallData.OUTPUT_TOOL_CALLS, toolCalls);
        if (usage != null) {
            data.set(ModelCallData.USAGE, usage);
        }
        Instant ts = items.isEmpty() ? closedAt : items.getFirst().ts();
        long line = items.isEmpty() ? 0 : items.getFirst().line();
        Event modelCall = append(NewEvent.of(RUN, AGENT, EventType.MODEL_CALL).at(ts).touches(StateKind.SESSION).data(data), line);
        if (usage == null) {
            session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, "model output at line " + line
                    + " was not followed by a token count before the next input; its usage is not known", modelCall.id(), line));
        }
        for (PendingCall call : pendingCalls) {
            toolCall(call.item(), call.arguments(), modelCall.id());
        }
    }

    private void toolCall(Item item, ObjectNode arguments, String modelCallId) {
        ObjectNode payload = item.payload();
        String callId = callId(payload, item.line());
        String tool = toolName(payload);
        String id = ids.next("L" + item.line());
        EffectRules.Classification effect = session.classify(tool, arguments, id, item.line());
        ObjectNode data = ToolCallData.payload(callId, tool, arguments, effect.effect());
        ObjectNode exec = exec(payload, arguments);
        if (exec != null) {
            data.set(ToolCallData.EXEC, exec);
        }
        Event call = session.append(NewEvent.of(RUN, AGENT, EventType.TOOL_CALL).id(id).at(item.ts()).causes(modelCallId)
                .touches(effect.effect().touchedByCall()).data(data), item.line());
        calls.put(callId, new CallInfo(call.id(), tool, APPLY_PATCH.equals(tool) ? arguments : null, turnCwd));
        answered.put(callId, false);
        if (asksEscalation(arguments)) {
            ObjectNode request = Json.object();
            request.put(ApprovalRequestData.SUBJECT, call.id());
            String justification = JsonFields.text(arguments, "justification");
            request.put(ApprovalRequestData.REASON, justification != null ? justification : "command asks to run outside the sandbox");
            request.put(ApprovalRequestData.OWNER, "human:user");
            append(NewEvent.of(RUN, "harness", EventType.APPROVAL_REQUEST).at(item.ts()).causes(call.id())
                    .touches(StateKind.HARNESS).data(request), item.line());
        }
        if ("web_search_call".equals(JsonFields.text(payload, "type"))) {
            // Codex records a web search as one item with its status; the search result itself is not recorded.
            ObjectNode result = Json.object();
            result.put(ToolResultData.CALL_ID, callId);
            String status = JsonFields.text(payload, "status");
            Payloads.putIfPresent(result, "status", status);
            result.put(ToolResultData.IS_ERROR, "failed".equals(status));
            result.put("synthesised", true);
            answered.put(callId, true);
            append(NewEvent.of(RUN, AGENT, EventType.TOOL_RESULT).at(item.ts()).causes(call.id()).data(result), item.line());
        }
    }

    private void toolResult(ObjectNode payload, long line, Instant ts) {
        String callId = JsonFields.text(payload, "call_id");
        CallInfo call = calls.get(callId);
        CodexToolOutput output = CodexToolOutput.of(payload.get("output"));
        List<String> causes = new ArrayList<>();
        if (call != null) {
            causes.add(call.eventId());
            answered.put(callId, true);
        } else {
            session.finding(Finding.warning(ImportFindings.UNPAIRED_RESULT, "output for call '" + callId + "' has no matching call", null, line));
        }
        if (call != null && output.rejected()) {
            ObjectNode decision = Json.object();
            decision.put(ApprovalDecisionData.SUBJECT, call.eventId());
            decision.put(ApprovalDecisionData.VERDICT, "deny");
            decision.put(ApprovalDecisionData.OWNER, "human:user");
            decision.put(ApprovalDecisionData.RATIONALE, JsonFields.preview(output.text(), 500));
            append(NewEvent.of(RUN, "human:user", EventType.APPROVAL_DECISION).at(ts).causes(call.eventId())
                    .touches(StateKind.HARNESS).data(decision), line);
        }
        ObjectNode data = Json.object();
        data.put(ToolResultData.CALL_ID, callId);
        LargeText.put(data, ToolResultData.STDOUT, output.text(), session);
        if (output.exitCode() != null) {
            data.put(ToolResultData.EXIT_CODE, output.exitCode());
        }
        if (output.redacted()) {
            // the output was replaced before the rollout was shared: whether the call succeeded is not known
            data.put("redacted", true);
            data.put(ToolResultData.OUTCOME, ToolResultData.UNKNOWN_OUTCOME);
            redactedOutputs++;
        } else {
            data.put(ToolResultData.IS_ERROR, output.isError());
        }
        if (output.rejected()) {
            data.put(ToolResultData.ERROR, "rejected by user");
        }
        Payloads.putIfPresent(data, ToolResultData.DURATION_MS, output.durationMs());
        lastInput = JsonFields.preview("output of " + (call == null ? "a tool" : call.tool()) + ": ", output.text(), Payloads.INPUT_SUMMARY_PREVIEW);
        append(NewEvent.of(RUN, AGENT, EventType.TOOL_RESULT).at(ts).causes(causes).touches(StateKind.SESSION)
                .data(data), line);
        if (call != null && APPLY_PATCH.equals(call.tool()) && !output.isError()) {
            patchMutations(call, line, ts);
        }
    }

    /**
     * One state.mutation per file of a successful patch, caused by the call. An added file's content is whole; a
     * deleted file's content is not in the patch; an update holds only hunks, kept as {@code patch} for a replay to
     * apply to the file as it then is.
     */
    private void patchMutations(CallInfo call, long line, Instant ts) {
        String patch = JsonFields.text(call.arguments(), "input");
        if (patch == null) {
            patch = JsonFields.text(call.arguments(), "patch");
        }
        List<ApplyPatchFiles.FileChange> changes = ApplyPatchFiles.parse(patch);
        if (changes.isEmpty()) {
            unparsedPatches++;
            return;
        }
        for (ApplyPatchFiles.FileChange change : changes) {
            String path = root.relative(change.path(), call.cwd());
            ObjectNode data = switch (change.op()) {
                case "create" -> Payloads.stateMutation(path, MutationOp.CREATE, null, true, session.putBlob(change.content()), true);
                case "delete" -> Payloads.stateMutation(path, MutationOp.DELETE, null, false, null, true);
                default -> {
                    ObjectNode update = Payloads.stateMutation(path, MutationOp.MODIFY, null, false, null, false);
                    update.put(StateMutationData.PATCH, change.patch());
                    if (change.movedTo() != null) {
                        update.put(StateMutationData.MOVED_TO, root.relative(change.movedTo(), call.cwd()));
                    }
                    yield update;
                }
            };
            data.put(StateMutationData.TOOL, APPLY_PATCH);
            append(NewEvent.of(RUN, AGENT, EventType.STATE_MUTATION).at(ts).causes(call.eventId()).touches(StateKind.WORKSPACE)
                    .data(data), line);
        }
    }

    // --- event messages ---

    private void eventMsg(ObjectNode payload, long line, Instant ts) {
        String type = String.valueOf(JsonFields.text(payload, "type"));
        if (MIRRORED_EVENTS.contains(type)) {
            skipped.merge("event_msg " + type, 1L, Long::sum);
            return;
        }
        switch (type) {
            case "token_count" -> tokenCount(payload, line, ts);
            case "task_started", "task_complete", "entered_review_mode", "exited_review_mode" -> {
                flushOutput(null, ts);
                ObjectNode data = NoteData.of(type.replace('_', ' ')).toPayload();
                Payloads.putIfPresent(data, "turnId", JsonFields.text(payload, "turn_id"));
                Payloads.putIfPresent(data, "lastAgentMessage", JsonFields.text(payload, "last_agent_message"));
                append(NewEvent.of(RUN, "harness", EventType.NOTE).at(ts).touches(StateKind.HARNESS).data(data), line);
            }
            case "turn_aborted" -> {
                flushOutput(null, ts);
                ObjectNode data = new ErrorData("turn aborted: " + JsonFields.text(payload, "reason"), "aborted").toPayload();
                append(NewEvent.of(RUN, "harness", EventType.ERROR).at(ts).data(data), line);
            }
            case "error", "stream_error" -> {
                ObjectNode data = new ErrorData(String.valueOf(JsonFields.text(payload, "message")), type).toPayload();
                append(NewEvent.of(RUN, "harness", EventType.ERROR).at(ts).data(data), line);
            }
            default -> unknownRecord("codex.event_msg." + type, payload, line, ts);
        }
    }

    /**
     * A cumulative token count. An unchanged total (Codex repeats it with fresh rate limits) is no new model call; a
     * changed one closes the held output as one model.call whose usage is the difference.
     */
    private void tokenCount(ObjectNode payload, long line, Instant ts) {
        JsonNode total = JsonFields.at(payload, "info", "total_token_usage");
        if (!(total instanceof ObjectNode totals) || totals.equals(cumulative)) {
            skipped.merge("event_msg token_count (no change)", 1L, Long::sum);
            return;
        }
        long input = difference(totals, "input_tokens");
        long cached = difference(totals, "cached_input_tokens");
        long output = difference(totals, "output_tokens");
        long reasoning = difference(totals, "reasoning_output_tokens");
        cumulative = totals.deepCopy();
        ObjectNode usage = new UsageData(input, output, cached, null).toPayload();
        usage.put("reasoningOutputTokens", reasoning);
        flushOutput(usage, ts);
    }

    private long difference(ObjectNode totals, String field) {
        long now = JsonFields.longOrZero(totals, field);
        long before = cumulative == null ? 0 : JsonFields.longOrZero(cumulative, field);
        return now - before;
    }

    // --- end ---

    void finish(Instant end) {
        flushOutput(null, end);
        answered.forEach((callId, done) -> {
            if (!done) {
                CallInfo call = calls.get(callId);
                session.finding(Finding.warning(ImportFindings.UNPAIRED_CALL, "tool call '" + callId + "' (" + call.tool()
                        + ") has no output in the rollout", call.eventId(), 0));
            }
        });
        time.report(session, "records");
        if (!skipped.isEmpty()) {
            StringBuilder text = new StringBuilder("records folded into other events: ");
            skipped.forEach((what, count) -> text.append(what).append(" ×").append(count).append("; "));
            session.finding(Finding.info(ImportFindings.RECORDS_FOLDED, text.toString().strip(), null, 0));
        }
        unknown.forEach((type, count) -> session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, count + " record(s) of type '" + type
                + "' are not known to this importer; kept as '" + type + "' events with the raw record", null, 0)));
        if (redactedOutputs > 0) {
            session.finding(Finding.warning(ImportFindings.OUTPUT_REDACTED, redactedOutputs + " tool output(s) are redacted placeholders"
                    + " ([REDACTED_OUTPUT ...]): their results say outcome unknown, not success or failure", null, 0));
        }
        if (unparsedPatches > 0) {
            session.finding(Finding.info(ImportFindings.PATCH_UNREADABLE, unparsedPatches + " apply_patch input(s) are not readable patches"
                    + " (redacted or another syntax): the files they changed are not known", null, 0));
        }
    }

    Instant lastTime() {
        return time.last();
    }

    // --- helpers ---

    private void unknownRecord(String type, ObjectNode raw, long line, Instant ts) {
        unknown.merge(type, 1L, Long::sum);
        ObjectNode data = Json.object();
        data.set("raw", raw.deepCopy());
        append(NewEvent.ofRawType(RUN, "harness", type).at(ts).data(data), line);
    }

    private Event append(NewEvent draft, long line) {
        return session.append(draft.id(ids.next("L" + line)), line);
    }

    private static String callId(ObjectNode payload, long line) {
        String callId = JsonFields.text(payload, "call_id");
        if (callId == null) {
            callId = JsonFields.text(payload, "id");
        }
        return callId != null ? callId : JsonFields.text(payload, "type") + "@L" + line;
    }

    private static String toolName(ObjectNode payload) {
        return switch (String.valueOf(JsonFields.text(payload, "type"))) {
            case "local_shell_call" -> "local_shell";
            case "web_search_call" -> "web_search";
            default -> String.valueOf(JsonFields.text(payload, "name"));
        };
    }

    private static ObjectNode arguments(ObjectNode payload) {
        return switch (String.valueOf(JsonFields.text(payload, "type"))) {
            case "function_call" -> JsonFields.argumentsObject(payload.get("arguments"));
            case "custom_tool_call" -> {
                ObjectNode args = Json.object();
                args.put("input", String.valueOf(JsonFields.text(payload, "input")));
                yield args;
            }
            case "local_shell_call", "web_search_call" -> {
                JsonNode action = payload.get("action");
                yield action instanceof ObjectNode object ? object.deepCopy() : Json.object();
            }
            default -> Json.object();
        };
    }

    /** How a shell command ran, when the call records it as an argv list. */
    private static ObjectNode exec(ObjectNode payload, ObjectNode arguments) {
        JsonNode command = arguments.get("command");
        if (command == null || !command.isArray()) {
            return null;
        }
        ObjectNode exec = Json.object();
        exec.set(ToolCallData.EXEC_ARGV, command.deepCopy());
        String cwd = JsonFields.text(arguments, "workdir");
        if (cwd == null) {
            cwd = JsonFields.text(arguments, "working_directory");
        }
        Payloads.putIfPresent(exec, ToolCallData.EXEC_CWD, cwd);
        Long timeout = JsonFields.longValue(arguments.has("timeout_ms") ? arguments.get("timeout_ms") : arguments.get("timeout"));
        Payloads.putIfPresent(exec, ToolCallData.EXEC_TIMEOUT_MS, timeout);
        if (arguments.get("env") instanceof ObjectNode env) {
            exec.set(ToolCallData.EXEC_ENV, env.deepCopy());
        }
        return exec;
    }

    private static boolean asksEscalation(ObjectNode arguments) {
        return arguments.path("with_escalated_permissions").asBoolean(false)
                || "require_escalated".equals(JsonFields.text(arguments, "sandbox_permissions"));
    }

    static String contentText(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : content) {
            String partText = JsonFields.text(part, "text");
            if (partText != null) {
                Paragraphs.append(text, partText);
            } else if (JsonFields.text(part, "type") != null) {
                Paragraphs.append(text, "[" + JsonFields.text(part, "type") + "]");
            }
        }
        return text.toString();
    }

    private static String reasoningText(ObjectNode payload) {
        StringBuilder text = new StringBuilder();
        JsonNode summary = payload.get("summary");
        if (summary != null && summary.isArray()) {
            for (JsonNode part : summary) {
                Paragraphs.append(text, JsonFields.text(part, "text"));
            }
        }
        JsonNode content = payload.get("content");
        if (content != null && content.isArray()) {
            for (JsonNode part : content) {
                Paragraphs.append(text, JsonFields.text(part, "text"));
            }
        }
        return text.toString();
    }
}
