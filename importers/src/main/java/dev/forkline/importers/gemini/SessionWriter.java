package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.importers.support.StartingTree;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one Gemini CLI conversation as run {@code r1}: a {@code gemini} message is a model.call (text, thoughts as
 * reasoning, tool calls, token counts) followed by its tool calls, each with its result and, for an edit whose display
 * holds the file before and after, a state.mutation; a user message is an agent.message; info and warning messages are
 * notes, error messages error events; a rewind is a note. A {@code /restore} checkpoint taken before a tool call becomes
 * a checkpoint right before that call, naming the shadow git commit.
 */
final class SessionWriter {

    static final String AGENT = "agent:gemini";

    private final ImportSession session;
    private final Conversation conversation;
    private final String cwd;
    private final List<RestoreCheckpoint> restoreCheckpoints;
    private final List<RestoreCheckpoint> used = new ArrayList<>();
    private final Map<String, Integer> checkpointIds = new LinkedHashMap<>();
    private final WorkspaceRoot root;
    private Instant clock;
    private int untimed;
    private int synthesisedIds;
    private int withoutUsage;
    private int unanswered;
    private int modelCalls;
    private long input;
    private long output;
    private long cached;
    private boolean usageSeen;
    private boolean modelNamed;
    private final Map<String, Integer> unknownTypes = new LinkedHashMap<>();

    SessionWriter(ImportSession session, Conversation conversation, String cwd, List<RestoreCheckpoint> restoreCheckpoints) {
        this.session = session;
        this.conversation = conversation;
        this.cwd = cwd;
        this.restoreCheckpoints = restoreCheckpoints;
        this.root = new WorkspaceRoot(StartCheckpoint.rootOr(cwd));
    }

    List<RestoreCheckpoint> usedCheckpoints() {
        return used;
    }

    int modelCalls() {
        return modelCalls;
    }

    /** Writes the run; {@code importedFields} go into session.start's {@code imported}. */
    void write(ObjectNode importedFields) {
        ObjectNode metadata = conversation.metadata();
        Instant start = Timestamps.parseText(JsonFields.text(metadata, "startTime"));
        if (start == null) {
            start = conversation.entries().stream().filter(e -> e.kind() == Entry.Kind.MESSAGE)
                    .map(e -> Timestamps.parseText(JsonFields.text(e.record(), "timestamp"))).filter(java.util.Objects::nonNull)
                    .findFirst().orElse(Instant.EPOCH);
        }
        clock = start;
        Event sessionStart = sessionStart(importedFields);
        StartCheckpoint startCheckpoint = new StartCheckpoint(session);
        if (callsTools()) {
            startCheckpoint.append(sessionStart, cwd, new StartingTree(GeminiImporter.FORMAT).cwd(cwd), 0);
        }
        int index = 0;
        for (Entry entry : conversation.entries()) {
            index++;
            switch (entry.kind()) {
                case MESSAGE -> message(index, entry);
                case REWIND -> note("gemini-rewind", "the conversation was rewound to before message " + entry.rewindTo() + ": "
                        + entry.dropped() + " message(s) from it on left the model's context (they stay in this trace)", null, entry.line());
                case UNKNOWN -> unknown("record", entry);
            }
        }
        startCheckpoint.report(Finding.info(ImportFindings.NO_CHECKPOINT, "the session makes no tool call: there is no start checkpoint",
                null, 0));
        root.report(session);
        end();
        findings();
    }

    private boolean callsTools() {
        return conversation.entries().stream().anyMatch(e -> e.kind() == Entry.Kind.MESSAGE
                && e.record().path("toolCalls").isArray() && !e.record().get("toolCalls").isEmpty());
    }

    private Instant next(String recorded) {
        Instant at = Timestamps.parseText(recorded);
        if (at == null) {
            untimed++;
        }
        clock = at != null && at.isAfter(clock) ? at : clock.plusMillis(1);
        return clock;
    }

    private Event sessionStart(ObjectNode importedFields) {
        ObjectNode data = Json.object();
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        environment.putObject(SessionStartData.ENVIRONMENT_HARNESS).put(SessionStartData.HARNESS_NAME, "gemini-cli");
        Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_CWD, cwd);
        for (Entry entry : conversation.entries()) {
            String model = entry.kind() == Entry.Kind.MESSAGE ? JsonFields.text(entry.record(), "model") : null;
            if (model != null && !model.isBlank()) {
                data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_PROVIDER, "google").put(SessionStartData.MODEL_NAME, model);
                break;
            }
        }
        ObjectNode imported = Payloads.putImported(data, GeminiImporter.FORMAT, session.source());
        imported.setAll(importedFields);
        for (String field : new String[] {"sessionId", "projectHash", "summary", "kind", "directories", "lastUpdated"}) {
            JsonNode value = conversation.metadata().get(field);
            if (value != null && !value.isNull()) {
                imported.set(field, value);
            }
        }
        return session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.SESSION_START).at(clock).touches(StateKind.SESSION)
                .data(data), 0);
    }

    private void message(int index, Entry entry) {
        ObjectNode record = entry.record();
        String type = JsonFields.text(record, "type");
        switch (type == null ? "" : type) {
            case "user" -> {
                ObjectNode data = Json.object();
                data.put(AgentMessageData.FROM, "human:user");
                data.put(AgentMessageData.TO, AGENT);
                LargeText.put(data, AgentMessageData.TEXT, GeminiParts.text(record.get("content")), session);
                Payloads.putIfPresent(data, "messageId", JsonFields.text(record, "id"));
                session.append(NewEvent.of(ImportSession.RUN, "human:user", EventType.AGENT_MESSAGE).at(next(JsonFields.text(record, "timestamp")))
                        .touches(StateKind.SESSION).data(data), entry.line());
            }
            case "gemini" -> gemini(index, entry);
            case "info", "warning" -> note("gemini-" + type, GeminiParts.text(record.get("content")), JsonFields.text(record, "timestamp"), entry.line());
            case "error" -> session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.ERROR).at(next(JsonFields.text(record, "timestamp")))
                    .touches(StateKind.SESSION).data(new ErrorData(GeminiParts.text(record.get("content")), "gemini-error").toPayload()), entry.line());
            default -> unknown(type == null ? "message without type" : type, entry);
        }
    }

    private void note(String kind, String text, String timestamp, long line) {
        ObjectNode data = Json.object();
        data.put("kind", kind);
        LargeText.put(data, NoteData.TEXT, text, session);
        session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.NOTE).at(next(timestamp)).touches(StateKind.SESSION).data(data), line);
    }

    private void unknown(String what, Entry entry) {
        unknownTypes.merge(what, 1, Integer::sum);
        ObjectNode data = Json.object();
        data.set("raw", entry.record());
        session.append(NewEvent.ofRawType(ImportSession.RUN, "harness", GeminiImporter.FORMAT + "." + (entry.kind() == Entry.Kind.UNKNOWN ? "record"
                : "message")).at(next(JsonFields.text(entry.record(), "timestamp"))).touches(StateKind.SESSION).data(data), entry.line());
    }

    private void gemini(int index, Entry entry) {
        ObjectNode record = entry.record();
        modelCalls++;
        ObjectNode data = Json.object();
        Payloads.putIfPresent(data, ModelCallData.MODEL, JsonFields.text(record, "model"));
        modelNamed |= data.has(ModelCallData.MODEL);
        Payloads.putIfPresent(data, "messageId", JsonFields.text(record, "id"));
        ObjectNode out = data.putObject(ModelCallData.OUTPUT);
        LargeText.put(out, ModelCallData.OUTPUT_TEXT, GeminiParts.text(record.get("content")), session);
        String reasoning = thoughts(record.get("thoughts"));
        if (!reasoning.isEmpty()) {
            LargeText.put(out, "reasoning", reasoning, session);
        }
        List<ObjectNode> calls = new ArrayList<>();
        ArrayNode proposed = out.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
        JsonNode toolCalls = record.get("toolCalls");
        if (toolCalls != null && toolCalls.isArray()) {
            int n = 0;
            for (JsonNode call : toolCalls) {
                n++;
                String id = JsonFields.text(call, "id");
                if (id == null || id.isBlank()) {
                    id = "msg" + index + "-" + n;
                    synthesisedIds++;
                }
                ObjectNode use = ModelCallData.toolCall(id, JsonFields.text(call, "name") == null ? "" : call.get("name").asText(),
                        JsonFields.argumentsObject(call.get("args")));
                proposed.add(use);
                calls.add(use);
            }
        }
        usage(data, record.get("tokens"));
        Event modelCall = session.append(NewEvent.of(ImportSession.RUN, AGENT, EventType.MODEL_CALL).at(next(JsonFields.text(record, "timestamp")))
                .touches(StateKind.SESSION).data(data), entry.line());
        for (int i = 0; i < calls.size(); i++) {
            tool(modelCall, calls.get(i), toolCalls.get(i), entry.line());
        }
    }

    private static String thoughts(JsonNode thoughts) {
        List<String> lines = new ArrayList<>();
        if (thoughts != null && thoughts.isArray()) {
            for (JsonNode thought : thoughts) {
                String subject = JsonFields.text(thought, "subject");
                String description = JsonFields.text(thought, "description");
                lines.add(subject == null || subject.isBlank() ? String.valueOf(description) : description == null ? subject : subject + ": " + description);
            }
        }
        return String.join("\n", lines);
    }

    /**
     * Gemini's counts: {@code input} (the prompt, cached part included), {@code output} (the answer), {@code thoughts}
     * (billed as output), {@code cached}, {@code tool} (tool-use prompt), {@code total}.
     */
    private void usage(ObjectNode data, JsonNode tokens) {
        if (tokens == null || !tokens.isObject()) {
            withoutUsage++;
            return;
        }
        long in = JsonFields.longOrZero(tokens, "input");
        long thoughts = JsonFields.longOrZero(tokens, "thoughts");
        long out = JsonFields.longOrZero(tokens, "output") + thoughts;
        long cache = JsonFields.longOrZero(tokens, "cached");
        ObjectNode usage = new UsageData(in, out, cache, null).toPayload();
        usage.put("reasoningOutputTokens", thoughts);
        usage.put("toolUsePromptTokens", JsonFields.longOrZero(tokens, "tool"));
        Payloads.putIfPresent(usage, "totalTokens", JsonFields.longValue(tokens.get("total")));
        data.set(ModelCallData.USAGE, usage);
        input += in;
        output += out;
        cached += cache;
        usageSeen = true;
    }

    private void tool(Event modelCall, ObjectNode use, JsonNode record, long line) {
        String tool = use.get(ModelCallData.TOOL_CALL_NAME).asText();
        JsonNode arguments = use.get(ModelCallData.TOOL_CALL_ARGUMENTS);
        for (RestoreCheckpoint checkpoint : restoreCheckpoints) {
            if (!used.contains(checkpoint) && checkpoint.precedes(tool, record.get("args"))) {
                used.add(checkpoint);
                restoreCheckpoint(checkpoint, line);
                break;
            }
        }
        EffectClass effect = session.classify(tool, arguments, session.nextEventId(ImportSession.RUN), line).effect();
        ObjectNode data = ToolCallData.payload(use.get(ModelCallData.TOOL_CALL_ID).asText(), tool, arguments, effect);
        Payloads.putIfPresent(data, "displayName", JsonFields.text(record, "displayName"));
        Payloads.putIfPresent(data, "description", JsonFields.text(record, "description"));
        Event call = session.append(NewEvent.of(ImportSession.RUN, AGENT, EventType.TOOL_CALL).at(next(null)).causes(modelCall.id())
                .touches(effect.touchedByCall()).data(data), line);
        String status = JsonFields.text(record, "status");
        if (!"success".equals(status) && !"error".equals(status) && !"cancelled".equals(status)) {
            unanswered++;
            return;
        }
        ObjectNode result = Json.object();
        result.put(ToolResultData.CALL_ID, use.get(ModelCallData.TOOL_CALL_ID).asText());
        String text = GeminiParts.text(record.get("result"));
        JsonNode display = record.get("resultDisplay");
        if (text.isEmpty() && display != null && display.isTextual()) {
            text = display.asText();
        }
        LargeText.put(result, ToolResultData.STDOUT, text, session);
        result.put(ToolResultData.IS_ERROR, !"success".equals(status));
        result.put("status", status);
        if (display != null && display.isObject() && !display.has("newContent")) {
            result.set("display", display);
        }
        Event answered = session.append(NewEvent.of(ImportSession.RUN, "sandbox", EventType.TOOL_RESULT).at(next(JsonFields.text(record, "timestamp")))
                .causes(call.id()).touches(StateKind.SESSION).data(result), line);
        if ("success".equals(status) && display != null && display.isObject() && display.path("newContent").isTextual()) {
            mutation(call, display, answered.ts(), line);
        }
    }

    /** An edit's display ({@code FileDiff}) holds the whole file before ({@code originalContent}, null when new) and after. */
    private void mutation(Event call, JsonNode diff, Instant at, long line) {
        String path = JsonFields.firstScalar(diff, "filePath", "fileName");
        if (path == null) {
            return;
        }
        JsonNode original = diff.get("originalContent");
        boolean created = original == null || original.isNull() || diff.path("isNewFile").asBoolean(false);
        String before = created ? null : session.putBlob(original.asText());
        String after = session.putBlob(diff.get("newContent").asText());
        ObjectNode data = Payloads.stateMutation(root.relative(path), created ? MutationOp.CREATE : MutationOp.MODIFY, before, true, after, true);
        data.put(StateMutationData.TOOL, call.text(ToolCallData.TOOL));
        session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.STATE_MUTATION).at(next(at.toString())).causes(call.id())
                .touches(StateKind.WORKSPACE).data(data), line);
    }

    private void restoreCheckpoint(RestoreCheckpoint checkpoint, long line) {
        String hash = checkpoint.commitHash();
        String base = hash != null ? "shadow-" + hash : "restore-" + checkpoint.name();
        int seen = checkpointIds.merge(base, 1, Integer::sum);
        ObjectNode data = Json.object();
        data.put(CheckpointData.CHECKPOINT_ID, seen == 1 ? base : base + "-" + seen);
        data.put(CheckpointData.LABEL, "Gemini CLI's /restore checkpoint " + checkpoint.name() + (hash != null ? " (shadow git commit " + hash + ")"
                : " (no commit hash recorded)"));
        ObjectNode workspace = data.putObject(CheckpointData.WORKSPACE);
        workspace.put(CheckpointData.WORKSPACE_ROOT, StartCheckpoint.rootOr(cwd));
        workspace.put(CheckpointData.WORKSPACE_SOURCE, "shadow-git");
        Payloads.putIfPresent(workspace, "commit", hash);
        workspace.putObject(CheckpointData.WORKSPACE_FILES);
        String projectHash = JsonFields.text(conversation.metadata(), "projectHash");
        data.set(CheckpointData.STARTING_TREE, new StartingTree(GeminiImporter.FORMAT).repository("Gemini CLI's shadow git repository of this project"
                + " (~/.gemini/history/" + (projectHash != null ? projectHash : "<project_hash>") + ")").commit(hash).cwd(cwd)
                .toJson(StartCheckpoint.rootOr(cwd), cwd != null));
        ObjectNode gemini = data.putObject("geminiCheckpoint");
        gemini.put("name", checkpoint.name());
        Payloads.putIfPresent(gemini, "messageId", checkpoint.messageId());
        session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.CHECKPOINT).at(next(null))
                .touches(StateKind.WORKSPACE, StateKind.HARNESS).data(data), line);
    }

    private void end() {
        ObjectNode data = Json.object();
        data.put(SessionEndData.OUTCOME, "unknown");
        data.put(SessionEndData.SYNTHESISED, true);
        if (usageSeen) {
            data.set(SessionEndData.USAGE, new UsageData(input, output, cached, null).toPayload());
        }
        session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.SESSION_END).at(next(JsonFields.text(conversation.metadata(), "lastUpdated")))
                .touches(StateKind.SESSION).data(data), 0);
    }

    private void findings() {
        if (untimed > 0) {
            session.finding(Finding.info(ImportFindings.TIMESTAMP_SYNTHESISED, untimed + " event(s) carry no time of their own (tool calls,"
                    + " checkpoints, the session's end, messages of a history without times): each is 1 ms after the event before it", null, 0));
        }
        if (synthesisedIds > 0) {
            session.finding(Finding.info(ImportFindings.CALL_IDS_SYNTHESISED, synthesisedIds + " tool call(s) carry no id: named"
                    + " msg<entry>-<n>", null, 0));
        }
        if (withoutUsage > 0) {
            session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, withoutUsage + " of " + modelCalls + " model call(s) record no token"
                    + " counts", null, 0));
        }
        session.finding(Finding.info(ImportFindings.NO_COST, "Gemini CLI records token counts, no cost", null, 0));
        if (modelCalls > 0 && !modelNamed) {
            session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, "no model call names its model", null, 0));
        }
        if (unanswered > 0) {
            session.finding(Finding.warning(ImportFindings.UNPAIRED_CALL, unanswered + " tool call(s) have no result (status neither"
                    + " success, error nor cancelled: the session ended or was saved before they finished)", null, 0));
        }
        if (!unknownTypes.isEmpty()) {
            session.finding(Finding.warning(ImportFindings.UNKNOWN_RECORD, "records of a kind this importer does not know were kept raw: "
                    + unknownTypes, null, 0));
        }
        if (conversation.rewrites() > 0 || conversation.historyReplacements() > 0) {
            session.finding(Finding.info(ImportFindings.RECORDS_FOLDED, conversation.rewrites() + " message record(s) rewrote a message"
                    + " recorded before (tokens or tool calls arriving) and " + conversation.historyReplacements() + " metadata update(s)"
                    + " replaced the message list: each message is imported once, as last written", null, 0));
        }
        session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "a Gemini CLI session records no OS, image, repository or"
                + " commit" + (cwd == null ? ", and no working directory (no .project_root beside the chats folder)" : ""), null, 0));
        session.finding(Finding.info(ImportFindings.NO_OUTCOME, "the session does not record how it ended: session.end says unknown", null, 0));
    }
}
