package dev.forkline.importers.claudecode;

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
import dev.forkline.importers.support.RecordStream;
import dev.forkline.importers.support.TimeFill;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.importers.support.WorkspaceRoot;
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
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Second pass: turns each transcript record into events, in the order the records are handed over. */
final class ClaudeTranscriptWriter {

    static final String RUN = ImportSession.RUN;

    /**
     * How many events may wait behind a model.call whose response's last line is not read yet. Claude Code writes a
     * response's lines close together (at most seven apart in the real transcripts); a response whose lines lie
     * further apart has its model.call written with the lines read so far, so that memory stays bounded.
     */
    static final int MAX_HELD_EVENTS = 10_000;

    /** A tool call already written, for pairing its result; {@code input} only for a file edit (else null). */
    private record CallInfo(String eventId, String tool, JsonNode input, String actor, String cwd) {
    }

    /** A response whose first line was read: its key, its model.call's place, what its first line says, and its lines gathered so far. */
    private record OpenResponse(String key, HeldEvents.Place place, String actor, Instant ts, String inputSummary, String responseId,
                                String requestId, long lastLine, ClaudeResponse gathered) {
    }

    private final ImportSession session;
    private final ClaudeSessionScan scan;
    private final ClaudeLanes lanes;
    private final WorkspaceRoot root;
    private final HeldEvents held;
    private final EventIds ids;
    private final TimeFill time;
    private final Map<String, CallInfo> calls = new HashMap<>();
    private final Map<String, Boolean> answered = new LinkedHashMap<>();
    /** API responses whose model.call has its place, by file and response key, with that event's id. */
    private final Map<String, String> writtenResponses = new HashMap<>();
    /** Responses whose last line is not read yet, by file and response key, in the order their first lines came. */
    private final Map<String, OpenResponse> openResponses = new LinkedHashMap<>();
    /** A preview of what each actor's next model call answers: its latest prompt or tool result. */
    private final Map<String, String> lastInputByActor = new HashMap<>();
    private final Map<String, Long> unknownTypes = new LinkedHashMap<>();
    private long snapshotBackups;

    ClaudeTranscriptWriter(ImportSession session, ClaudeSessionScan scan, ClaudeLanes lanes, WorkspaceRoot root) {
        this.session = session;
        this.scan = scan;
        this.lanes = lanes;
        this.root = root;
        this.held = new HeldEvents(session);
        this.ids = new EventIds(id -> session.hasEventId(id) || held.holds(id));
        this.time = new TimeFill(scan.firstTimestamp);
    }

    /** Streamed subagent messages written so far (by inner uuid), so a repeated progress record is read once. */
    private final java.util.Set<String> streamedWritten = new java.util.HashSet<>();

    void write(RecordStream.Line line) {
        writeRecord(line);
        while (held.size() > MAX_HELD_EVENTS) {
            closeOldest("its lines lie more than " + MAX_HELD_EVENTS + " events apart; it holds those up to line " + line.number());
        }
    }

    private void writeRecord(RecordStream.Line line) {
        ObjectNode record = line.record();
        String type = JsonFields.text(record, "type");
        if (type == null) {
            type = "(no type)";
        }
        switch (type) {
            case "assistant" -> assistant(line);
            case "user" -> user(line);
            case "system" -> system(line);
            case "summary" -> summary(line);
            case "progress" -> {
                if (AgentProgress.is(record) && scan.readsStreamed(record, streamedWritten)) {
                    // a subagent's message streamed into this transcript: read as a line of the subagent's lane
                    writeRecord(new RecordStream.Line(AgentProgress.laneFile(line.file(), AgentProgress.agentId(record)), line.number(),
                            AgentProgress.inner(record)));
                } else if (!AgentProgress.is(record) || AgentProgress.inner(record) == null) {
                    progress(line);
                }
            }
            case "file-history-snapshot" -> snapshot(line);
            default -> unknown(line, type);
        }
    }

    // --- assistant: one model.call per API response, then its tool calls ---

    private void assistant(RecordStream.Line line) {
        ObjectNode record = line.record();
        ClaudeLanes.Lane lane = lanes.laneOf(line.file(), record);
        JsonNode message = record.get("message");
        Instant ts = time.at(timestamp(record), line.number());
        if (ClaudeSessionScan.apiError(record.path("isApiErrorMessage").asBoolean(false), JsonFields.text(message, "model"))) {
            String text = ClaudeBlocks.plainText(message);
            append(NewEvent.of(RUN, lane.actor(), EventType.ERROR).at(ts)
                    .data(new ErrorData(text == null ? "Claude Code reported an API error" : text, "api").toPayload()), baseId(record, line), line);
            return;
        }
        String responseKey = ClaudeSessionScan.responseKey(record, line.number());
        String key = line.file() + "|" + responseKey;
        String modelCallId = writtenResponses.get(key);
        if (modelCallId == null) {
            OpenResponse response = new OpenResponse(responseKey, held.open(ids.next(baseId(record, line)), line.number()), lane.actor(), ts,
                    lastInputByActor.getOrDefault(lane.actor(), "conversation so far"),
                    JsonFields.textAt(record, "message", "id"), JsonFields.text(record, "requestId"),
                    scan.takeLastLine(line.file(), record, line.number()), new ClaudeResponse());
            modelCallId = response.place().id();
            writtenResponses.put(key, modelCallId);
            openResponses.put(key, response);
        }
        OpenResponse open = openResponses.get(key);
        if (open != null) {
            open.gathered().add(message, record.get("costUSD"));
            // a last line the first pass did not see (-1: the file changed between the passes) closes the response here
            if (line.number() >= open.lastLine()) {
                openResponses.remove(key);
                held.fill(open.place(), modelCall(open));
            }
        }
        for (JsonNode block : ClaudeBlocks.of(message)) {
            if ("tool_use".equals(JsonFields.text(block, "type"))) {
                toolCall(block, line, lane.actor(), modelCallId, ts);
            }
        }
    }

    /**
     * The whole API response as one model.call. Its place is its first line's, where the writer opened it; it is written
     * at the last line, when every line's text, tool calls and usage are gathered.
     */
    private NewEvent modelCall(OpenResponse open) {
        ClaudeResponse response = open.gathered();
        ObjectNode data = Json.object();
        data.put(ModelCallData.MODEL, response.model);
        data.put(ModelCallData.PROVIDER, "anthropic");
        ObjectNode input = data.putObject(ModelCallData.INPUT);
        input.put(ModelCallData.INPUT_SUMMARY, open.inputSummary());
        ObjectNode output = data.putObject(ModelCallData.OUTPUT);
        output.put(ModelCallData.OUTPUT_TEXT, response.text.toString());
        if (!response.reasoning.isEmpty()) {
            output.put("reasoning", response.reasoning.toString());
        }
        output.set(ModelCallData.OUTPUT_TOOL_CALLS, response.toolCalls);
        if (response.hasUsage) {
            data.set(ModelCallData.USAGE, new UsageData(response.inputTokens, response.outputTokens, response.cacheReadTokens, response.cacheWriteTokens).toPayload());
        }
        if (response.costUsd != null) {
            data.put(ModelCallData.COST_USD, response.costUsd);
        }
        Payloads.putIfPresent(data, "stopReason", response.stopReason);
        Payloads.putIfPresent(data, "responseId", open.responseId());
        Payloads.putIfPresent(data, "requestId", open.requestId());
        return NewEvent.of(RUN, open.actor(), EventType.MODEL_CALL).at(open.ts()).touches(StateKind.SESSION).data(data);
    }

    /** Writes the model.call of the response opened first with the lines gathered so far, reporting why its others are not in it. */
    private void closeOldest(String why) {
        var oldest = openResponses.entrySet().iterator().next();
        openResponses.remove(oldest.getKey());
        OpenResponse open = oldest.getValue();
        session.finding(Finding.warning(ImportFindings.RESPONSE_INCOMPLETE, "the model.call of response '"
                + open.key() + "' (line " + open.place().line()
                + ") does not hold all its lines: " + why, open.place().id(), open.place().line()));
        held.fill(open.place(), modelCall(open));
    }

    private void toolCall(JsonNode use, RecordStream.Line line, String actor, String modelCallId, Instant ts) {
        ObjectNode record = line.record();
        String callId = JsonFields.text(use, "id");
        String tool = JsonFields.text(use, "name");
        JsonNode input = use.get("input");
        String id = ids.next(baseId(record, line));
        EffectRules.Classification effect = session.classify(tool, input, id, line.number());
        ObjectNode data = ToolCallData.payload(callId, tool, JsonFields.argumentsObject(input), effect.effect());
        String cwd = JsonFields.text(record, "cwd") != null ? JsonFields.text(record, "cwd") : scan.cwd;
        if ("Bash".equals(tool) && JsonFields.text(input, "command") != null) {
            ObjectNode exec = data.putObject(ToolCallData.EXEC);
            ArrayNode argv = exec.putArray(ToolCallData.EXEC_ARGV);
            argv.add("bash").add("-c").add(JsonFields.text(input, "command"));
            Payloads.putIfPresent(exec, ToolCallData.EXEC_CWD, cwd);
            Payloads.putIfPresent(exec, ToolCallData.EXEC_TIMEOUT_MS, JsonFields.longValue(input.get("timeout")));
        }
        held.append(id, NewEvent.of(RUN, actor, EventType.TOOL_CALL).at(ts)
                .causes(modelCallId).touches(effect.effect().touchedByCall()).data(data), line.number());
        if (callId != null) {
            // Only file edits need their input again (for the state mutation); other inputs are not kept.
            JsonNode kept = !ClaudeTools.editsFile(tool) ? null : input != null ? input : Json.object();
            calls.put(callId, new CallInfo(id, tool, kept, actor, cwd));
            answered.put(callId, false);
        }
    }

    // --- user: prompts, subagent prompts, tool results ---

    private void user(RecordStream.Line line) {
        ObjectNode record = line.record();
        ClaudeLanes.Lane lane = lanes.laneOf(line.file(), record);
        JsonNode message = record.get("message");
        Instant ts = time.at(timestamp(record), line.number());
        List<JsonNode> results = new ArrayList<>();
        for (JsonNode block : ClaudeBlocks.of(message)) {
            if ("tool_result".equals(JsonFields.text(block, "type"))) {
                results.add(block);
            }
        }
        String text = ClaudeBlocks.plainText(message);
        if (text != null && !text.isBlank()) {
            prompt(line, lane, text, ts);
        }
        for (JsonNode block : results) {
            toolResult(line, lane, block, ts, results.size() == 1 ? record.get("toolUseResult") : null);
        }
        if ((text == null || text.isBlank()) && results.isEmpty()) {
            append(NewEvent.of(RUN, lane.actor(), EventType.NOTE).at(ts).data(withRaw(NoteData.of("empty user record").toPayload(), record.deepCopy())),
                    baseId(record, line), line);
        }
    }

    private void prompt(RecordStream.Line line, ClaudeLanes.Lane lane, String text, Instant ts) {
        ObjectNode record = line.record();
        ObjectNode data = Json.object();
        String from;
        List<String> causes = new ArrayList<>();
        if (lane.rootRecord() && !ClaudeLanes.MAIN_AGENT.equals(lane.actor())) {
            from = ClaudeLanes.MAIN_AGENT;
            if (lane.startedBy() != null && calls.containsKey(lane.startedBy().callId())) {
                causes.add(calls.get(lane.startedBy().callId()).eventId());
                from = calls.get(lane.startedBy().callId()).actor();
            }
        } else if (record.path("isMeta").asBoolean(false)) {
            from = "harness";
        } else {
            from = "human:user";
        }
        data.put(AgentMessageData.FROM, from);
        data.put(AgentMessageData.TO, lane.actor());
        data.put(AgentMessageData.TEXT, text);
        if (record.path("isMeta").asBoolean(false)) {
            data.put("meta", true);
        }
        Payloads.putIfPresent(data, "permissionMode", JsonFields.text(record, "permissionMode"));
        lastInputByActor.put(lane.actor(), JsonFields.preview(text, Payloads.INPUT_SUMMARY_PREVIEW));
        append(NewEvent.of(RUN, from, EventType.AGENT_MESSAGE).at(ts).causes(causes).touches(StateKind.SESSION).data(data),
                baseId(record, line), line);
    }

    private void toolResult(RecordStream.Line line, ClaudeLanes.Lane lane, JsonNode block, Instant ts, JsonNode toolUseResult) {
        ObjectNode record = line.record();
        String callId = JsonFields.text(block, "tool_use_id");
        CallInfo call = callId == null ? null : calls.get(callId);
        String text = ClaudeBlocks.resultText(block);
        boolean isError = block.path("is_error").asBoolean(false);
        String actor = call != null ? call.actor() : lane.actor();
        List<String> causes = new ArrayList<>();
        if (call != null) {
            causes.add(call.eventId());
            answered.put(callId, true);
        } else {
            session.finding(Finding.warning(ImportFindings.UNPAIRED_RESULT, "tool result for call '" + callId
                    + "' has no matching tool_use in the transcript", null, line.number()));
        }
        if (call != null && ClaudeTools.isRejection(text)) {
            rejection(line, call, text, ts);
        }
        ObjectNode data = Json.object();
        data.put(ToolResultData.CALL_ID, callId);
        data.put(ToolResultData.IS_ERROR, isError);
        JsonNode stdout = toolUseResult == null ? null : toolUseResult.get("stdout");
        if (stdout != null && stdout.isTextual()) {
            LargeText.put(data, ToolResultData.STDOUT, stdout.asText(), session);
            String stderr = JsonFields.text(toolUseResult, "stderr");
            if (stderr != null && !stderr.isEmpty()) {
                LargeText.put(data, ToolResultData.STDERR, stderr, session);
            }
            if (toolUseResult.path("interrupted").asBoolean(false)) {
                data.put("interrupted", true);
            }
        } else if (!isError) {
            LargeText.put(data, ToolResultData.STDOUT, text, session);
        }
        if (isError) {
            // The whole error output is kept (as a blob when long); "error" is its first line. Claude Code cuts long
            // output in the tool_result it shows the model but keeps it whole in a textual toolUseResult.
            if (!data.has(ToolResultData.STDOUT)) {
                boolean fuller = toolUseResult != null && toolUseResult.isTextual() && toolUseResult.asText().length() > text.length();
                LargeText.put(data, ToolResultData.STDERR, fuller ? toolUseResult.asText() : text, session);
            }
            data.put(ToolResultData.ERROR, JsonFields.preview(text.lines().findFirst().orElse(""), 500));
            Integer exitCode = ClaudeTools.exitCode(text);
            if (exitCode != null) {
                data.put(ToolResultData.EXIT_CODE, exitCode);
            }
        } else if (call != null && "Bash".equals(call.tool()) && stdout != null) {
            data.put(ToolResultData.EXIT_CODE, 0);
        }
        Long duration = toolUseResult == null ? null
                : JsonFields.longValue(toolUseResult.has("durationMs") ? toolUseResult.get("durationMs") : toolUseResult.get("totalDurationMs"));
        Payloads.putIfPresent(data, ToolResultData.DURATION_MS, duration);
        if (toolUseResult != null && toolUseResult.isObject() && toolUseResult.has("agentId")) {
            data.put("agentId", toolUseResult.get("agentId").asText());
        }
        lastInputByActor.put(actor, JsonFields.preview("result of " + (call == null ? "a tool" : call.tool()) + ": ", text, Payloads.INPUT_SUMMARY_PREVIEW));
        append(NewEvent.of(RUN, actor, EventType.TOOL_RESULT).at(ts).causes(causes).touches(StateKind.SESSION).data(data),
                baseId(record, line), line);
        if (call != null && !isError && ClaudeTools.editsFile(call.tool())) {
            ObjectNode mutation = FileEditMutations.of(call.tool(), call.input(), toolUseResult, root, call.cwd(), session);
            if (mutation != null) {
                // Caused by the call that made the edit, as the recorder links them; it follows the result that says it succeeded.
                append(NewEvent.of(RUN, actor, EventType.STATE_MUTATION).at(ts).causes(call.eventId()).touches(StateKind.WORKSPACE)
                        .data(mutation), baseId(record, line), line);
            }
        }
    }

    private void rejection(RecordStream.Line line, CallInfo call, String text, Instant ts) {
        ObjectNode request = Json.object();
        request.put(ApprovalRequestData.SUBJECT, call.eventId());
        request.put(ApprovalRequestData.REASON, "Claude Code asked permission for " + call.tool());
        request.put(ApprovalRequestData.OWNER, "human:user");
        String asked = append(NewEvent.of(RUN, "harness", EventType.APPROVAL_REQUEST).at(ts).causes(call.eventId())
                .touches(StateKind.HARNESS).data(request), baseId(line.record(), line), line);
        ObjectNode decision = Json.object();
        decision.put(ApprovalDecisionData.SUBJECT, call.eventId());
        decision.put(ApprovalDecisionData.VERDICT, "deny");
        decision.put(ApprovalDecisionData.OWNER, "human:user");
        String reason = ClaudeTools.rejectionReason(text);
        decision.put(ApprovalDecisionData.RATIONALE, reason == null ? "rejected in the permission prompt (no reason recorded)" : reason);
        append(NewEvent.of(RUN, "human:user", EventType.APPROVAL_DECISION).at(ts).causes(asked).touches(StateKind.HARNESS)
                .data(decision), baseId(line.record(), line), line);
    }

    // --- the harness's own records ---

    private void system(RecordStream.Line line) {
        ObjectNode record = line.record();
        String subtype = JsonFields.text(record, "subtype");
        String content = JsonFields.text(record, "content");
        Instant ts = time.at(timestamp(record), line.number());
        String level = JsonFields.text(record, "level");
        ObjectNode raw = record.deepCopy();
        if ("error".equals(level) || "api_error".equals(subtype)) {
            ObjectNode data = new ErrorData(content != null ? content : "system " + subtype, subtype).toPayload();
            append(NewEvent.of(RUN, "harness", EventType.ERROR).at(ts).data(withRaw(data, raw)), baseId(record, line), line);
            return;
        }
        StringBuilder text = new StringBuilder(subtype == null ? "system" : subtype);
        if (content != null) {
            text.append(": ").append(content);
        }
        JsonNode duration = record.get("durationMs");
        if (duration != null && duration.isNumber()) {
            text.append(" (").append(duration.asLong()).append(" ms)");
        }
        JsonNode hookErrors = record.get("hookErrors");
        if (hookErrors != null && hookErrors.isArray() && !hookErrors.isEmpty()) {
            text.append(" — ").append(hookErrors.size()).append(" hook error(s)");
        }
        append(NewEvent.of(RUN, "harness", EventType.NOTE).at(ts).touches(StateKind.HARNESS).data(withRaw(NoteData.of(text.toString()).toPayload(), raw)),
                baseId(record, line), line);
    }

    /** Record types Claude Code writes without a time by design: given the previous time, not reported as missing one. */
    private static final java.util.Set<String> UNTIMED_TYPES = java.util.Set.of("summary", "custom-title");

    private Instant timeOf(ObjectNode record, long line) {
        Instant recorded = timestamp(record);
        return recorded == null && UNTIMED_TYPES.contains(JsonFields.text(record, "type")) ? time.carry() : time.at(recorded, line);
    }

    private void summary(RecordStream.Line line) {
        ObjectNode record = line.record();
        ObjectNode data = NoteData.of("summary: " + JsonFields.text(record, "summary")).toPayload();
        Payloads.putIfPresent(data, "leafUuid", JsonFields.text(record, "leafUuid"));
        append(NewEvent.of(RUN, "harness", EventType.NOTE).at(timeOf(record, line.number())).data(data),
                ids.next("summary-L" + line.number()), line);
    }

    private void progress(RecordStream.Line line) {
        ObjectNode record = line.record();
        JsonNode progress = record.get("data");
        String kind = JsonFields.text(progress, "type");
        StringBuilder text = new StringBuilder(kind == null ? "progress" : kind);
        for (String field : new String[] {"hookName", "command", "serverName", "toolName", "status", "output"}) {
            String value = JsonFields.text(progress, field);
            if (value != null && !value.isEmpty()) {
                text.append(' ').append(field).append('=').append(JsonFields.preview(value, 200));
            }
        }
        ObjectNode data = NoteData.of(text.toString()).toPayload();
        if (progress != null) {
            data.set("progress", progress.deepCopy());
        }
        List<String> causes = new ArrayList<>();
        CallInfo call = calls.get(JsonFields.text(record, "parentToolUseID"));
        if (call != null) {
            causes.add(call.eventId());
        }
        String actor = call != null ? call.actor() : "harness";
        append(NewEvent.of(RUN, actor, EventType.NOTE).at(time.at(timestamp(record), line.number())).causes(causes)
                .touches(StateKind.HARNESS).data(data), baseId(record, line), line);
    }

    private void snapshot(RecordStream.Line line) {
        ObjectNode record = line.record();
        JsonNode backups = JsonFields.at(record, "snapshot", "trackedFileBackups");
        int count = backups == null ? 0 : backups.size();
        snapshotBackups += count;
        Instant recorded = Timestamps.parseText(JsonFields.textAt(record, "snapshot", "timestamp"));
        ObjectNode data = NoteData.of("file-history snapshot" + (record.path("isSnapshotUpdate").asBoolean(false) ? " update" : "")
                + ": " + count + " tracked file backup(s)").toPayload();
        if (backups != null) {
            data.set(NoteData.TRACKED_FILE_BACKUPS, backups.deepCopy());
        }
        Payloads.putIfPresent(data, "messageId", JsonFields.text(record, "messageId"));
        append(NewEvent.of(RUN, "harness", EventType.NOTE).at(time.at(recorded != null ? recorded : timestamp(record), line.number()))
                .touches(StateKind.HARNESS).data(data), ids.next("snapshot-L" + line.number()), line);
    }

    private void unknown(RecordStream.Line line, String type) {
        ObjectNode record = line.record();
        unknownTypes.merge(type, 1L, Long::sum);
        ObjectNode data = Json.object();
        data.set("raw", record.deepCopy());
        append(NewEvent.ofRawType(RUN, "harness", "claude-code." + type).at(timeOf(record, line.number())).data(data),
                baseId(record, line), line);
    }

    // --- end of input ---

    void finish() {
        while (!openResponses.isEmpty()) {
            closeOldest("its last line was not read (the transcript changed while it was imported)");
        }
        answered.forEach((callId, done) -> {
            if (!done) {
                CallInfo call = calls.get(callId);
                session.finding(Finding.warning(ImportFindings.UNPAIRED_CALL, "tool call '" + callId + "' (" + call.tool()
                        + ") has no result in the transcript", call.eventId(), 0));
            }
        });
        time.report(session, "records");
        unknownTypes.forEach((type, count) -> session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, count + " record(s) of type '" + type
                + "' are not known to this importer; kept as '" + "claude-code." + type + "' events with the raw record", null, 0)));
        if (snapshotBackups > 0) {
            session.finding(Finding.info(ImportFindings.FILE_HISTORY_NOT_IMPORTED, snapshotBackups + " file-history backup(s) are referenced;"
                    + " their contents live outside the transcript (~/.claude/file-history) and were not imported", null, 0));
        }
    }

    Instant lastTime() {
        return time.last();
    }

    // --- helpers ---

    /** Appends {@code draft} (now, or behind the model.calls still open) with an id made from {@code baseId}; returns that id. */
    private String append(NewEvent draft, String baseId, RecordStream.Line line) {
        String id = ids.next(baseId);
        held.append(id, draft, line.number());
        return id;
    }

    private String baseId(ObjectNode record, RecordStream.Line line) {
        String uuid = JsonFields.text(record, "uuid");
        if (uuid != null) {
            return uuid;
        }
        return line.file().getFileName() + ":" + line.number();
    }

    private static Instant timestamp(ObjectNode record) {
        return Timestamps.parseText(JsonFields.text(record, "timestamp"));
    }

    private static ObjectNode withRaw(ObjectNode data, ObjectNode raw) {
        data.set("raw", raw);
        return data;
    }
}
