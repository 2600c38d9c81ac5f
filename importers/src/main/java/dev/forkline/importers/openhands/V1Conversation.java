package dev.forkline.importers.openhands;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.importers.support.StartingTree;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * An OpenHands V1 conversation folder (software-agent-sdk persistence): {@code base_state.json} (agent with its LLM,
 * workspace, confirmation policy, execution status and per-response usage statistics) and {@code events/}, one JSON
 * file per event with a {@code kind} discriminator (MessageEvent, ActionEvent, ObservationEvent, UserRejectObservation,
 * AgentErrorEvent, ConversationStateUpdateEvent, ...).
 */
final class V1Conversation {

    static final String RUN = OpenHandsImporter.RUN;
    static final String BASE_STATE = "base_state.json";
    static final String EVENTS = "events";
    private static final Pattern INDEX = Pattern.compile("^event-(\\d{1,18})");

    private record Call(String eventId, String callId, String tool) {
    }

    private final ImportSession session;
    private final Path dir;
    private final Map<String, Call> callsByActionId = new HashMap<>();
    private final Map<String, Call> callsByCallId = new HashMap<>();
    private final Map<String, String> modelEventByResponse = new HashMap<>();
    private final Map<String, JsonNode> usageByResponse = new HashMap<>();
    private final Map<String, Double> latencyByResponse = new HashMap<>();
    private final Map<String, String> approvalRequests = new HashMap<>();
    private final List<Call> unanswered = new ArrayList<>();
    private final String agent = "agent:openhands";
    private JsonNode base;
    private Instant last;
    /** The time of the record before the current one: a model call stamped at its start never goes before it. */
    private Instant previousRecord;
    private boolean zoneless;
    private boolean finished;
    private long inputTokens;
    private long outputTokens;
    private final StartCheckpoint checkpoint;
    private WorkspaceRoot root;

    V1Conversation(ImportSession session, Path dir) {
        this.session = session;
        this.dir = dir;
        this.checkpoint = new StartCheckpoint(session);
    }

    static boolean isConversation(Path dir) {
        return Files.isRegularFile(dir.resolve(BASE_STATE)) && Files.isDirectory(dir.resolve(EVENTS));
    }

    /** Reads the folder; returns the run's title. */
    String read() throws IOException, TraceFormatException {
        if (!isConversation(dir)) {
            throw new TraceFormatException(dir.toString(), 0, "not an OpenHands conversation folder: needs " + BASE_STATE + " and " + EVENTS + "/");
        }
        base = readJson(dir.resolve(BASE_STATE), true);
        indexUsage();
        List<Path> files = eventFiles();
        List<JsonNode> events = new ArrayList<>();
        List<Path> origins = new ArrayList<>();
        for (Path file : files) {
            JsonNode event = readJson(file, false);
            if (event != null) {
                events.add(event);
                origins.add(file);
            }
        }
        last = firstTime(events);
        Event start = start();
        String workingDir = JsonFields.scalarAt(base, "workspace", "working_dir");
        if (events.stream().anyMatch(event -> "ActionEvent".equals(JsonFields.scalar(event, "kind")))) {
            checkpoint.append(start, workingDir, new StartingTree(OpenHandsImporter.FORMAT).cwd(workingDir), 0);
        }
        root = new WorkspaceRoot(StartCheckpoint.rootOr(workingDir));
        for (int i = 0; i < events.size(); i++) {
            event(events.get(i), origins.get(i));
        }
        end(start);
        if (zoneless) {
            session.finding(Finding.warning(ImportFindings.TIMESTAMPS_WITHOUT_ZONE, "OpenHands wrote local times without a zone: read as UTC", null, 0));
        }
        checkpoint.report(Finding.info(ImportFindings.NO_CHECKPOINT, "the conversation runs no action: there is no replayable checkpoint",
                null, 0));
        root.report(session);
        String id = JsonFields.scalar(base, "id");
        return id != null ? id : dir.getFileName().toString();
    }

    private JsonNode readJson(Path file, boolean required) throws IOException, TraceFormatException {
        try (InputStream in = Files.newInputStream(file)) {
            JsonNode node = Json.MAPPER.readTree(in);
            if (node == null || !node.isObject()) {
                throw new JsonProcessingException("not a JSON object") {
                };
            }
            return node;
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            if (required) {
                throw new TraceFormatException(file.toString(), line, "malformed JSON: " + e.getOriginalMessage());
            }
            session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, file.getFileName() + ": " + e.getOriginalMessage()
                    + " (line " + line + "): skipped", null, line));
            return null;
        }
    }

    private List<Path> eventFiles() throws IOException {
        try (Stream<Path> listing = Files.list(dir.resolve(EVENTS))) {
            return listing.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                    .sorted(Comparator.comparingLong(V1Conversation::indexOf).thenComparing(p -> p.getFileName().toString()))
                    .toList();
        }
    }

    private static long indexOf(Path file) {
        Matcher m = INDEX.matcher(file.getFileName().toString());
        return m.find() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
    }

    private Instant firstTime(List<JsonNode> events) {
        for (JsonNode event : events) {
            Stamps.Stamp stamp = Stamps.parse(JsonFields.scalar(event, "timestamp"));
            if (stamp != null) {
                return stamp.instant().minusNanos(1000);
            }
        }
        session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "no event records a time", null, 0));
        return Instant.EPOCH;
    }

    private void indexUsage() {
        JsonNode metrics = JsonFields.at(base, "stats", "usage_to_metrics");
        if (metrics == null || !metrics.isObject()) {
            session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, "base_state.json holds no usage statistics", null, 0));
            return;
        }
        for (JsonNode metric : metrics) {
            JsonNode usages = metric.get("token_usages");
            if (usages != null) {
                for (JsonNode usage : usages) {
                    if (JsonFields.scalar(usage, "response_id") != null) {
                        usageByResponse.put(JsonFields.scalar(usage, "response_id"), usage);
                    }
                }
            }
            JsonNode latencies = metric.get("response_latencies");
            if (latencies != null) {
                for (JsonNode latency : latencies) {
                    if (JsonFields.scalar(latency, "response_id") != null) {
                        latencyByResponse.put(JsonFields.scalar(latency, "response_id"), latency.path("latency").asDouble());
                    }
                }
            }
        }
    }

    private Event start() {
        ObjectNode data = Json.object();
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
        harness.put(SessionStartData.HARNESS_NAME, "openhands-sdk");
        String policy = JsonFields.scalarAt(base, "confirmation_policy", "kind");
        if (policy != null) {
            harness.put("confirmationPolicy", policy);
        }
        JsonNode workspace = base.get("workspace");
        if (JsonFields.scalar(workspace, "working_dir") != null) {
            environment.put(SessionStartData.ENVIRONMENT_CWD, JsonFields.scalar(workspace, "working_dir"));
        }
        String image = JsonFields.firstScalar(workspace, "image", "base_image", "server_image");
        if (image != null) {
            environment.put(SessionStartData.ENVIRONMENT_IMAGE, image);
        } else {
            session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "the workspace ("
                    + (JsonFields.scalar(workspace, "kind") == null ? "unknown kind" : JsonFields.scalar(workspace, "kind"))
                    + ") names no container image: a replay must be given one", null, 0));
        }
        if (JsonFields.scalar(workspace, "kind") != null) {
            environment.putObject(SessionStartData.ENVIRONMENT_ISOLATION).put("boundary", JsonFields.scalar(workspace, "kind"));
        }
        String model = JsonFields.scalarAt(base, "agent", "llm", "model");
        if (model != null) {
            data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, model);
        } else {
            session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, "base_state.json names no model", null, 0));
        }
        ObjectNode imported = Payloads.putImported(data, OpenHandsImporter.FORMAT, dir.toString());
        imported.put("version", "V1");
        if (JsonFields.scalar(base, "id") != null) {
            imported.put("conversationId", JsonFields.scalar(base, "id"));
        }
        return session.append(NewEvent.of(RUN, "harness", EventType.SESSION_START).at(last).touches(StateKind.SESSION).data(data), 0);
    }

    private Instant timeOf(JsonNode event) {
        Stamps.Stamp stamp = Stamps.parse(JsonFields.scalar(event, "timestamp"));
        if (stamp == null) {
            last = last.plusNanos(1000);
        } else {
            zoneless |= stamp.zoneless();
            last = stamp.instant();
        }
        return last;
    }

    private String actorOf(JsonNode event) {
        return switch (JsonFields.scalar(event, "source") == null ? "" : JsonFields.scalar(event, "source")) {
            case "user" -> "human:user";
            case "environment" -> "harness";
            case "hook" -> "harness";
            default -> agent;
        };
    }

    private void event(JsonNode event, Path file) {
        previousRecord = last;
        Instant at = timeOf(event);
        String kind = JsonFields.scalar(event, "kind") == null ? "" : JsonFields.scalar(event, "kind");
        switch (kind) {
            case "MessageEvent" -> message(event, at);
            case "SystemPromptEvent" -> note(event, at, "system prompt", JsonFields.contentText(JsonFields.at(event, "system_prompt", "text") != null
                    ? JsonFields.at(event, "system_prompt", "text") : event.get("system_prompt")));
            case "ActionEvent" -> action(event, at);
            case "ObservationEvent" -> observation(event, at);
            case "UserRejectObservation" -> rejection(event, at);
            case "AgentErrorEvent" -> agentError(event, at);
            case "ConversationErrorEvent" -> error(event, at, JsonFields.scalar(event, "detail"), JsonFields.scalar(event, "code"));
            case "ConversationStateUpdateEvent" -> stateUpdate(event, at);
            case "PauseEvent" -> note(event, at, "paused", null);
            case "Condensation", "CondensationRequest", "CondensationSummaryEvent" -> note(event, at, kind, JsonFields.scalar(event, "summary"));
            default -> unknown(event, kind, file, at);
        }
    }

    /**
     * A message; the agent's own (an answer without a tool call, e.g. its final one) is an LLM response too: its
     * {@code llm_response_id} gives it a model.call with the usage and latency of that response, and causes the message.
     */
    private void message(JsonNode event, Instant at) {
        String actor = actorOf(event);
        ObjectNode data = Json.object();
        data.put(AgentMessageData.FROM, actor);
        data.put(AgentMessageData.TO, "human:user".equals(actor) ? agent : "human:user");
        String text = JsonFields.contentText(JsonFields.at(event, "llm_message", "content"));
        data.put(AgentMessageData.TEXT, text);
        String responseId = JsonFields.scalar(event, "llm_response_id");
        String modelEvent = responseId == null || "human:user".equals(actor) ? null : modelEventByResponse.get(responseId);
        if (responseId != null && modelEvent == null && !"human:user".equals(actor)) {
            modelEvent = modelCall(responseId, text, JsonFields.scalarAt(event, "llm_message", "reasoning_content"), null, at);
        }
        NewEvent draft = NewEvent.of(RUN, actor, EventType.AGENT_MESSAGE).at(at).touches(StateKind.SESSION).data(data);
        session.append(modelEvent == null ? draft : draft.causes(modelEvent), 0);
    }

    private void action(JsonNode event, Instant at) {
        String responseId = JsonFields.scalar(event, "llm_response_id");
        String modelEvent = responseId == null ? null : modelEventByResponse.get(responseId);
        if (responseId != null && modelEvent == null) {
            modelEvent = modelCall(responseId, JsonFields.contentText(event.get("thought")), JsonFields.scalar(event, "reasoning_content"),
                    event.get("tool_call"), at);
        }
        String tool = JsonFields.scalar(event, "tool_name");
        String callId = JsonFields.scalar(event, "tool_call_id");
        ObjectNode arguments = JsonFields.objectOrRaw(JsonFields.at(event, "tool_call", "arguments"));
        if (arguments.isEmpty() && event.get("action") != null && event.get("action").isObject()) {
            arguments = ((ObjectNode) event.get("action")).deepCopy();
            arguments.remove("kind");
        }
        if ("finish".equals(tool)) {
            finished = true;
        }
        String eventId = RUN + "." + (session.events().size() + 1);
        final ObjectNode args = arguments;
        EffectClass effect = OpenHandsEffects.ofTool(tool, arguments).orElseGet(() -> session.classify(tool, args, eventId, 0).effect());
        ObjectNode data = ToolCallData.payload(callId, tool, arguments, effect);
        String command = JsonFields.scalar(arguments, "command");
        if (("terminal".equals(tool) || "execute_bash".equals(tool)) && command != null) {
            ObjectNode exec = data.putObject(ToolCallData.EXEC);
            exec.putArray(ToolCallData.EXEC_ARGV).add("bash").add("-c").add(command);
            String cwd = JsonFields.scalarAt(base, "workspace", "working_dir");
            if (cwd != null) {
                exec.put(ToolCallData.EXEC_CWD, cwd);
            }
        }
        String risk = JsonFields.scalar(event, "security_risk");
        if (risk != null) {
            data.put("securityRisk", risk);
        }
        NewEvent draft = NewEvent.of(RUN, agent, EventType.TOOL_CALL).at(at).touches(effect.touchedByCall()).data(data);
        Event call = session.append(modelEvent == null ? draft : draft.causes(modelEvent), 0);
        Call recorded = new Call(call.id(), callId, tool);
        if (JsonFields.scalar(event, "id") != null) {
            callsByActionId.put(JsonFields.scalar(event, "id"), recorded);
        }
        if (callId != null) {
            callsByCallId.put(callId, recorded);
        }
        unanswered.add(recorded);
    }

    private String modelCall(String responseId, String text, String reasoning, JsonNode toolCall, Instant at) {
        ObjectNode data = Json.object();
        String model = JsonFields.scalarAt(base, "agent", "llm", "model");
        JsonNode usage = usageByResponse.get(responseId);
        if (usage != null && JsonFields.scalar(usage, "model") != null) {
            model = JsonFields.scalar(usage, "model");
        }
        if (model != null) {
            data.put(ModelCallData.MODEL, model);
        }
        data.putObject(ModelCallData.INPUT).put(ModelCallData.INPUT_SUMMARY, "not recorded per call (the conversation so far)");
        ObjectNode output = data.putObject(ModelCallData.OUTPUT);
        if (reasoning != null) {
            output.put("reasoning", reasoning);
        }
        output.put(ModelCallData.OUTPUT_TEXT, text == null ? "" : text);
        ArrayNode calls = output.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
        if (toolCall != null && toolCall.isObject()) {
            calls.add(ModelCallData.toolCall(JsonFields.scalar(toolCall, "id"), JsonFields.scalar(toolCall, "name"), JsonFields.objectOrRaw(toolCall.get("arguments"))));
        }
        if (usage != null) {
            long in = usage.path("prompt_tokens").asLong(0);
            long out = usage.path("completion_tokens").asLong(0);
            data.set(ModelCallData.USAGE, new UsageData(in, out, usage.path("cache_read_tokens").asLong(0), usage.path("cache_write_tokens").asLong(0)).toPayload());
            inputTokens += in;
            outputTokens += out;
        }
        Double latency = latencyByResponse.get(responseId);
        if (latency != null) {
            data.put(ModelCallData.LATENCY_MS, Math.round(latency * 1000));
        }
        data.put("responseId", responseId);
        Event model1 = session.append(NewEvent.of(RUN, agent, EventType.MODEL_CALL).at(startOf(at, latency)).touches(StateKind.SESSION).data(data), 0);
        modelEventByResponse.put(responseId, model1.id());
        return model1.id();
    }

    /** Responses the stats count that no event of the conversation names: their tokens are in the totals only. */
    private void reportUnattributedUsage() {
        long in = 0;
        long out = 0;
        java.util.List<String> ids = new java.util.ArrayList<>();
        for (var entry : usageByResponse.entrySet()) {
            if (!modelEventByResponse.containsKey(entry.getKey())) {
                ids.add(entry.getKey());
                in += entry.getValue().path("prompt_tokens").asLong(0);
                out += entry.getValue().path("completion_tokens").asLong(0);
            }
        }
        if (!ids.isEmpty()) {
            session.finding(Finding.info(ImportFindings.MODEL_CALLS_UNRECORDED, ids.size() + " response(s) counted in the conversation's stats"
                    + " have no event that names them (" + String.join(", ", ids.stream().limit(3).toList()) + (ids.size() > 3 ? ", ..." : "")
                    + "; " + in + " input and " + out + " output tokens): in session.end's totals, not on a model.call", null, 0));
        }
    }

    /** Later actions of one response are listed on the model call when they arrive: rebuilds are avoided by design. */
    private Call callFor(JsonNode event) {
        Call call = JsonFields.scalar(event, "action_id") == null ? null : callsByActionId.get(JsonFields.scalar(event, "action_id"));
        if (call == null && JsonFields.scalar(event, "tool_call_id") != null) {
            call = callsByCallId.get(JsonFields.scalar(event, "tool_call_id"));
        }
        return call;
    }

    private void observation(JsonNode event, Instant at) {
        Call call = callFor(event);
        if (call == null) {
            unpaired(event, at);
            return;
        }
        approveIfRequested(call, at);
        JsonNode observation = event.path("observation");
        ObjectNode data = Json.object();
        data.put(ToolResultData.CALL_ID, call.callId());
        JsonNode exit = observation.get("exit_code");
        if (exit == null) {
            exit = JsonFields.at(observation, "metadata", "exit_code");
        }
        if (exit != null && exit.canConvertToInt()) {
            data.put(ToolResultData.EXIT_CODE, exit.asInt());
        }
        String text = JsonFields.contentText(observation.get("content"));
        if (text.isEmpty()) {
            text = JsonFields.firstScalar(observation, "output", "text", "message");
            text = text == null ? "" : text;
        }
        data.put(ToolResultData.STDOUT, text);
        if (observation.path("is_error").asBoolean(false) || observation.hasNonNull("error")) {
            data.put(ToolResultData.IS_ERROR, true);
            if (observation.hasNonNull("error")) {
                data.put(ToolResultData.ERROR, observation.get("error").asText());
            }
        }
        unanswered.remove(call);
        session.append(NewEvent.of(RUN, "sandbox", EventType.TOOL_RESULT).at(at).causes(call.eventId()).touches(StateKind.SESSION).data(data), 0);
        if (!data.has(ToolResultData.IS_ERROR)) {
            mutation(call, observation, at);
        }
    }

    /**
     * A file editor observation ({@code path}, {@code prev_exist}, {@code old_content}, {@code new_content}) as a
     * state.mutation caused by the call (see {@link EditorMutations}). Views and observations without file contents
     * change nothing.
     */
    private void mutation(Call call, JsonNode observation, Instant at) {
        String file = JsonFields.scalar(observation, "path");
        if (file == null || "view".equals(JsonFields.scalar(observation, "command"))
                || !(observation.has("old_content") || observation.has("new_content"))) {
            return;
        }
        ObjectNode data = EditorMutations.of(session, root, file, observation, null, call.tool());
        session.append(NewEvent.of(RUN, "sandbox", EventType.STATE_MUTATION).at(at).causes(call.eventId()).touches(StateKind.WORKSPACE)
                .data(data), 0);
    }

    private void approveIfRequested(Call call, Instant at) {
        String request = approvalRequests.remove(call.eventId());
        if (request == null) {
            return;
        }
        ObjectNode data = Json.object();
        data.put(ApprovalDecisionData.SUBJECT, call.eventId());
        data.put(ApprovalDecisionData.VERDICT, "approve");
        data.put(ApprovalDecisionData.OWNER, "human:user");
        data.put(ApprovalDecisionData.RATIONALE, "executed after the confirmation request (OpenHands records no explicit approval event)");
        session.append(NewEvent.of(RUN, "human:user", EventType.APPROVAL_DECISION).at(at).causes(request).touches(StateKind.HARNESS).data(data), 0);
    }

    private void rejection(JsonNode event, Instant at) {
        Call call = callFor(event);
        if (call == null) {
            unpaired(event, at);
            return;
        }
        String source = JsonFields.scalar(event, "rejection_source");
        String owner = "hook".equals(source) ? "harness" : "human:user";
        String request = approvalRequests.remove(call.eventId());
        if (request == null) {
            request = request(call, at, "hook".equals(source) ? "PreToolUse hook" : "confirmation mode");
            approvalRequests.remove(call.eventId());
        }
        ObjectNode decision = Json.object();
        decision.put(ApprovalDecisionData.SUBJECT, call.eventId());
        decision.put(ApprovalDecisionData.VERDICT, "deny");
        decision.put(ApprovalDecisionData.OWNER, owner);
        decision.put(ApprovalDecisionData.RATIONALE, JsonFields.scalar(event, "rejection_reason") == null ? "rejected" : JsonFields.scalar(event, "rejection_reason"));
        session.append(NewEvent.of(RUN, owner, EventType.APPROVAL_DECISION).at(at).causes(request).touches(StateKind.HARNESS).data(decision), 0);
        ObjectNode result = Json.object();
        result.put(ToolResultData.CALL_ID, call.callId());
        result.put(ToolResultData.IS_ERROR, true);
        result.put(ToolResultData.ERROR, "rejected: " + decision.get(ApprovalDecisionData.RATIONALE).asText());
        unanswered.remove(call);
        session.append(NewEvent.of(RUN, "harness", EventType.TOOL_RESULT).at(at).causes(call.eventId()).touches(StateKind.SESSION).data(result), 0);
    }

    private String request(Call call, Instant at, String reason) {
        ObjectNode data = Json.object();
        data.put(ApprovalRequestData.SUBJECT, call.eventId());
        data.put(ApprovalRequestData.REASON, reason + ": " + call.tool());
        data.put(ApprovalRequestData.OWNER, "human:user");
        Event request = session.append(NewEvent.of(RUN, "harness", EventType.APPROVAL_REQUEST).at(at).causes(call.eventId())
                .touches(StateKind.HARNESS).data(data), 0);
        approvalRequests.put(call.eventId(), request.id());
        return request.id();
    }

    private void agentError(JsonNode event, Instant at) {
        Call call = callFor(event);
        String message = JsonFields.scalar(event, "error") == null ? "agent error" : JsonFields.scalar(event, "error");
        if (call != null) {
            ObjectNode result = Json.object();
            result.put(ToolResultData.CALL_ID, call.callId());
            result.put(ToolResultData.IS_ERROR, true);
            result.put(ToolResultData.ERROR, message);
            unanswered.remove(call);
            session.append(NewEvent.of(RUN, "harness", EventType.TOOL_RESULT).at(at).causes(call.eventId()).touches(StateKind.SESSION).data(result), 0);
        }
        error(event, at, message, "agent");
    }

    private void error(JsonNode event, Instant at, String message, String kind) {
        ObjectNode data = Json.object();
        data.put(ErrorData.MESSAGE, message == null ? "error" : message);
        if (kind != null) {
            data.put(ErrorData.KIND, kind);
        }
        session.append(NewEvent.of(RUN, actorOf(event), EventType.ERROR).at(at).touches(StateKind.SESSION).data(data), 0);
    }

    private void stateUpdate(JsonNode event, Instant at) {
        String key = JsonFields.scalar(event, "key");
        JsonNode value = event.get("value");
        if ("execution_status".equals(key) && value != null && "waiting_for_confirmation".equals(value.asText())) {
            for (Call call : unanswered) {
                if (!approvalRequests.containsKey(call.eventId())) {
                    request(call, at, "confirmation policy " + JsonFields.scalarAt(base, "confirmation_policy", "kind"));
                }
            }
            return;
        }
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, "state update: " + key + ("full_state".equals(key) || value == null ? "" : " = " + (value.isValueNode() ? value.asText() : value.toString())));
        data.put("key", key);
        session.append(NewEvent.of(RUN, "harness", EventType.NOTE).at(at).touches(StateKind.HARNESS).data(data), 0);
    }

    private void note(JsonNode event, Instant at, String label, String text) {
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, label + (text == null || text.isBlank() ? "" : ": " + text));
        session.append(NewEvent.of(RUN, actorOf(event), EventType.NOTE).at(at).touches(StateKind.SESSION).data(data), 0);
    }

    private void unpaired(JsonNode event, Instant at) {
        session.finding(Finding.warning(ImportFindings.UNPAIRED_RESULT, JsonFields.scalar(event, "kind") + " " + JsonFields.scalar(event, "id")
                + " answers no recorded action: kept as a note", null, 0));
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, "unpaired " + JsonFields.scalar(event, "kind"));
        data.set("raw", event);
        session.append(NewEvent.of(RUN, "sandbox", EventType.NOTE).at(at).touches(StateKind.SESSION).data(data), 0);
    }

    private void unknown(JsonNode event, String kind, Path file, Instant at) {
        session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, file.getFileName() + ": event kind '" + kind
                + "' is not known to Forkline: kept with its raw record", null, 0));
        ObjectNode data = Json.object();
        data.set("raw", event);
        session.append(NewEvent.ofRawType(RUN, actorOf(event), "openhands." + (kind.isEmpty() ? "unknown" : kind)).at(at)
                .touches(StateKind.SESSION).data(data), 0);
    }

    private void end(Event start) {
        for (Call call : unanswered) {
            session.finding(Finding.warning(ImportFindings.UNPAIRED_CALL, "tool call " + call.callId() + " (" + call.tool() + ") has no recorded result", call.eventId(), 0));
        }
        String status = JsonFields.scalar(base, "execution_status");
        ObjectNode data = Json.object();
        String outcome = switch (status == null ? "" : status) {
            case "finished" -> "success";
            case "error", "stuck" -> "failure";
            case "paused", "deleting" -> "aborted";
            default -> finished ? "success" : "unknown";
        };
        data.put(SessionEndData.OUTCOME, outcome);
        data.put(SessionEndData.SUMMARY, "execution status: " + status);
        Map<String, Long> totals = new LinkedHashMap<>();
        BigDecimal cost = BigDecimal.ZERO;
        boolean costSeen = false;
        JsonNode metrics = JsonFields.at(base, "stats", "usage_to_metrics");
        if (metrics != null) {
            for (JsonNode metric : metrics) {
                JsonNode accumulated = metric.get("accumulated_token_usage");
                if (accumulated != null) {
                    totals.merge(UsageData.INPUT_TOKENS, accumulated.path("prompt_tokens").asLong(0), Long::sum);
                    totals.merge(UsageData.OUTPUT_TOKENS, accumulated.path("completion_tokens").asLong(0), Long::sum);
                    totals.merge(UsageData.CACHE_READ_TOKENS, accumulated.path("cache_read_tokens").asLong(0), Long::sum);
                    totals.merge(UsageData.CACHE_WRITE_TOKENS, accumulated.path("cache_write_tokens").asLong(0), Long::sum);
                }
                if (metric.has("accumulated_cost")) {
                    cost = cost.add(metric.get("accumulated_cost").decimalValue());
                    costSeen = true;
                }
            }
        }
        if (totals.isEmpty()) {
            totals.put(UsageData.INPUT_TOKENS, inputTokens);
            totals.put(UsageData.OUTPUT_TOKENS, outputTokens);
        }
        reportUnattributedUsage();
        ObjectNode usage = data.putObject(SessionEndData.USAGE);
        totals.forEach(usage::put);
        if (costSeen) {
            data.put(SessionEndData.COST_USD, cost);
        }
        session.append(NewEvent.of(RUN, "harness", EventType.SESSION_END).at(last.plusNanos(1000)).causes(start.id())
                .touches(StateKind.SESSION).data(data), 0);
    }

    /**
     * A model call's {@code ts} is its start (docs/trace-format.md): OpenHands stamps the action when the answer came, so
     * the call started its latency earlier, but not before the record that preceded it.
     */
    private Instant startOf(Instant answered, Double latencySeconds) {
        if (latencySeconds == null || latencySeconds <= 0) {
            return answered;
        }
        Instant started = answered.minusNanos(Math.round(latencySeconds * 1e9));
        return previousRecord != null && started.isBefore(previousRecord) ? previousRecord : started;
    }
}
