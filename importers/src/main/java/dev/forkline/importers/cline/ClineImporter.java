package dev.forkline.importers.cline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.TraceImporter;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.importers.support.StartingTree;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Cline or Roo Code task folder ({@code tasks/<id>/}): {@code api_conversation_history.json} (the Anthropic-format
 * messages the model saw and wrote), {@code ui_messages.json} (what the panel showed: say/ask records with times, among
 * them {@code api_req_started} with tokensIn/tokensOut/cache/cost and {@code checkpoint_created} with the shadow git
 * commit) and {@code task_metadata.json}. Given one of these files, the others beside it are read too. One run: each
 * assistant message is a model.call (usage from its own {@code metrics} or else the matching api_req_started), each tool
 * use (native {@code tool_use} block, or Cline's XML-like element in the text) a tool.call paired with its result in the
 * next user message, each shadow-git checkpoint a Forkline checkpoint.
 */
public final class ClineImporter implements TraceImporter {

    public static final String FORMAT = "cline";
    static final String API = "api_conversation_history.json";
    static final String UI = "ui_messages.json";
    static final String METADATA = "task_metadata.json";
    private static final String AGENT = "agent:cline";
    private static final Pattern CWD = Pattern.compile("# Current Working Directory \\(([^)]+)\\)");

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public boolean accepts(Path path, byte[] head) {
        if (Files.isDirectory(path)) {
            return Files.isRegularFile(path.resolve(API)) || Files.isRegularFile(path.resolve(UI));
        }
        if (!Files.isRegularFile(path)) {
            return false;
        }
        FileHead text = new FileHead(head);
        if (!text.opensWith('[')) {
            return false;
        }
        boolean ui = text.containsAny("\"say\":\"", "\"say\": \"", "\"ask\":\"", "\"ask\": \"") && text.contains("\"ts\"")
                && text.containsAny("\"type\":\"say\"", "\"type\": \"say\"", "\"type\":\"ask\"", "\"type\": \"ask\"");
        boolean api = text.contains("\"role\"") && text.containsAny("<task>", "<environment_details>", "<user_message>")
                && !text.contains("<returncode>");
        return ui || api;
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        Path folder = Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
        JsonNode api = null;
        JsonNode ui = null;
        if (Files.isRegularFile(path)) {
            // the file given is read whatever its name; its siblings by Cline's names
            JsonNode given = document(path);
            boolean isApi = given.size() > 0 && given.get(0).has("role");
            api = isApi ? given : null;
            ui = isApi ? null : given;
        }
        api = api != null ? api : document(folder.resolve(API));
        ui = ui != null ? ui : document(folder.resolve(UI));
        JsonNode metadata = document(folder.resolve(METADATA));
        if (api == null && ui == null) {
            throw new TraceFormatException(path.toString(), 0, "not a Cline task: neither " + API + " nor " + UI + " is a JSON list");
        }
        ImportSession session = new ImportSession(FORMAT, path.toString());
        new Writer(session, folder, api == null ? Json.MAPPER.createArrayNode() : api, ui == null ? Json.MAPPER.createArrayNode() : ui, metadata).write(api != null, ui != null);
        String id = folder.getFileName() == null ? "task" : folder.getFileName().toString();
        return session.finish("cline:" + id, "Cline task " + id);
    }

    private static JsonNode document(Path file) throws IOException, TraceFormatException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        JsonNode node = JsonDocuments.read(file);
        boolean metadata = file.getFileName().toString().equals(METADATA);
        if (metadata ? !node.isObject() : !node.isArray()) {
            throw new TraceFormatException(file.toString(), 1, "expected a JSON " + (metadata ? "object" : "list"));
        }
        return node;
    }

    private record Pending(Event call, String callId, String tool) {
    }

    /** Writes the task; {@code ui} gives times, usage and checkpoints, {@code api} the content. */
    private static final class Writer {
        private final ImportSession session;
        private final Path folder;
        private final JsonNode api;
        private final JsonNode ui;
        private final JsonNode metadata;
        private final List<JsonNode> requests = new ArrayList<>();
        private final Deque<JsonNode> checkpoints = new ArrayDeque<>();
        private final Deque<Pending> pending = new ArrayDeque<>();
        private final Map<String, Integer> folded = new LinkedHashMap<>();
        private Instant clock;
        private int usageFromUi;
        private int withoutUsage;
        private int unpaired;
        private int xmlCalls;
        private long tokensIn;
        private long tokensOut;
        private BigDecimal cost = BigDecimal.ZERO;
        private boolean costSeen;
        private String cwd;

        Writer(ImportSession session, Path folder, JsonNode api, JsonNode ui, JsonNode metadata) {
            this.session = session;
            this.folder = folder;
            this.api = api;
            this.ui = ui;
            this.metadata = metadata;
        }

        void write(boolean hasApi, boolean hasUi) {
            Instant first = null;
            for (JsonNode record : ui) {
                Instant at = stamp(record);
                first = first == null ? at : first;
                String say = JsonFields.scalar(record, "say");
                if ("api_req_started".equals(say)) {
                    requests.add(record);
                } else if ("checkpoint_created".equals(say)) {
                    checkpoints.add(record);
                } else {
                    folded.merge(say != null ? "say:" + say : "ask:" + JsonFields.scalar(record, "ask"), 1, Integer::sum);
                }
            }
            clock = first != null ? first : Instant.EPOCH;
            cwd = workingDirectory();
            Event start = sessionStart();
            boolean callsTools = false;
            for (JsonNode message : api) {
                callsTools |= "assistant".equals(JsonFields.scalar(message, "role")) && !toolUses(message).isEmpty();
            }
            if (callsTools) {
                new StartCheckpoint(session).append(start, cwd, new StartingTree(FORMAT).cwd(cwd), 0);
            }
            int request = 0;
            for (int i = 0; i < api.size(); i++) {
                JsonNode message = api.get(i);
                if ("assistant".equals(JsonFields.scalar(message, "role"))) {
                    JsonNode req = request < requests.size() ? requests.get(request) : null;
                    request++;
                    flushCheckpoints(req == null ? null : stamp(req));
                    assistant(i, message, req);
                } else {
                    user(i, message);
                }
            }
            flushCheckpoints(null);
            findings(hasApi, hasUi, request, callsTools);
            end();
        }

        private static Instant stamp(JsonNode record) {
            JsonNode ts = record.get("ts");
            return ts != null && ts.canConvertToLong() ? Instant.ofEpochMilli(ts.asLong()) : null;
        }

        private Instant next(Instant recorded) {
            clock = recorded != null && recorded.isAfter(clock) ? recorded : clock.plusMillis(1);
            return clock;
        }

        private String workingDirectory() {
            for (JsonNode message : api) {
                Matcher m = CWD.matcher(JsonFields.contentText(message.get("content")));
                if (m.find()) {
                    return m.group(1).strip();
                }
            }
            return null;
        }

        private Event sessionStart() {
            ObjectNode data = Json.object();
            ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
            environment.putObject(SessionStartData.ENVIRONMENT_HARNESS).put(SessionStartData.HARNESS_NAME, "cline");
            Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_CWD, cwd);
            JsonNode usage = metadata == null ? null : metadata.get("model_usage");
            if (usage != null && usage.isArray() && !usage.isEmpty()) {
                ObjectNode m = data.putObject(SessionStartData.MODEL);
                m.put(SessionStartData.MODEL_NAME, JsonFields.scalar(usage.get(0), "model_id"));
                Payloads.putIfPresent(m, SessionStartData.MODEL_PROVIDER, JsonFields.scalar(usage.get(0), "model_provider_id"));
            } else {
                for (JsonNode message : api) {
                    String id = JsonFields.scalarAt(message, "modelInfo", "modelId");
                    if (id != null) {
                        data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, id);
                        break;
                    }
                }
            }
            ObjectNode imported = Payloads.putImported(data, FORMAT, folder.toString());
            imported.put("taskId", String.valueOf(folder.getFileName()));
            if (metadata != null && metadata.has("files_in_context")) {
                imported.set("filesInContext", metadata.get("files_in_context"));
            }
            return session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.SESSION_START).at(clock).touches(StateKind.SESSION)
                    .data(data), 0);
        }

        private void flushCheckpoints(Instant before) {
            while (!checkpoints.isEmpty() && (before == null || !stamp(checkpoints.peek()).isAfter(before))) {
                JsonNode record = checkpoints.poll();
                String hash = JsonFields.scalar(record, "lastCheckpointHash");
                ObjectNode data = Json.object();
                data.put(CheckpointData.CHECKPOINT_ID, hash != null ? "shadow-" + hash : "shadow-unrecorded-" + record.path("ts").asText());
                data.put(CheckpointData.LABEL, "Cline's shadow-git checkpoint" + (hash != null ? " " + hash : " (no commit hash recorded)"));
                ObjectNode workspace = data.putObject(CheckpointData.WORKSPACE);
                workspace.put(CheckpointData.WORKSPACE_ROOT, StartCheckpoint.rootOr(cwd));
                workspace.put(CheckpointData.WORKSPACE_SOURCE, "shadow-git");
                Payloads.putIfPresent(workspace, "commit", hash);
                workspace.putObject(CheckpointData.WORKSPACE_FILES);
                data.set(CheckpointData.STARTING_TREE, new StartingTree(FORMAT).repository("Cline's shadow git repository of this workspace")
                        .commit(hash).cwd(cwd).toJson(StartCheckpoint.rootOr(cwd), cwd != null));
                session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.CHECKPOINT).at(next(stamp(record)))
                        .touches(StateKind.WORKSPACE, StateKind.HARNESS).data(data), 0);
            }
        }

        private List<ObjectNode> toolUses(JsonNode message) {
            List<ObjectNode> uses = new ArrayList<>();
            JsonNode content = message.get("content");
            if (content == null || !content.isArray()) {
                return uses;
            }
            for (JsonNode block : content) {
                String type = JsonFields.scalar(block, "type");
                if ("tool_use".equals(type)) {
                    ObjectNode use = ModelCallData.toolCall(JsonFields.scalar(block, "id"), JsonFields.scalar(block, "name"), JsonFields.argumentsObject(block.get("input")));
                    uses.add(use);
                } else if ("text".equals(type)) {
                    for (ClineToolUses.ToolUse xml : ClineToolUses.in(JsonFields.text(block, "text"))) {
                        ObjectNode use = ModelCallData.toolCall(null, xml.name(), xml.arguments());
                        uses.add(use);
                    }
                }
            }
            return uses;
        }

        private void assistant(int index, JsonNode message, JsonNode request) {
            unanswered();
            ObjectNode data = Json.object();
            String model = JsonFields.scalarAt(message, "modelInfo", "modelId");
            Payloads.putIfPresent(data, ModelCallData.MODEL, model);
            StringBuilder text = new StringBuilder();
            StringBuilder reasoning = new StringBuilder();
            JsonNode content = message.get("content");
            if (content != null && content.isArray()) {
                for (JsonNode block : content) {
                    if ("text".equals(JsonFields.scalar(block, "type"))) {
                        text.append(text.isEmpty() ? "" : "\n").append(JsonFields.text(block, "text"));
                    } else if ("thinking".equals(JsonFields.scalar(block, "type"))) {
                        reasoning.append(JsonFields.text(block, "thinking"));
                    }
                }
            } else {
                text.append(JsonFields.contentText(content));
            }
            ObjectNode out = data.putObject(ModelCallData.OUTPUT);
            LargeText.put(out, ModelCallData.OUTPUT_TEXT, text.toString(), session);
            if (!reasoning.isEmpty()) {
                LargeText.put(out, "reasoning", reasoning.toString(), session);
            }
            List<ObjectNode> uses = toolUses(message);
            ArrayNode calls = out.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
            int n = 0;
            for (ObjectNode use : uses) {
                n++;
                if (use.get(ModelCallData.TOOL_CALL_ID).isNull()) {
                    use.put(ModelCallData.TOOL_CALL_ID, "msg" + index + "-" + n);
                    xmlCalls++;
                }
                calls.add(use);
            }
            usage(data, message, request);
            Event call = session.append(NewEvent.of(ImportSession.RUN, AGENT, EventType.MODEL_CALL).at(next(request == null ? null : stamp(request)))
                    .touches(StateKind.SESSION).data(data), 0);
            for (ObjectNode use : uses) {
                String tool = use.get("name").asText();
                EffectClass effect = session.classify(tool, use.get(ModelCallData.TOOL_CALL_ARGUMENTS), session.nextEventId(ImportSession.RUN), 0).effect();
                ObjectNode toolCall = ToolCallData.payload(use.get(ModelCallData.TOOL_CALL_ID).asText(), tool, use.get(ModelCallData.TOOL_CALL_ARGUMENTS), effect);
                Event event = session.append(NewEvent.of(ImportSession.RUN, AGENT, EventType.TOOL_CALL).at(next(null)).causes(call.id())
                        .touches(effect.touchedByCall()).data(toolCall), 0);
                pending.add(new Pending(event, use.get(ModelCallData.TOOL_CALL_ID).asText(), tool));
            }
        }

        /** Usage from the message's own metrics (newer Cline), else from the api_req_started record of this request. */
        private void usage(ObjectNode data, JsonNode message, JsonNode request) {
            JsonNode tokens = JsonFields.at(message, "metrics", "tokens");
            if (tokens != null && tokens.isObject()) {
                long in = tokens.path("prompt").asLong();
                long out = tokens.path("completion").asLong();
                data.set(ModelCallData.USAGE, new UsageData(in, out, tokens.has("cached") ? tokens.path("cached").asLong() : null, null).toPayload());
                tokensIn += in;
                tokensOut += out;
                JsonNode c = JsonFields.at(message, "metrics", "cost");
                if (c != null && c.isNumber()) {
                    data.put(ModelCallData.COST_USD, c.decimalValue());
                    cost = cost.add(c.decimalValue());
                    costSeen = true;
                }
                return;
            }
            JsonNode info = null;
            if (request != null) {
                try {
                    info = Json.MAPPER.readTree(JsonFields.scalar(request, "text"));
                } catch (IOException | IllegalArgumentException notJson) {
                    info = null;
                }
            }
            if (info != null && info.has("tokensIn")) {
                long in = info.path("tokensIn").asLong();
                long out = info.path("tokensOut").asLong();
                data.set(ModelCallData.USAGE, new UsageData(in, out, info.has("cacheReads") ? info.path("cacheReads").asLong() : null,
                        info.has("cacheWrites") ? info.path("cacheWrites").asLong() : null).toPayload());
                tokensIn += in;
                tokensOut += out;
                usageFromUi++;
                if (info.path("cost").isNumber()) {
                    data.put(ModelCallData.COST_USD, info.path("cost").decimalValue());
                    cost = cost.add(info.path("cost").decimalValue());
                    costSeen = true;
                }
            } else {
                withoutUsage++;
            }
        }

        private void user(int index, JsonNode message) {
            JsonNode content = message.get("content");
            List<String> texts = new ArrayList<>();
            if (content != null && content.isArray()) {
                for (JsonNode block : content) {
                    String type = JsonFields.scalar(block, "type");
                    if ("tool_result".equals(type)) {
                        result(JsonFields.scalar(block, "tool_use_id"), JsonFields.contentText(block.get("content")),
                                block.path("is_error").asBoolean(false));
                    } else if ("text".equals(type)) {
                        String text = JsonFields.text(block, "text");
                        Matcher xml = ClineToolUses.RESULT.matcher(text == null ? "" : text);
                        if (xml.find() && !pending.isEmpty()) {
                            result(null, text, false);
                        } else if (text != null) {
                            texts.add(text);
                        }
                    }
                }
            } else {
                texts.add(JsonFields.contentText(content));
            }
            if (!texts.isEmpty()) {
                ObjectNode data = Json.object();
                data.put(AgentMessageData.FROM, "human:user");
                data.put(AgentMessageData.TO, AGENT);
                LargeText.put(data, AgentMessageData.TEXT, String.join("\n", texts), session);
                session.append(NewEvent.of(ImportSession.RUN, "human:user", EventType.AGENT_MESSAGE).at(next(null)).touches(StateKind.SESSION)
                        .data(data), 0);
            }
        }

        /** The result for {@code callId}, or (XML tool uses have no id) for the oldest pending call. */
        private void result(String callId, String output, boolean isError) {
            Pending call = null;
            for (Pending p : pending) {
                if (callId == null || p.callId().equals(callId)) {
                    call = p;
                    break;
                }
            }
            if (call == null) {
                session.finding(Finding.warning(ImportFindings.UNPAIRED_RESULT, "a tool result names call " + callId
                        + ", which no assistant message proposed", null, 0));
                return;
            }
            pending.remove(call);
            ObjectNode data = Json.object();
            data.put(ToolResultData.CALL_ID, call.callId());
            LargeText.put(data, ToolResultData.STDOUT, output == null ? "" : output, session);
            data.put(ToolResultData.IS_ERROR, isError || output != null && output.contains("The user denied this operation"));
            session.append(NewEvent.of(ImportSession.RUN, "sandbox", EventType.TOOL_RESULT).at(next(null)).causes(call.call().id())
                    .touches(StateKind.SESSION).data(data), 0);
        }

        private void unanswered() {
            unpaired += pending.size();
            pending.clear();
        }

        private void findings(boolean hasApi, boolean hasUi, int assistants, boolean callsTools) {
            unanswered();
            if (!hasApi) {
                session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, API + " is missing: messages, tool calls and results"
                        + " are not imported, only times, usage and checkpoints", null, 0));
            }
            if (!hasUi) {
                session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, UI + " is missing: the task has no times"
                        + " (events are 1 ms apart from the epoch), no per-request usage and no checkpoints", null, 0));
            }
            if (hasUi && hasApi && requests.size() != assistants) {
                session.finding(Finding.warning(ImportFindings.HISTORY_MISALIGNED, UI + " records " + requests.size()
                        + " API requests, " + API + " " + assistants + " assistant messages: usage and times were matched in order", null, 0));
            }
            session.finding(Finding.info(ImportFindings.TIMESTAMP_SYNTHESISED, "tool calls, results and user messages carry no time of"
                    + " their own: each is 1 ms after the event before it", null, 0));
            if (xmlCalls > 0) {
                session.finding(Finding.info(ImportFindings.CALL_IDS_SYNTHESISED, xmlCalls + " tool use(s) written as XML in the text"
                        + " carry no call id: named msg<message>-<n> and paired with the next '[tool] Result:' in order", null, 0));
            }
            if (withoutUsage > 0) {
                session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, withoutUsage + " model call(s) have no token counts", null, 0));
            }
            if (!costSeen) {
                session.finding(Finding.info(ImportFindings.NO_COST, "no cost recorded", null, 0));
            }
            if (unpaired > 0) {
                session.finding(Finding.warning(ImportFindings.UNPAIRED_CALL, unpaired + " tool call(s) have no result", null, 0));
            }
            if (!folded.isEmpty()) {
                session.finding(Finding.info(ImportFindings.RECORDS_FOLDED, "ui messages that show what " + API + " holds were folded: "
                        + folded, null, 0));
            }
            session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "a Cline task records no OS, image or repository"
                    + (cwd == null ? " and no working directory" : ""), null, 0));
            session.finding(Finding.info(ImportFindings.NO_OUTCOME, "a task does not record how it ended: session.end says unknown", null, 0));
            if (!callsTools) {
                session.finding(Finding.info(ImportFindings.NO_CHECKPOINT, "the task makes no tool call: there is no start checkpoint", null, 0));
            } else {
                session.finding(Finding.info(ImportFindings.STARTING_TREE_NEEDED, "replay from checkpoint 'start' needs the tree the task"
                        + " started from (--workspace SRC); Cline's shadow-git checkpoints name the commit of its shadow repository, which"
                        + " lives outside the task folder", null, 0));
            }
        }

        private void end() {
            ObjectNode data = Json.object();
            data.put(SessionEndData.OUTCOME, "unknown");
            data.put(SessionEndData.SYNTHESISED, true);
            if (tokensIn + tokensOut > 0) {
                data.set(SessionEndData.USAGE, new UsageData(tokensIn, tokensOut, null, null).toPayload());
            }
            if (costSeen) {
                data.put(SessionEndData.COST_USD, cost);
            }
            session.append(NewEvent.of(ImportSession.RUN, "harness", EventType.SESSION_END).at(next(null)).touches(StateKind.SESSION).data(data), 0);
        }
    }
}
