package dev.forkline.importers.openhands;

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
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.payload.AgentHandoffData;
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
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An OpenHands V0 event stream: a JSON list of actions and observations ({@code id}, {@code timestamp}, {@code source},
 * {@code cause} linking an observation to its action, {@code tool_call_metadata} with the model response). Read in two
 * streaming passes: the first learns what session.start needs (model, user, working directory), the second emits.
 */
final class V0EventStream {

    private static final Set<String> TOOL_ACTIONS = Set.of("run", "run_ipython", "edit", "write", "read", "browse",
            "browse_interactive", "mcp", "call_tool_mcp");
    private static final Set<String> NOTE_ACTIONS = Set.of("think", "recall", "change_agent_state", "condensation",
            "condensation_request", "system", "null", "pause", "resume", "task_tracking");
    private static final Set<String> NOTE_OBSERVATIONS = Set.of("think", "recall", "success", "condense", "task_tracking",
            "mcp_list_tools", "download");
    private static final Set<String> ARGUMENT_NOISE = Set.of("thought", "hidden", "blocking", "is_input", "confirmation_state",
            "security_risk", "impl_source", "translated_ipython_code", "is_confirmed");

    private record Call(String eventId, String callId, String tool, String action, JsonNode args) {
    }

    /** Hands the stream's records, each with its line, to a handler: a JSON list in a file, or a history inside a line. */
    @FunctionalInterface
    interface Records {
        void each(EventList.Handler handler) throws IOException, TraceFormatException;
    }

    private final ImportSession session;
    private final String run;
    private final String source;
    private final Records records;
    private final EvalInstance instance;
    private final V0Tally tally;
    private final Map<Long, Call> callsByRecordId = new HashMap<>();
    private final Map<String, Call> callsByCallId = new HashMap<>();
    private final Deque<String> agents = new ArrayDeque<>();
    private final List<Call> awaitingConfirmation = new ArrayList<>();
    private final Map<String, String> approvalRequests = new HashMap<>();
    private final Set<String> decided = new java.util.HashSet<>();
    private Instant last;
    /** The time of the record before the current one: a model call stamped at its start never goes before it. */
    private Instant previousRecord;
    /** The line of the stream's first record: where session.start comes from. */
    private long firstLine;
    private String lastResponseId;
    private String lastModelEvent;
    private String model;
    private String cwd;
    private String user;
    private String host;
    private String lastAgentState;
    private JsonNode finish;
    private boolean rejected;
    /** The token usage of the run's model calls, summed. */
    private EvalInstance.Usage calledUsage = EvalInstance.Usage.ZERO;
    private boolean usageSeen;
    /** The model responses the history holds (by id), to find the metrics' responses it does not. */
    private final Set<String> respondedIds = new java.util.HashSet<>();
    private BigDecimal accumulatedCost;
    private long toolActions;
    /** What a workspace-context recall says about the repository (extras repo_name, repo_branch, repo_directory, working_dir). */
    private String repoName;
    private String repoBranch;
    private String repoDirectory;
    private String workspaceDir;
    private boolean underDefaultRoot;
    private final StartCheckpoint checkpoint;
    private WorkspaceRoot root;

    /**
     * @param run        the run the stream's events go to
     * @param source     the file the stream came from, for session.start's {@code imported.source}
     * @param instance   what an evaluation output line adds to its history, or {@link EvalInstance#NONE}
     * @param checkpoint the import's start checkpoints (one per run that runs a tool)
     * @param tally      the import's counts of gaps every run may have, reported once by the caller
     */
    V0EventStream(ImportSession session, String run, String source, Records records, EvalInstance instance, StartCheckpoint checkpoint,
            V0Tally tally) {
        this.session = session;
        this.run = run;
        this.source = source;
        this.records = records;
        this.instance = instance;
        this.checkpoint = checkpoint;
        this.tally = tally;
        agents.push("agent:openhands");
    }

    /** Hears when a run starts, before its session.start is appended: a trace stored while it is read starts there. */
    @FunctionalInterface
    interface Starting {
        Starting NONE = start -> {
        };

        void at(Instant start) throws IOException;
    }

    /** Emits the run; the import's own findings (checkpoint, tally) are reported by the caller. */
    void read() throws IOException, TraceFormatException {
        read(Starting.NONE);
    }

    /** As {@link #read()}, telling {@code starting} the run's start before its first event. */
    void read(Starting starting) throws IOException, TraceFormatException {
        records.each((record, line) -> {
            firstLine = firstLine == 0 ? line : firstLine;
            survey(record);
        });
        if (last == null) {
            last = Instant.EPOCH;
            tally.untimedRun(run);
        }
        starting.at(last);
        Event start = start();
        String recordedRoot = instance.uploadedDir() != null ? instance.uploadedDir()
                : workspaceDir != null ? workspaceDir : underDefaultRoot ? StartCheckpoint.DEFAULT_ROOT : null;
        if (toolActions > 0) {
            checkpoint.append(start, recordedRoot, new StartingTree(OpenHandsImporter.FORMAT)
                    .repository(repoName != null && !repoName.isBlank() ? repoName : instance.repository()).commit(instance.commit())
                    .branch(repoBranch).cwd(repoDirectory != null ? repoDirectory : workspaceDir != null ? workspaceDir : cwd), 0);
        }
        root = new WorkspaceRoot(StartCheckpoint.rootOr(recordedRoot));
        records.each(this::record);
        end(start);
        root.report(session);
    }

    private void survey(JsonNode record) {
        if (TOOL_ACTIONS.contains(String.valueOf(JsonFields.scalar(record, "action")))) {
            toolActions++;
        }
        if ("recall".equals(JsonFields.scalar(record, "observation"))) {
            JsonNode extras = record.get("extras");
            repoName = firstNonNull(repoName, JsonFields.firstScalar(extras, "repo_name"));
            repoBranch = firstNonNull(repoBranch, JsonFields.firstScalar(extras, "repo_branch"));
            repoDirectory = firstNonNull(repoDirectory, JsonFields.firstScalar(extras, "repo_directory"));
            workspaceDir = firstNonNull(workspaceDir, JsonFields.firstScalar(extras, "working_dir"));
        }
        String commandDir = JsonFields.scalarAt(record, "extras", "metadata", "working_dir");
        if (commandDir != null && (commandDir.equals(StartCheckpoint.DEFAULT_ROOT) || commandDir.startsWith(StartCheckpoint.DEFAULT_ROOT + "/"))) {
            // OpenHands mounts the workspace at /workspace unless configured otherwise; a command that ran there confirms it
            underDefaultRoot = true;
        }
        if (model == null) {
            model = JsonFields.scalarAt(record, "tool_call_metadata", "model_response", "model");
        }
        JsonNode metadata = JsonFields.at(record, "extras", "metadata");
        if (cwd == null) {
            cwd = JsonFields.scalar(metadata, "working_dir");
        }
        if (user == null) {
            user = JsonFields.scalar(metadata, "username");
        }
        if (host == null) {
            host = JsonFields.scalar(metadata, "hostname");
        }
        if (last == null) {
            Stamps.Stamp stamp = Stamps.parse(JsonFields.scalar(record, "timestamp"));
            if (stamp != null) {
                last = stamp.instant().minusNanos(1000);
            }
        }
    }

    private Event start() {
        ObjectNode data = Json.object();
        if (instance.instanceId() != null) {
            data.put(SessionStartData.TITLE, instance.instanceId());
        }
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS).put(SessionStartData.HARNESS_NAME, "openhands");
        Payloads.putIfPresent(harness, "agent", instance.agentClass());
        Payloads.putIfPresent(harness, "commit", instance.openHandsCommit());
        if (cwd != null) {
            environment.put(SessionStartData.ENVIRONMENT_CWD, cwd);
        }
        if (user != null) {
            environment.put(SessionStartData.ENVIRONMENT_USER, user);
        }
        if (instance.repository() != null || instance.commit() != null) {
            ObjectNode git = environment.putObject(SessionStartData.ENVIRONMENT_GIT);
            Payloads.putIfPresent(git, SessionStartData.GIT_REPOSITORY, instance.repository());
            Payloads.putIfPresent(git, SessionStartData.GIT_COMMIT, instance.commit());
        }
        tally.environment(instance.commit() != null);
        String named = model != null ? model : instance.model();
        if (named != null) {
            ObjectNode modelData = data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, named);
            if (model != null && instance.model() != null && !instance.model().equals(model)) {
                modelData.put("configured", instance.model());
            }
        } else {
            tally.modelUnknown(run);
        }
        ObjectNode imported = Payloads.putImported(data, OpenHandsImporter.FORMAT, source);
        imported.put("version", "V0");
        if (instance.isEval()) {
            imported.put("shape", "evaluation-output");
            Payloads.putIfPresent(imported, "instanceId", instance.instanceId());
        }
        if (host != null) {
            imported.put("hostname", host);
        }
        return session.append(NewEvent.of(run, "harness", EventType.SESSION_START).at(last).touches(StateKind.SESSION).data(data), instance.isEval() ? firstLine : 0);
    }

    private Instant timeOf(JsonNode record) {
        Stamps.Stamp stamp = Stamps.parse(JsonFields.scalar(record, "timestamp"));
        if (stamp == null) {
            tally.untimed();
            last = last.plusNanos(1000);
        } else {
            if (stamp.zoneless()) {
                tally.zoneless();
            }
            last = stamp.instant();
        }
        return last;
    }

    private Event append(NewEvent draft, long line) {
        return session.append(draft, line);
    }

    private String actorOf(JsonNode record) {
        return switch (JsonFields.scalar(record, "source") == null ? "" : JsonFields.scalar(record, "source")) {
            case "user" -> "human:user";
            case "environment" -> "harness";
            default -> agents.peek();
        };
    }

    private void record(JsonNode record, long line) {
        if (!record.isObject()) {
            session.finding(Finding.warning(ImportFindings.MALFORMED_RECORD, "list element is not an object: skipped", null, line));
            return;
        }
        previousRecord = last;
        Instant at = timeOf(record);
        accumulateCost(record);
        String action = JsonFields.scalar(record, "action");
        String observation = JsonFields.scalar(record, "observation");
        if (action != null) {
            action(record, action, at, line);
        } else if (observation != null) {
            observation(record, observation, at, line);
        } else {
            unknown(record, "record", "record without action or observation", at, line);
        }
    }

    private void accumulateCost(JsonNode record) {
        JsonNode cost = JsonFields.at(record, "llm_metrics", "accumulated_cost");
        if (cost != null && cost.isNumber()) {
            accumulatedCost = cost.decimalValue();
        }
    }

    private void action(JsonNode record, String action, Instant at, long line) {
        JsonNode args = record.path("args");
        String actor = actorOf(record);
        String modelEvent = modelCall(record, actor, at, line);
        boolean proposedByModel = JsonFields.scalarAt(record, "tool_call_metadata", "tool_call_id") != null;
        if (TOOL_ACTIONS.contains(action) || "think".equals(action) && proposedByModel) {
            // a think the model called as a tool is a call like any other; its observation is the result
            toolCall(record, action, args, actor, modelEvent, at, line);
            return;
        }
        switch (action) {
            case "message" -> {
                ObjectNode data = Json.object();
                boolean fromUser = "human:user".equals(actor);
                data.put(AgentMessageData.FROM, actor);
                data.put(AgentMessageData.TO, fromUser ? agents.peek() : "human:user");
                data.put(AgentMessageData.TEXT, JsonFields.scalar(args, "content") == null ? "" : JsonFields.scalar(args, "content"));
                append(withCause(NewEvent.of(run, actor, EventType.AGENT_MESSAGE).at(at).touches(StateKind.SESSION).data(data), modelEvent), line);
            }
            case "delegate" -> {
                String delegate = "agent:" + (JsonFields.scalar(args, "agent") == null ? "delegate" : JsonFields.scalar(args, "agent"));
                ObjectNode data = Json.object();
                data.put(AgentHandoffData.FROM, actor);
                data.put(AgentHandoffData.TO, delegate);
                String task = JsonFields.scalarAt(args, "inputs", "task");
                data.put(AgentHandoffData.REASON, task != null ? task : JsonFields.scalar(args, "thought") == null ? "" : JsonFields.scalar(args, "thought"));
                append(withCause(NewEvent.of(run, actor, EventType.AGENT_HANDOFF).at(at).touches(StateKind.SESSION).data(data), modelEvent), line);
                agents.push(delegate);
            }
            case "finish" -> {
                if (agents.size() == 1) {
                    finish = args;
                }
                ObjectNode data = Json.object();
                String thought = JsonFields.scalar(args, "final_thought");
                data.put(NoteData.TEXT, "finished" + (thought != null && !thought.isBlank() ? ": " + thought : ""));
                if (args.has("task_completed")) {
                    data.put("taskCompleted", JsonFields.scalar(args, "task_completed"));
                }
                if (proposedByModel) {
                    // the model called finish as a tool: the note answers that call, which has no observation
                    data.put(ToolCallData.CALL_ID, JsonFields.scalarAt(record, "tool_call_metadata", "tool_call_id"));
                    data.put(ToolCallData.TOOL, JsonFields.scalarAt(record, "tool_call_metadata", "function_name"));
                }
                append(withCause(NewEvent.of(run, actor, EventType.NOTE).at(at).touches(StateKind.SESSION).data(data), modelEvent), line);
            }
            case "reject" -> {
                rejected = agents.size() == 1;
                ObjectNode data = Json.object();
                data.put(NoteData.TEXT, "agent rejected the task" + (JsonFields.scalar(args, "reason") != null ? ": " + JsonFields.scalar(args, "reason") : ""));
                append(withCause(NewEvent.of(run, actor, EventType.NOTE).at(at).touches(StateKind.SESSION).data(data), modelEvent), line);
            }
            default -> {
                if (NOTE_ACTIONS.contains(action)) {
                    ObjectNode data = Json.object();
                    String text = JsonFields.firstScalar(args, "thought", "content", "query", "agent_state");
                    data.put(NoteData.TEXT, action + (text != null && !text.isBlank() ? ": " + text : ""));
                    data.put("action", action);
                    StateKind kind = "change_agent_state".equals(action) ? StateKind.HARNESS : StateKind.SESSION;
                    append(withCause(NewEvent.of(run, actor, EventType.NOTE).at(at).touches(kind).data(data), modelEvent), line);
                } else {
                    unknown(record, "action." + action, "action '" + action + "'", at, line);
                }
            }
        }
    }

    private static NewEvent withCause(NewEvent draft, String cause) {
        return cause == null ? draft : draft.causes(cause);
    }

    /** Emits the model call behind an agent action once per model response; returns its event id (or null). */
    private String modelCall(JsonNode record, String actor, Instant at, long line) {
        JsonNode metadata = record.get("tool_call_metadata");
        JsonNode response = JsonFields.at(metadata, "model_response");
        if (response == null) {
            return null;
        }
        String responseId = JsonFields.scalar(response, "id");
        if (responseId != null && responseId.equals(lastResponseId)) {
            return lastModelEvent;
        }
        lastResponseId = responseId;
        ObjectNode data = Json.object();
        if (JsonFields.scalar(response, "model") != null) {
            data.put(ModelCallData.MODEL, JsonFields.scalar(response, "model"));
        }
        data.putObject(ModelCallData.INPUT).put(ModelCallData.INPUT_SUMMARY, "not recorded in the event stream (the model saw the conversation so far)");
        JsonNode message = JsonFields.at(response, "choices");
        message = message != null && message.isArray() && !message.isEmpty() ? message.get(0).get("message") : null;
        ObjectNode output = data.putObject(ModelCallData.OUTPUT);
        output.put(ModelCallData.OUTPUT_TEXT, JsonFields.contentText(JsonFields.at(message, "content")));
        ArrayNode calls = output.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
        JsonNode toolCalls = JsonFields.at(message, "tool_calls");
        if (toolCalls != null && toolCalls.isArray()) {
            for (JsonNode call : toolCalls) {
                calls.add(ModelCallData.toolCall(JsonFields.scalar(call, "id"), JsonFields.scalarAt(call, "function", "name"), JsonFields.objectOrRaw(JsonFields.at(call, "function", "arguments"))));
            }
        }
        EvalInstance.Usage usage = instance.usageOf(responseId);
        JsonNode reported = JsonFields.at(response, "usage");
        if (usage == null && reported != null) {
            long read = reported.has("cache_read_input_tokens") ? reported.path("cache_read_input_tokens").asLong(0)
                    : reported.path("prompt_tokens_details").path("cached_tokens").asLong(0);
            usage = new EvalInstance.Usage(reported.path("prompt_tokens").asLong(0), reported.path("completion_tokens").asLong(0), read,
                    reported.path("cache_creation_input_tokens").asLong(0));
        }
        if (usage != null) {
            data.set(ModelCallData.USAGE, new UsageData(usage.input(), usage.output(), usage.cacheRead(), usage.cacheWrite()).toPayload());
            calledUsage = calledUsage.plus(usage);
            usageSeen = true;
        }
        BigDecimal cost = instance.costOf(responseId);
        if (cost != null) {
            data.put(ModelCallData.COST_USD, cost);
        }
        Double latency = instance.latencyOf(responseId);
        if (latency != null) {
            data.put(ModelCallData.LATENCY_MS, Math.round(latency * 1000));
        }
        if (responseId != null) {
            data.put("responseId", responseId);
            respondedIds.add(responseId);
        }
        Event event = append(NewEvent.of(run, actor, EventType.MODEL_CALL).at(startOf(at, latency)).touches(StateKind.SESSION).data(data), line);
        lastModelEvent = event.id();
        return lastModelEvent;
    }

    private void toolCall(JsonNode record, String action, JsonNode args, String actor, String modelEvent, Instant at, long line) {
        JsonNode metadata = record.get("tool_call_metadata");
        String callId = JsonFields.scalar(metadata, "tool_call_id");
        if (callId == null) {
            callId = "oh-" + record.path("id").asText();
        }
        String tool = JsonFields.scalar(metadata, "function_name");
        if (tool == null) {
            tool = "mcp".equals(action) || "call_tool_mcp".equals(action) ? JsonFields.scalar(args, "name") : action;
        }
        ObjectNode arguments = modelArguments(metadata, callId);
        if (arguments == null) {
            arguments = Json.object();
            for (Map.Entry<String, JsonNode> field : args.properties()) {
                if (!ARGUMENT_NOISE.contains(field.getKey())) {
                    arguments.set(field.getKey(), field.getValue());
                }
            }
        }
        String eventId = run + "." + (session.events().size() + 1);
        String toolName = tool;
        JsonNode classified = "mcp".equals(action) ? args.path("arguments") : arguments;
        EffectClass effect = OpenHandsEffects.ofAction(action, args)
                .orElseGet(() -> session.classify(toolName, classified, eventId, line).effect());
        ObjectNode data = ToolCallData.payload(callId, tool, arguments, effect);
        if ("run".equals(action) && JsonFields.scalar(args, "command") != null) {
            ObjectNode exec = data.putObject(ToolCallData.EXEC);
            exec.putArray(ToolCallData.EXEC_ARGV).add("bash").add("-c").add(JsonFields.scalar(args, "command"));
            if (cwd != null) {
                exec.put(ToolCallData.EXEC_CWD, cwd);
            }
        }
        JsonNode risk = args.get("security_risk");
        if (risk != null && !risk.isNull()) {
            data.put("securityRisk", risk.asText());
        }
        String confirmation = JsonFields.scalar(args, "confirmation_state");
        if (confirmation != null) {
            data.put("confirmation", confirmation);
        }
        Event event = append(withCause(NewEvent.of(run, actor, EventType.TOOL_CALL).at(at).touches(effect.touchedByCall()).data(data), modelEvent), line);
        Call call = new Call(event.id(), callId, tool, action, args);
        callsByRecordId.put(record.path("id").asLong(-1), call);
        callsByCallId.put(callId, call);
        if ("awaiting_confirmation".equals(confirmation)) {
            awaitingConfirmation.add(call);
        } else if ("rejected".equals(confirmation)) {
            requestApproval(call, risk, at, line);
            decide(call, "deny", "human:user", "rejected in confirmation mode", at, line);
        }
    }

    /** The arguments the model sent for this call, when the model response is attached. */
    private static ObjectNode modelArguments(JsonNode metadata, String callId) {
        JsonNode choices = JsonFields.at(metadata, "model_response", "choices");
        if (choices == null || !choices.isArray()) {
            return null;
        }
        for (JsonNode choice : choices) {
            JsonNode calls = JsonFields.at(choice, "message", "tool_calls");
            if (calls != null && calls.isArray()) {
                for (JsonNode call : calls) {
                    if (callId.equals(JsonFields.scalar(call, "id"))) {
                        return JsonFields.objectOrRaw(JsonFields.at(call, "function", "arguments"));
                    }
                }
            }
        }
        return null;
    }

    private void requestApproval(Call call, JsonNode risk, Instant at, long line) {
        if (approvalRequests.containsKey(call.eventId())) {
            return;
        }
        ObjectNode data = Json.object();
        data.put(ApprovalRequestData.SUBJECT, call.eventId());
        data.put(ApprovalRequestData.REASON, "confirmation mode: " + call.tool() + (risk != null && !risk.isNull() ? " (security risk " + risk.asText() + ")" : ""));
        data.put(ApprovalRequestData.OWNER, "human:user");
        Event request = append(NewEvent.of(run, "harness", EventType.APPROVAL_REQUEST).at(at).causes(call.eventId())
                .touches(StateKind.HARNESS).data(data), line);
        approvalRequests.put(call.eventId(), request.id());
    }

    /** Records a decision once per call: V0 reports a rejection both as a state change and as an observation. */
    private void decide(Call call, String verdict, String owner, String rationale, Instant at, long line) {
        if (!decided.add(call.eventId())) {
            return;
        }
        ObjectNode data = Json.object();
        data.put(ApprovalDecisionData.SUBJECT, call.eventId());
        data.put(ApprovalDecisionData.VERDICT, verdict);
        data.put(ApprovalDecisionData.OWNER, owner);
        data.put(ApprovalDecisionData.RATIONALE, rationale);
        NewEvent draft = NewEvent.of(run, owner, EventType.APPROVAL_DECISION).at(at).touches(StateKind.HARNESS).data(data);
        String request = approvalRequests.get(call.eventId());
        append(draft.causes(request != null ? request : call.eventId()), line);
    }

    private void observation(JsonNode record, String observation, Instant at, long line) {
        Call call = callOf(record);
        JsonNode extras = record.path("extras");
        String content = JsonFields.scalar(record, "content") == null ? "" : JsonFields.scalar(record, "content");
        switch (observation) {
            case "null" -> tally.emptyObservation();
            case "agent_state_changed" -> agentState(record, JsonFields.scalar(extras, "agent_state"), at, line);
            case "user_rejected" -> {
                if (call != null) {
                    if (!approvalRequests.containsKey(call.eventId())) {
                        requestApproval(call, call.args().get("security_risk"), at, line);
                    }
                    decide(call, "deny", "human:user", content.isBlank() ? "rejected by the user" : content, at, line);
                    result(call, record, content, null, true, at, line);
                } else {
                    unpaired(record, observation, at, line);
                }
            }
            case "error" -> {
                ObjectNode error = Json.object();
                error.put(ErrorData.MESSAGE, content);
                error.put(ErrorData.KIND, JsonFields.scalar(extras, "error_id") != null ? JsonFields.scalar(extras, "error_id") : "observation");
                if (call != null) {
                    result(call, record, content, null, true, at, line);
                    append(NewEvent.of(run, "sandbox", EventType.ERROR).at(at).causes(call.eventId()).touches(StateKind.SESSION).data(error), line);
                } else {
                    append(NewEvent.of(run, actorOf(record), EventType.ERROR).at(at).touches(StateKind.SESSION).data(error), line);
                }
            }
            case "delegate" -> {
                String delegate = agents.size() > 1 ? agents.pop() : "agent:delegate";
                ObjectNode data = Json.object();
                data.put(AgentHandoffData.FROM, delegate);
                data.put(AgentHandoffData.TO, agents.peek());
                data.put(AgentHandoffData.REASON, "delegate finished" + (content.isBlank() ? "" : ": " + content));
                NewEvent draft = NewEvent.of(run, delegate, EventType.AGENT_HANDOFF).at(at).touches(StateKind.SESSION).data(data);
                append(call != null ? draft.causes(call.eventId()) : draft, line);
            }
            default -> {
                if (call != null && (!NOTE_OBSERVATIONS.contains(observation) || observation.equals(call.action()))) {
                    Integer exit = null;
                    JsonNode code = JsonFields.at(extras, "metadata", "exit_code");
                    if (code == null) {
                        code = extras.get("exit_code");
                    }
                    if (code != null && code.canConvertToInt()) {
                        exit = code.asInt();
                    }
                    boolean editRefused = "edit".equals(observation) && content.startsWith("ERROR:");
                    boolean failed = extras.path("error").asBoolean(false) || editRefused
                            || record.path("success").isBoolean() && !record.get("success").asBoolean() && exit == null;
                    result(call, record, content, exit, failed, at, line);
                    if (("edit".equals(observation) || "write".equals(observation)) && !editRefused) {
                        mutation(call, extras, at, line);
                    }
                } else if (NOTE_OBSERVATIONS.contains(observation)) {
                    ObjectNode data = Json.object();
                    data.put(NoteData.TEXT, observation + (content.isBlank() ? "" : ": " + content));
                    append(NewEvent.of(run, actorOf(record), EventType.NOTE).at(at).touches(StateKind.SESSION).data(data), line);
                } else if (Set.of("run", "run_ipython", "edit", "write", "read", "browse", "mcp").contains(observation)) {
                    unpaired(record, observation, at, line);
                } else {
                    unknown(record, "observation." + observation, "observation '" + observation + "'", at, line);
                }
            }
        }
    }

    private Call callOf(JsonNode record) {
        JsonNode cause = record.get("cause");
        if (cause != null && cause.canConvertToLong() && callsByRecordId.containsKey(cause.asLong())) {
            return callsByRecordId.get(cause.asLong());
        }
        String callId = JsonFields.scalarAt(record, "tool_call_metadata", "tool_call_id");
        return callId == null ? null : callsByCallId.get(callId);
    }

    private void result(Call call, JsonNode record, String content, Integer exit, boolean failed, Instant at, long line) {
        ObjectNode data = Json.object();
        data.put(ToolResultData.CALL_ID, call.callId());
        if (exit != null) {
            data.put(ToolResultData.EXIT_CODE, exit);
        }
        data.put(ToolResultData.STDOUT, content);
        if (failed) {
            data.put(ToolResultData.IS_ERROR, true);
        }
        String suffix = JsonFields.scalarAt(record, "extras", "metadata", "suffix");
        if (suffix != null && !suffix.isBlank()) {
            data.put("note", suffix.strip());
        }
        append(NewEvent.of(run, "sandbox", EventType.TOOL_RESULT).at(at).causes(call.eventId()).touches(StateKind.SESSION).data(data), line);
    }

    /**
     * An editor observation: the one workspace change the stream records (see {@link EditorMutations}); a {@code write}
     * action's content is the whole file when it replaces all lines.
     */
    private void mutation(Call call, JsonNode extras, Instant at, long line) {
        String file = JsonFields.scalar(extras, "path") != null ? JsonFields.scalar(extras, "path") : JsonFields.scalar(call.args(), "path");
        if (file == null) {
            return;
        }
        String command = "edit".equals(call.action()) ? JsonFields.scalar(call.args(), "command") : null;
        ObjectNode data;
        if (EditorMutations.ACI_PARTIAL_COMMANDS.contains(String.valueOf(command))) {
            data = EditorMutations.ofAciCommand(root, file, command, call.args(), extras, call.tool());
        } else {
            String whole = "write".equals(call.action()) && replacesWholeFile(call.args()) ? JsonFields.scalar(call.args(), "content") : null;
            data = EditorMutations.of(session, root, file, extras, whole, call.tool());
        }
        append(NewEvent.of(run, "sandbox", EventType.STATE_MUTATION).at(at).causes(call.eventId()).touches(StateKind.WORKSPACE).data(data), line);
    }

    /** A write action with its default range (start 0, end -1) replaces the whole file with its content. */
    private static boolean replacesWholeFile(JsonNode args) {
        return JsonFields.scalar(args, "content") != null && args.path("start").asInt(0) == 0 && args.path("end").asInt(-1) == -1;
    }

    private static String firstNonNull(String current, String candidate) {
        return current != null ? current : candidate;
    }

    private void agentState(JsonNode record, String state, Instant at, long line) {
        String value = state == null ? "unknown" : state;
        lastAgentState = value;
        switch (value) {
            case "awaiting_user_confirmation" -> {
                for (Call call : awaitingConfirmation) {
                    requestApproval(call, call.args().get("security_risk"), at, line);
                }
                return;
            }
            case "user_confirmed", "user_rejected" -> {
                boolean approve = value.equals("user_confirmed");
                for (Call call : awaitingConfirmation) {
                    requestApproval(call, call.args().get("security_risk"), at, line);
                    decide(call, approve ? "approve" : "deny", "human:user", approve ? "confirmed by the user" : "rejected by the user", at, line);
                }
                awaitingConfirmation.clear();
                return;
            }
            case "error" -> {
                ObjectNode error = Json.object();
                String reason = JsonFields.scalarAt(record, "extras", "reason");
                error.put(ErrorData.MESSAGE, reason != null && !reason.isBlank() ? reason : "agent entered the error state");
                error.put(ErrorData.KIND, "agent_state");
                append(NewEvent.of(run, "harness", EventType.ERROR).at(at).touches(StateKind.HARNESS).data(error), line);
                return;
            }
            default -> {
                ObjectNode data = Json.object();
                data.put(NoteData.TEXT, "agent state: " + value);
                data.put("agentState", value);
                append(NewEvent.of(run, "harness", EventType.NOTE).at(at).touches(StateKind.HARNESS).data(data), line);
            }
        }
    }

    private void unpaired(JsonNode record, String observation, Instant at, long line) {
        session.finding(Finding.warning(ImportFindings.UNPAIRED_RESULT, "'" + observation + "' observation " + record.path("id").asText()
                + " answers no recorded action: kept as a note", null, line));
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, "unpaired '" + observation + "' observation");
        data.set("raw", record);
        append(NewEvent.of(run, "sandbox", EventType.NOTE).at(at).touches(StateKind.SESSION).data(data), line);
    }

    private void unknown(JsonNode record, String type, String what, Instant at, long line) {
        session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, what + " is not known to Forkline: kept with its raw record", null, line));
        ObjectNode data = Json.object();
        data.set("raw", record);
        append(NewEvent.ofRawType(run, actorOf(record), "openhands." + type).at(at).touches(StateKind.SESSION).data(data), line);
    }

    private void end(Event start) {
        if (instance.patch() != null && !instance.patch().isBlank()) {
            finalPatch();
        }
        ObjectNode data = Json.object();
        String outcome;
        String summary;
        if (instance.error() != null && !instance.error().isBlank()) {
            outcome = "failure";
            summary = "error: " + instance.error();
        } else if (rejected) {
            outcome = "failure";
            summary = "the agent rejected the task";
        } else if (finish != null) {
            String completed = JsonFields.scalar(finish, "task_completed");
            outcome = completed == null || completed.equalsIgnoreCase("true") ? "success"
                    : completed.equalsIgnoreCase("false") ? "failure" : "unknown";
            summary = "finished" + (completed != null ? " (task_completed: " + completed + ")" : "");
        } else if ("error".equals(lastAgentState)) {
            outcome = "failure";
            summary = "agent state: error";
        } else if ("stopped".equals(lastAgentState)) {
            outcome = "aborted";
            summary = "agent state: stopped";
        } else {
            outcome = "unknown";
            summary = "the stream ends with agent state '" + lastAgentState + "' and no finish action";
        }
        data.put(SessionEndData.OUTCOME, outcome);
        data.put(SessionEndData.SUMMARY, summary);
        if (instance.evaluation() != null) {
            data.set("evaluation", instance.evaluation());
        }
        putUsage(data);
        BigDecimal cost = instance.isEval() ? instance.totalCost() : accumulatedCost;
        if (cost != null) {
            data.put(SessionEndData.COST_USD, cost);
        } else {
            tally.unpriced(run, instance.isEval());
        }
        append(NewEvent.of(run, "harness", EventType.SESSION_END).at(last.plusNanos(1000)).touches(StateKind.SESSION).data(data),
                instance.isEval() ? firstLine : 0);
    }

    /**
     * The run's usage on session.end: the sum over its model calls. An evaluation's metrics also hold the run's totals
     * and every response by id: responses the history lacks and totals that differ from the sum are said in findings.
     */
    private void putUsage(ObjectNode data) {
        EvalInstance.Usage totals = instance.totalUsage();
        boolean perCall = usageSeen;
        if (!perCall && totals != null) {
            data.set(SessionEndData.USAGE, new UsageData(totals.input(), totals.output(), totals.cacheRead(), totals.cacheWrite()).toPayload());
            data.put(SessionEndData.USAGE_SCOPE, "run-totals");
            session.finding(Finding.info(ImportFindings.USAGE_TOTALS_ONLY, run + ": the metrics hold the run's token totals only: they are on "
                    + "session.end, not on its model calls", null, firstLine));
            return;
        }
        if (!perCall) {
            tally.usageUnknown(run);
            return;
        }
        data.set(SessionEndData.USAGE, new UsageData(calledUsage.input(), calledUsage.output(), calledUsage.cacheRead(), calledUsage.cacheWrite()).toPayload());
        List<String> unrecorded = instance.responseIds().stream().filter(id -> !respondedIds.contains(id)).toList();
        if (!unrecorded.isEmpty()) {
            EvalInstance.Usage lost = unrecorded.stream().map(instance::usageOf).filter(java.util.Objects::nonNull)
                    .reduce(EvalInstance.Usage.ZERO, EvalInstance.Usage::plus);
            session.finding(Finding.info(ImportFindings.MODEL_CALLS_UNRECORDED, run + ": " + unrecorded.size() + " model response(s) in the "
                    + "metrics have no event in the history (" + String.join(", ", unrecorded.stream().limit(3).toList())
                    + (unrecorded.size() > 3 ? ", ..." : "") + "; " + lost.input() + " input and " + lost.output()
                    + " output tokens): not model.call events", null, firstLine));
        }
        if (totals != null && !totals.equals(calledUsage)) {
            session.finding(Finding.info(ImportFindings.USAGE_MISMATCH, run + ": the metrics' accumulated usage (" + totals.input() + " input / "
                    + totals.output() + " output tokens) differs from the sum over the model calls (" + calledUsage.input() + " / "
                    + calledUsage.output() + ")", null, firstLine));
        }
    }

    /** The patch the run left (git diff against the base commit), as the evaluation recorded it: one note before session.end. */
    private void finalPatch() {
        String patch = instance.patch();
        List<String> files = new ArrayList<>();
        for (String patchLine : patch.split("\n")) {
            if (patchLine.startsWith("diff --git ")) {
                String[] parts = patchLine.split(" ");
                files.add(parts[parts.length - 1].replaceFirst("^b/", ""));
            }
        }
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, "final patch" + (instance.commit() != null ? " against " + instance.commit() : "") + ": " + files.size()
                + " file(s) changed");
        ArrayNode listed = data.putArray("files");
        files.forEach(listed::add);
        LargeText.put(data, "patch", patch, session);
        append(NewEvent.of(run, "harness", EventType.NOTE).at(last.plusNanos(500)).touches(StateKind.WORKSPACE).data(data),
                firstLine);
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
