package dev.forkline.importers.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.Timestamps;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentHandoffData;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ProcessExitData;
import dev.forkline.trace.payload.ProcessStartData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One Inspect sample (one epoch of one dataset sample) as one run. Its transcript events become Forkline events:
 * sample_init opens the session, model/tool/sandbox/approval/error/... are translated, state and store changes become
 * harness notes carrying their JSON patches, spans give agents their lanes.
 */
final class SampleRun {

    private record Span(String id, String parent, String type, String name) {
    }

    /** Events that only give the transcript its shape: they may precede sample_init. */
    private static final java.util.Set<String> STRUCTURE = java.util.Set.of("sample_init", "span_begin", "span_end", "step");

    private final ImportSession session;
    private final JsonNode eval;
    private final JsonNode sample;
    private final long line;
    private final String run;
    private final String defaultAgent;
    private final Attachments attachments;
    private final Deferred deferred = new Deferred();
    private final Map<String, Span> spans = new HashMap<>();
    private final Map<String, String> modelEventByToolCall = new HashMap<>();
    private final Map<String, String> toolCallEvents = new HashMap<>();
    private long seq;
    private Instant last;
    private Event start;
    private boolean limited;
    private String errorMessage;
    private long inputTokens;
    /** Whether some model event carried usage (else session.end holds the sample's totals only, or nothing). */
    private boolean usageSeen;
    private long outputTokens;
    private long cacheRead;
    private long cacheWrite;

    SampleRun(ImportSession session, JsonNode header, JsonNode sample, long line) {
        this.session = session;
        this.eval = header.path("eval");
        this.sample = sample;
        this.line = line;
        String epoch = sample.path("epoch").asText("1");
        this.run = "sample-" + sample.path("id").asText("?") + "-epoch-" + epoch;
        String solver = JsonFields.scalar(eval, "solver");
        this.defaultAgent = "agent:" + (solver != null ? solver : "main");
        this.attachments = new Attachments(sample);
    }

    String run() {
        return run;
    }

    void read() {
        JsonNode events = sample.get("events");
        if (events == null || !events.isArray() || events.isEmpty()) {
            session.finding(Finding.warning(ImportFindings.NO_TRANSCRIPT, run + ": the sample holds no events (logged without transcript?): "
                    + "only its start and end are imported", null, line));
            startSession(null, timeOf(JsonFields.scalar(sample, "started_at")));
        } else {
            for (JsonNode event : events) {
                event(event);
            }
        }
        deferred.flushAll();
        if (start == null) {
            startSession(null, last);
        }
        end();
        if (attachments.unresolved() > 0) {
            session.finding(Finding.warning(ImportFindings.UNRESOLVED_ATTACHMENTS, run + ": " + attachments.unresolved()
                    + " attachment or message-pool reference(s) could not be resolved: kept as references", null, line));
        }
    }

    private String nextId() {
        return run + "." + (seq + 1);
    }

    private Event append(NewEvent draft) {
        seq++;
        return session.append(draft, line);
    }

    private Instant timeOf(String text) {
        Instant recorded = Timestamps.parseZoned(text);
        if (recorded != null) {
            return recorded;
        }
        if (last == null) {
            Instant created = Timestamps.parseZoned(JsonFields.scalar(eval, "created"));
            last = created != null ? created : Instant.EPOCH;
            session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, run + ": events without times get the previous time", null, line));
        }
        return last;
    }

    private String actorOf(JsonNode event) {
        String spanId = JsonFields.scalar(event, "span_id");
        int guard = 0;
        while (spanId != null && guard++ < 1000) {
            Span span = spans.get(spanId);
            if (span == null) {
                break;
            }
            if ("agent".equals(span.type())) {
                return "agent:" + span.name();
            }
            spanId = span.parent();
        }
        return defaultAgent;
    }

    private void event(JsonNode event) {
        String type = JsonFields.scalar(event, "event") == null ? "" : JsonFields.scalar(event, "event");
        Instant at = timeOf(JsonFields.scalar(event, "timestamp"));
        deferred.flushUntil(at);
        last = at;
        if (start == null && !STRUCTURE.contains(type)) {
            session.finding(Finding.warning(ImportFindings.NO_SAMPLE_INIT, run + ": the transcript does not begin with sample_init: the "
                    + "session start is built from the log header", null, line));
            startSession(null, at);
        }
        switch (type) {
            case "sample_init" -> startSession(event, at);
            case "span_begin" -> spanBegin(event, at);
            case "span_end" -> spanEnd(event, at);
            case "step" -> step(event, at);
            case "model" -> model(event, at);
            case "tool" -> tool(event, at);
            case "sandbox" -> sandbox(event, at);
            case "approval" -> approval(event, at);
            case "state", "store" -> patch(event, type, at);
            case "error" -> error(event, at);
            case "info" -> note(event, at, "info" + (JsonFields.scalar(event, "source") != null ? " (" + JsonFields.scalar(event, "source") + ")" : ""),
                    text(event.get("data")), StateKind.SESSION);
            case "logger" -> note(event, at, "log " + JsonFields.scalarAt(event, "message", "level"), JsonFields.scalarAt(event, "message", "message"), StateKind.HARNESS);
            case "score" -> score(event, at);
            case "sample_limit" -> limit(event, at);
            case "input" -> input(event, at);
            case "subtask" -> subtask(event, at);
            default -> raw(event, type, at);
        }
    }

    private void startSession(JsonNode init, Instant at) {
        if (start != null) {
            note(init, at, "sample_init repeated", null, StateKind.SESSION);
            return;
        }
        ObjectNode data = Json.object();
        String task = JsonFields.scalar(eval, "task");
        data.put(SessionStartData.TITLE, (task != null ? task : "inspect") + " / sample " + sample.path("id").asText() + " epoch " + sample.path("epoch").asText("1"));
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
        harness.put(SessionStartData.HARNESS_NAME, "inspect_ai");
        String version = JsonFields.scalarAt(eval, "packages", "inspect_ai");
        if (version != null) {
            harness.put(SessionStartData.HARNESS_VERSION, version);
        }
        if (task != null) {
            harness.put("task", task);
        }
        JsonNode sandbox = JsonFields.at(init, "sample", "sandbox");
        if (sandbox == null) {
            sandbox = eval.get("sandbox");
        }
        if (sandbox != null && !sandbox.isNull()) {
            ObjectNode isolation = environment.putObject(SessionStartData.ENVIRONMENT_ISOLATION);
            isolation.put("boundary", sandbox.isTextual() ? sandbox.asText() : JsonFields.scalar(sandbox, "type"));
            if (JsonFields.scalar(sandbox, "config") != null) {
                isolation.put("config", JsonFields.scalar(sandbox, "config"));
            }
            session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, run + ": the sandbox is described by "
                    + (JsonFields.scalar(sandbox, "config") != null ? "'" + JsonFields.scalar(sandbox, "config") + "'" : "its type only")
                    + ", which the log does not include: the image is not recorded", null, line));
        } else {
            session.finding(Finding.info(ImportFindings.NO_SANDBOX, run + ": the eval ran without a sandbox (tools ran on the host, if any)", null, line));
        }
        String model = JsonFields.scalar(eval, "model");
        if (model != null) {
            ObjectNode identity = data.putObject(SessionStartData.MODEL);
            int slash = model.indexOf('/');
            if (slash > 0) {
                identity.put(SessionStartData.MODEL_PROVIDER, model.substring(0, slash));
                identity.put(SessionStartData.MODEL_NAME, model.substring(slash + 1));
            } else {
                identity.put(SessionStartData.MODEL_NAME, model);
            }
        } else {
            session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, run + ": the log header names no model", null, line));
        }
        ObjectNode imported = Payloads.putImported(data, InspectImporter.FORMAT, session.source());
        imported.put("sampleId", sample.path("id").asText());
        imported.put("epoch", sample.path("epoch").asInt(1));
        if (JsonFields.scalar(eval, "eval_id") != null) {
            imported.put("evalId", JsonFields.scalar(eval, "eval_id"));
        }
        JsonNode revision = eval.get("revision");
        if (revision != null && revision.isObject()) {
            imported.set("evalRevision", revision);
        }
        start = append(NewEvent.of(run, "harness", EventType.SESSION_START).at(at).touches(StateKind.SESSION).data(data));
        JsonNode input = JsonFields.at(init, "sample", "input");
        if (input == null) {
            input = sample.get("input");
        }
        if (input != null) {
            ObjectNode message = Json.object();
            message.put(AgentMessageData.FROM, "harness");
            message.put(AgentMessageData.TO, defaultAgent);
            message.put(AgentMessageData.TEXT, input.isArray() ? joinMessages(input) : attachments.text(input.asText()));
            append(NewEvent.of(run, "harness", EventType.AGENT_MESSAGE).at(at).causes(start.id()).touches(StateKind.SESSION).data(message));
        }
    }

    private String joinMessages(JsonNode messages) {
        var out = new StringBuilder();
        for (JsonNode message : messages) {
            out.append(out.isEmpty() ? "" : "\n\n").append(JsonFields.scalar(message, "role")).append(": ").append(attachments.content(message.get("content")));
        }
        return out.toString();
    }

    private void spanBegin(JsonNode event, Instant at) {
        String id = JsonFields.scalar(event, "id");
        if (id == null) {
            return;
        }
        String before = actorOf(Json.object().put("span_id", JsonFields.scalar(event, "parent_id")));
        Span span = new Span(id, JsonFields.scalar(event, "parent_id"), JsonFields.scalar(event, "type"), JsonFields.scalar(event, "name"));
        spans.put(id, span);
        if ("agent".equals(span.type())) {
            handoff(before, "agent:" + span.name(), "agent span '" + span.name() + "' begins", at);
        }
    }

    private void spanEnd(JsonNode event, Instant at) {
        Span span = spans.get(JsonFields.scalar(event, "id"));
        if (span != null && "agent".equals(span.type())) {
            String back = actorOf(Json.object().put("span_id", span.parent()));
            handoff("agent:" + span.name(), back, "agent span '" + span.name() + "' ends", at);
        }
    }

    /** Older logs mark solver steps with step events instead of spans; they carry no action of their own. */
    private void step(JsonNode event, Instant at) {
        if ("agent".equals(JsonFields.scalar(event, "type")) && "begin".equals(JsonFields.scalar(event, "action"))) {
            handoff(defaultAgent, "agent:" + JsonFields.scalar(event, "name"), "agent step begins", at);
        }
    }

    private void handoff(String from, String to, String reason, Instant at) {
        if (from.equals(to)) {
            return;
        }
        if (start == null) {
            startSession(null, at);
        }
        ObjectNode data = Json.object();
        data.put(AgentHandoffData.FROM, from);
        data.put(AgentHandoffData.TO, to);
        data.put(AgentHandoffData.REASON, reason);
        append(NewEvent.of(run, from, EventType.AGENT_HANDOFF).at(at).touches(StateKind.SESSION).data(data));
    }

    private void model(JsonNode event, Instant at) {
        String actor = actorOf(event);
        JsonNode output = event.path("output");
        ObjectNode data = Json.object();
        String model = JsonFields.scalar(output, "model") != null ? JsonFields.scalar(output, "model") : JsonFields.scalar(event, "model");
        if (model != null) {
            data.put(ModelCallData.MODEL, model);
        }
        String requested = JsonFields.scalar(event, "model");
        if (requested != null && requested.contains("/")) {
            data.put(ModelCallData.PROVIDER, requested.substring(0, requested.indexOf('/')));
        }
        List<JsonNode> input = attachments.input(event);
        int fresh = 0;
        for (int i = input.size() - 1; i >= 0; i--) {
            if ("assistant".equals(JsonFields.scalar(input.get(i), "role"))) {
                fresh = i + 1;
                break;
            }
        }
        ObjectNode in = data.putObject(ModelCallData.INPUT);
        in.put(ModelCallData.INPUT_SUMMARY, input.size() + " message(s), " + (input.size() - fresh) + " new since the model last answered");
        ArrayNode messages = in.putArray(ModelCallData.INPUT_MESSAGES);
        for (JsonNode message : input.subList(fresh, input.size())) {
            messages.addObject().put(ModelCallData.MESSAGE_ROLE, JsonFields.scalar(message, "role")).put(ModelCallData.MESSAGE_CONTENT, attachments.content(message.get("content")));
        }
        JsonNode choice = output.path("choices").path(0).path("message");
        ObjectNode out = data.putObject(ModelCallData.OUTPUT);
        out.put(ModelCallData.OUTPUT_TEXT, attachments.content(choice.get("content")));
        ArrayNode calls = out.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
        String modelEventId = nextId();
        JsonNode toolCalls = choice.get("tool_calls");
        if (toolCalls != null && toolCalls.isArray()) {
            for (JsonNode call : toolCalls) {
                calls.add(ModelCallData.toolCall(JsonFields.scalar(call, "id"), JsonFields.scalar(call, "function"), attachments.resolve(call.path("arguments"))));
                if (JsonFields.scalar(call, "id") != null) {
                    modelEventByToolCall.put(JsonFields.scalar(call, "id"), modelEventId);
                }
            }
        }
        JsonNode usage = output.get("usage");
        if (usage != null && usage.isObject()) {
            long in1 = usage.path("input_tokens").asLong(0);
            long out1 = usage.path("output_tokens").asLong(0);
            long read = usage.path("input_tokens_cache_read").asLong(0);
            long write = usage.path("input_tokens_cache_write").asLong(0);
            data.set(ModelCallData.USAGE, new UsageData(in1, out1, read, write).toPayload());
            inputTokens += in1;
            usageSeen = true;
            outputTokens += out1;
            cacheRead += read;
            cacheWrite += write;
            if (usage.has("total_cost") && usage.get("total_cost").isNumber()) {
                data.put(ModelCallData.COST_USD, usage.get("total_cost").decimalValue());
            }
        }
        JsonNode time = output.get("time");
        if (time != null && time.isNumber()) {
            data.put(ModelCallData.LATENCY_MS, Math.round(time.asDouble() * 1000));
        }
        Event call = append(NewEvent.of(run, actor, EventType.MODEL_CALL).at(at).touches(StateKind.SESSION).data(data));
        String error = JsonFields.scalar(event, "error");
        if (error != null) {
            ObjectNode failure = Json.object();
            failure.put(ErrorData.MESSAGE, error);
            failure.put(ErrorData.KIND, "model");
            append(NewEvent.of(run, actor, EventType.ERROR).at(at).causes(call.id()).touches(StateKind.SESSION).data(failure));
        }
    }

    private void tool(JsonNode event, Instant at) {
        String actor = actorOf(event);
        String callId = JsonFields.scalar(event, "id") != null ? JsonFields.scalar(event, "id") : nextId();
        String function = JsonFields.scalar(event, "function");
        JsonNode arguments = attachments.resolve(event.path("arguments"));
        String eventId = nextId();
        EffectClass effect = InspectEffects.of(function, arguments)
                .orElseGet(() -> session.classify(function, arguments, eventId, line).effect());
        ObjectNode data = ToolCallData.payload(callId, function, arguments.isObject() ? arguments : Json.object().set("value", arguments), effect);
        NewEvent draft = NewEvent.of(run, actor, EventType.TOOL_CALL).at(at).touches(effect.touchedByCall()).data(data);
        String proposer = modelEventByToolCall.get(callId);
        Event call = append(proposer != null ? draft.causes(proposer) : draft);
        toolCallEvents.put(callId, call.id());
        String agent = JsonFields.scalar(event, "agent");
        if (agent != null && !agent.isBlank()) {
            handoff(actor, "agent:" + agent, "handoff through tool '" + function + "'", at);
        }
        JsonNode nested = event.get("events");
        if (nested != null && nested.isArray()) {
            for (JsonNode inner : nested) {
                event(inner);
            }
        }
        Instant completed = completion(event, at);
        deferred.at(completed, () -> {
            ObjectNode result = Json.object();
            result.put(ToolResultData.CALL_ID, callId);
            result.put(ToolResultData.STDOUT, text(attachments.resolve(event.get("result"))));
            JsonNode error = event.get("error");
            if (error != null && !error.isNull()) {
                result.put(ToolResultData.IS_ERROR, true);
                result.put(ToolResultData.ERROR, (JsonFields.scalar(error, "type") != null ? JsonFields.scalar(error, "type") + ": " : "") + attachments.text(JsonFields.scalar(error, "message")));
            }
            JsonNode working = event.get("working_time");
            if (working != null && working.isNumber()) {
                result.put(ToolResultData.DURATION_MS, Math.round(working.asDouble() * 1000));
            }
            append(NewEvent.of(run, "sandbox", EventType.TOOL_RESULT).at(completed).causes(call.id()).touches(StateKind.SESSION).data(result));
        });
    }

    private Instant completion(JsonNode event, Instant at) {
        Instant completed = Timestamps.parseZoned(JsonFields.scalar(event, "completed"));
        if (completed != null && !completed.isBefore(at)) {
            return completed;
        }
        JsonNode working = event.get("working_time");
        if (working != null && working.isNumber()) {
            return at.plusNanos(Math.round(working.asDouble() * 1e9));
        }
        return at;
    }

    private void sandbox(JsonNode event, Instant at) {
        String action = JsonFields.scalar(event, "action") == null ? "sandbox" : JsonFields.scalar(event, "action");
        Instant completed = completion(event, at);
        if ("exec".equals(action)) {
            String cmd = JsonFields.scalar(event, "cmd") == null ? "" : JsonFields.scalar(event, "cmd");
            ObjectNode data = Json.object();
            data.putNull(ProcessStartData.PID);
            ArrayNode argv = data.putArray(ProcessStartData.ARGV);
            for (String part : cmd.split("\\s+")) {
                if (!part.isEmpty()) {
                    argv.add(part);
                }
            }
            data.put(ProcessStartData.NAME, argv.isEmpty() ? cmd : argv.get(0).asText());
            data.put("command", cmd);
            if (event.hasNonNull("input")) {
                data.put("stdin", text(event.get("input")));
            }
            if (event.has("options")) {
                data.set("options", event.get("options"));
            }
            Event started = append(NewEvent.of(run, "sandbox", EventType.PROCESS_START).at(at).touches(StateKind.PROCESS).data(data));
            deferred.at(completed, () -> {
                ObjectNode exit = Json.object();
                exit.putNull(ProcessExitData.PID);
                JsonNode result = event.get("result");
                if (result != null && result.canConvertToInt()) {
                    exit.put(ProcessExitData.EXIT_CODE, result.asInt());
                }
                if (event.hasNonNull("output")) {
                    exit.put("output", text(event.get("output")));
                }
                append(NewEvent.of(run, "sandbox", EventType.PROCESS_EXIT).at(completed).causes(started.id()).touches(StateKind.PROCESS).data(exit));
            });
            return;
        }
        ObjectNode data = Json.object();
        String file = JsonFields.scalar(event, "file");
        data.put(NoteData.TEXT, "sandbox " + action + (file != null ? " " + file : ""));
        data.put("action", action);
        if (file != null) {
            data.put("file", file);
        }
        if (event.hasNonNull("output")) {
            data.put("output", text(event.get("output")));
        }
        // write_file changes the workspace but the log keeps at most a preview of the content, never its hash
        StateKind kind = "write_file".equals(action) ? StateKind.WORKSPACE : StateKind.SESSION;
        append(NewEvent.of(run, "sandbox", EventType.NOTE).at(at).touches(kind).data(data));
    }

    private void approval(JsonNode event, Instant at) {
        JsonNode call = event.path("call");
        String callId = JsonFields.scalar(call, "id");
        String subject = callId == null ? null : toolCallEvents.getOrDefault(callId, modelEventByToolCall.get(callId));
        if (subject == null) {
            subject = start.id();
            session.finding(Finding.warning(ImportFindings.APPROVAL_SUBJECT_UNKNOWN, run + ": approval for call " + callId
                    + " whose proposal is not in the transcript: its subject is the session start", null, line));
        }
        ObjectNode request = Json.object();
        request.put(ApprovalRequestData.SUBJECT, subject);
        request.put(ApprovalRequestData.REASON, (JsonFields.scalar(event, "message") != null ? JsonFields.scalar(event, "message") : "approval required")
                + " (" + JsonFields.scalar(call, "function") + ")");
        request.put(ApprovalRequestData.CALL_ID, callId);
        String approver = JsonFields.scalar(event, "approver") == null ? "unknown" : JsonFields.scalar(event, "approver");
        boolean human = approver.toLowerCase(Locale.ROOT).contains("human");
        String owner = human ? "human:" + approver : "policy:" + approver;
        request.put(ApprovalRequestData.OWNER, owner);
        Event asked = append(NewEvent.of(run, "harness", EventType.APPROVAL_REQUEST).at(at).causes(subject).touches(StateKind.HARNESS).data(request));
        ObjectNode decision = Json.object();
        decision.put(ApprovalDecisionData.SUBJECT, subject);
        String verdict = switch (JsonFields.scalar(event, "decision") == null ? "" : JsonFields.scalar(event, "decision")) {
            case "approve" -> "approve";
            case "modify" -> "modify";
            case "reject" -> "deny";
            case "escalate" -> "escalate";
            case "terminate" -> "terminate";
            default -> "escalate";
        };
        decision.put(ApprovalDecisionData.VERDICT, verdict);
        decision.put(ApprovalDecisionData.OWNER, owner);
        decision.put(ApprovalDecisionData.RATIONALE, JsonFields.scalar(event, "explanation") == null ? "" : JsonFields.scalar(event, "explanation"));
        JsonNode modified = event.get("modified");
        if (modified != null && !modified.isNull()) {
            decision.set(ApprovalDecisionData.ARGUMENTS, attachments.resolve(modified.path("arguments")));
        }
        append(NewEvent.of(run, human ? "human:" + approver : "harness", EventType.APPROVAL_DECISION).at(at).causes(asked.id())
                .touches(StateKind.HARNESS).data(decision));
        if ("terminate".equals(verdict)) {
            limited = true;
        }
    }

    private void patch(JsonNode event, String type, Instant at) {
        JsonNode changes = event.path("changes");
        ObjectNode data = Json.object();
        List<String> ops = new ArrayList<>();
        for (JsonNode change : changes) {
            ops.add(JsonFields.scalar(change, "op") + " " + JsonFields.scalar(change, "path"));
        }
        data.put(NoteData.TEXT, type + ": " + String.join(", ", ops));
        data.put("kind", type);
        data.set("patch", attachments.resolve(changes));
        append(NewEvent.of(run, "harness", EventType.NOTE).at(at).touches(StateKind.HARNESS).data(data));
    }

    private void error(JsonNode event, Instant at) {
        ObjectNode data = Json.object();
        errorMessage = JsonFields.scalarAt(event, "error", "message");
        data.put(ErrorData.MESSAGE, errorMessage == null ? "error" : errorMessage);
        data.put(ErrorData.KIND, "sample");
        String traceback = JsonFields.scalarAt(event, "error", "traceback");
        if (traceback != null) {
            data.put("traceback", traceback);
        }
        append(NewEvent.of(run, "harness", EventType.ERROR).at(at).touches(StateKind.HARNESS).data(data));
    }

    private void limit(JsonNode event, Instant at) {
        limited = true;
        ObjectNode data = Json.object();
        data.put(ErrorData.MESSAGE, JsonFields.scalar(event, "message") == null ? "limit reached" : JsonFields.scalar(event, "message"));
        data.put(ErrorData.KIND, "limit:" + JsonFields.scalar(event, "type"));
        append(NewEvent.of(run, "harness", EventType.ERROR).at(at).touches(StateKind.HARNESS).data(data));
    }

    private void score(JsonNode event, Instant at) {
        JsonNode score = event.path("score");
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, "score: " + text(score.get("value")) + (event.path("intermediate").asBoolean(false) ? " (intermediate)" : ""));
        data.set("score", attachments.resolve(score));
        append(NewEvent.of(run, "harness", EventType.NOTE).at(at).touches(StateKind.SESSION).data(data));
    }

    private void input(JsonNode event, Instant at) {
        ObjectNode data = Json.object();
        data.put(AgentMessageData.FROM, "human:user");
        data.put(AgentMessageData.TO, actorOf(event));
        data.put(AgentMessageData.TEXT, JsonFields.scalar(event, "input") == null ? "" : JsonFields.scalar(event, "input"));
        append(NewEvent.of(run, "human:user", EventType.AGENT_MESSAGE).at(at).touches(StateKind.SESSION).data(data));
    }

    private void subtask(JsonNode event, Instant at) {
        String actor = actorOf(event);
        String name = JsonFields.scalar(event, "name") == null ? "subtask" : JsonFields.scalar(event, "name");
        handoff(actor, "agent:" + name, "subtask '" + name + "'", at);
        JsonNode nested = event.get("events");
        if (nested != null && nested.isArray()) {
            for (JsonNode inner : nested) {
                event(inner);
            }
        }
        handoff("agent:" + name, actor, "subtask '" + name + "' done: " + text(attachments.resolve(event.get("result"))), last);
    }

    private void note(JsonNode event, Instant at, String label, String text, StateKind kind) {
        ObjectNode data = Json.object();
        data.put(NoteData.TEXT, label + (text == null || text.isBlank() ? "" : ": " + text));
        append(NewEvent.of(run, event == null ? "harness" : actorOf(event), EventType.NOTE).at(at).touches(kind).data(data));
    }

    private void raw(JsonNode event, String type, Instant at) {
        session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, run + ": transcript event '" + type + "' is not known to Forkline: kept with its raw record", null, line));
        ObjectNode data = Json.object();
        data.set("raw", event);
        append(NewEvent.ofRawType(run, actorOf(event), "inspect." + (type.isEmpty() ? "unknown" : type)).at(at).touches(StateKind.SESSION).data(data));
    }

    private String text(JsonNode node) {
        if (node == null || node.isNull()) {
            return "";
        }
        if (node.isTextual()) {
            return attachments.text(node.asText());
        }
        if (node.isArray()) {
            return attachments.content(node);
        }
        return node.isValueNode() ? node.asText() : node.toString();
    }

    private void end() {
        ObjectNode data = Json.object();
        JsonNode error = sample.get("error");
        String outcome;
        if (error != null && !error.isNull() || errorMessage != null) {
            outcome = "failure";
        } else if (limited || sample.hasNonNull("limit")) {
            outcome = "aborted";
        } else {
            outcome = "success";
        }
        data.put(SessionEndData.OUTCOME, outcome);
        List<String> scores = new ArrayList<>();
        JsonNode scored = sample.get("scores");
        if (scored != null && scored.isObject()) {
            for (Map.Entry<String, JsonNode> entry : scored.properties()) {
                scores.add(entry.getKey() + "=" + text(entry.getValue().get("value")));
            }
        }
        data.put(SessionEndData.SUMMARY, (error != null && !error.isNull() ? "error: " + JsonFields.scalar(error, "message") + "; " : "")
                + (scores.isEmpty() ? "no scores" : "scores: " + String.join(", ", scores)));
        ObjectNode usage = Json.object();
        JsonNode recorded = sample.get("model_usage");
        if (recorded != null && recorded.isObject() && !recorded.isEmpty()) {
            data.set(SessionEndData.USAGE, usage);
            if (!usageSeen) {
                data.put(SessionEndData.USAGE_SCOPE, "run-totals");
                session.finding(Finding.info(ImportFindings.USAGE_TOTALS_ONLY, run + ": the model events carry no usage: the sample's "
                        + "model_usage totals are on session.end", null, line));
            }
            long in = 0;
            long out = 0;
            long read = 0;
            long write = 0;
            BigDecimal cost = null;
            for (JsonNode perModel : recorded) {
                in += perModel.path("input_tokens").asLong(0);
                out += perModel.path("output_tokens").asLong(0);
                read += perModel.path("input_tokens_cache_read").asLong(0);
                write += perModel.path("input_tokens_cache_write").asLong(0);
                if (perModel.has("total_cost") && perModel.get("total_cost").isNumber()) {
                    cost = (cost == null ? BigDecimal.ZERO : cost).add(perModel.get("total_cost").decimalValue());
                }
            }
            usage.put(UsageData.INPUT_TOKENS, in).put(UsageData.OUTPUT_TOKENS, out).put(UsageData.CACHE_READ_TOKENS, read).put(UsageData.CACHE_WRITE_TOKENS, write);
            if (cost != null) {
                data.put(SessionEndData.COST_USD, cost);
            }
            if (usageSeen && (in != inputTokens || out != outputTokens)) {
                session.finding(Finding.info(ImportFindings.USAGE_MISMATCH, run + ": the sample's model_usage (" + in + "/" + out
                        + " tokens) differs from the sum over its model events (" + inputTokens + "/" + outputTokens + ")", null, line));
            }
        } else if (usageSeen) {
            data.set(SessionEndData.USAGE, usage);
            usage.put(UsageData.INPUT_TOKENS, inputTokens).put(UsageData.OUTPUT_TOKENS, outputTokens).put(UsageData.CACHE_READ_TOKENS, cacheRead).put(UsageData.CACHE_WRITE_TOKENS, cacheWrite);
        } else {
            session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, run + ": neither the model events nor the sample record token usage",
                    null, line));
        }
        if (!data.has(SessionEndData.COST_USD)) {
            session.finding(Finding.info(ImportFindings.NO_COST, run + ": Inspect recorded no cost for this sample", null, line));
        }
        Instant at = last == null ? Instant.EPOCH : last;
        append(NewEvent.of(run, "harness", EventType.SESSION_END).at(at).causes(start.id()).touches(StateKind.SESSION).data(data));
    }
}
