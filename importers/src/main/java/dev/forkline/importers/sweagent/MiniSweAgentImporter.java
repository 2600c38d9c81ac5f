package dev.forkline.importers.sweagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.SingleFileImporter;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * mini-swe-agent trajectories ({@code .traj.json}): {@code {info, messages, trajectory_format}} as saved by the agent, or
 * a bare {@code messages} list. Version 1 messages are plain chat messages whose one shell command sits in a fenced
 * block; version 2 messages carry an {@code extra} object with the parsed {@code actions}, the raw model response
 * (usage, model), the cost and a timestamp, and tool-call models answer with {@code role: tool} messages.
 */
public final class MiniSweAgentImporter extends SingleFileImporter {

    public static final String FORMAT = "mini-swe-agent";
    static final String RUN = ImportSession.RUN;

    /** The fenced block mini-swe-agent's text-based parsers accept (v1: bash, v2: mswea_bash_command). */
    private static final Pattern ACTION_BLOCK = Pattern.compile("```(?:mswea_bash_command|bash|sh)\\s*\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Pattern RETURN_CODE = Pattern.compile("<returncode>\\s*(-?\\d{1,9})\\s*</returncode>");
    private static final Pattern OUTPUT = Pattern.compile("<output>\\n?(.*?)</output>", Pattern.DOTALL);
    private static final List<String> SUBMIT_MARKERS = List.of("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT", "MINI_SWE_AGENT_FINAL_OUTPUT");

    public MiniSweAgentImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        if (head.opensWith('{')) {
            return head.contains("\"messages\"") && head.containsAny("\"mini_version\"", "\"trajectory_format\": \"mini-swe-agent",
                    "\"trajectory_format\":\"mini-swe-agent", "minisweagent.");
        }
        return head.opensWith('[') && head.contains("\"role\"") && !head.contains("\"observation\"")
                && head.containsAny("<returncode>", "mswea_bash_command", "MINI_SWE_AGENT_FINAL_OUTPUT");
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        String source = path.toString();
        JsonNode root = JsonDocuments.read(path);
        JsonNode messages = root.isArray() ? root : root.get("messages");
        if (messages == null || !messages.isArray()) {
            throw new TraceFormatException(source, 1, "not a mini-swe-agent trajectory: no 'messages' list");
        }
        JsonNode info = root.isObject() ? root.path("info") : Json.object();
        ImportSession session = newSession(path);
        StartCheckpoint checkpoint = new StartCheckpoint(session);
        new Reader(session, path, messages, info, root.isObject() ? JsonFields.scalar(root, "trajectory_format") : null, checkpoint).read();
        checkpoint.report(Finding.info(ImportFindings.NO_CHECKPOINT, "the trajectory runs no command: there is no replayable checkpoint",
                null, 0));
        String name = path.getFileName().toString().replaceFirst("\\.traj(\\.json)?$", "").replaceFirst("\\.json$", "");
        return session.finish("mini-swe-agent:" + name, name);
    }

    private record PendingCall(String eventId, String callId, boolean submit) {
    }

    private static final class Reader {
        private final ImportSession session;
        private final Path path;
        private final JsonNode messages;
        private final JsonNode info;
        private final String trajectoryFormat;
        private final SyntheticClock clock;
        private final boolean timed;
        private final Deque<PendingCall> pending = new ArrayDeque<>();
        private final List<JsonNode> input = new ArrayList<>();
        private final String agentActor;
        private final StartCheckpoint checkpoint;
        /** The directory commands ran in, when the config records it. */
        private final String cwd;
        private String model;
        private boolean ended;
        private Instant lastTime;
        private long inputTokens;
        private long outputTokens;
        private BigDecimal cost = BigDecimal.ZERO;
        private boolean usageSeen;

        Reader(ImportSession session, Path path, JsonNode messages, JsonNode info, String trajectoryFormat, StartCheckpoint checkpoint)
                throws IOException {
            this.session = session;
            this.checkpoint = checkpoint;
            this.cwd = JsonFields.scalarAt(info, "config", "environment", "cwd");
            this.path = path;
            this.messages = messages;
            this.info = info;
            this.trajectoryFormat = trajectoryFormat;
            this.timed = hasTimestamps(messages);
            this.lastTime = timed ? firstTimestamp(messages).minusMillis(1) : null;
            Instant end = Files.getLastModifiedTime(path).toInstant();
            this.clock = new SyntheticClock(end.minusMillis(3L * messages.size() + 10));
            String agentType = JsonFields.scalarAt(info, "config", "agent_type");
            this.agentActor = "agent:" + (agentType == null ? "mini-swe-agent" : agentType.substring(agentType.lastIndexOf('.') + 1));
            this.model = JsonFields.scalarAt(info, "config", "model", "model_name");
        }

        private static Instant firstTimestamp(JsonNode messages) {
            for (JsonNode message : messages) {
                JsonNode stamp = JsonFields.at(message, "extra", "timestamp");
                if (stamp != null && stamp.isNumber()) {
                    return Instant.ofEpochSecond(0, Math.round(stamp.asDouble() * 1e9));
                }
            }
            throw new IllegalStateException("no timestamp");
        }

        private static boolean hasTimestamps(JsonNode messages) {
            for (JsonNode message : messages) {
                if (JsonFields.at(message, "extra", "timestamp") != null) {
                    return true;
                }
            }
            return false;
        }

        private Instant timeOf(JsonNode message) {
            JsonNode stamp = JsonFields.at(message, "extra", "timestamp");
            if (timed && stamp != null && stamp.isNumber()) {
                // recorded times are kept; only a time that does not move forward is nudged, so that order stays strict
                Instant at = Instant.ofEpochSecond(0, Math.round(stamp.asDouble() * 1e9));
                lastTime = lastTime != null && !at.isAfter(lastTime) ? lastTime.plusNanos(1000) : at;
                return lastTime;
            }
            if (timed) {
                return bump();
            }
            return clock.next();
        }

        void read() {
            if (!timed) {
                session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "this trajectory records no times: event times are "
                        + "synthesised (ending at the file's modification time); the order is real, durations are not", null, 0));
            }
            Event start = startSession();
            if (runsACommand()) {
                checkpoint.append(start, cwd, new StartingTree(FORMAT).cwd(cwd), 0);
            }
            boolean taskSeen = false;
            for (int i = 0; i < messages.size(); i++) {
                JsonNode message = messages.get(i);
                String role = JsonFields.scalar(message, "role");
                role = role == null ? "" : role;
                switch (role) {
                    case "system" -> input.add(message);
                    case "assistant" -> assistant(i, message);
                    case "tool" -> observation(i, message);
                    case "exit" -> exit(message);
                    case "user" -> {
                        if (!taskSeen && pending.isEmpty()) {
                            taskSeen = true;
                            input.add(message);
                            task(message, start);
                        } else {
                            observation(i, message);
                        }
                    }
                    default -> unknown(i, message, role);
                }
            }
            if (!ended) {
                end(JsonFields.scalar(info, "exit_status"), JsonFields.scalar(info, "submission"), null);
            }
        }

        private Event startSession() {
            ObjectNode data = Json.object();
            ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
            ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
            harness.put(SessionStartData.HARNESS_NAME, "mini-swe-agent");
            if (JsonFields.scalar(info, "mini_version") != null) {
                harness.put(SessionStartData.HARNESS_VERSION, JsonFields.scalar(info, "mini_version"));
            }
            JsonNode env = JsonFields.at(info, "config", "environment");
            String image = JsonFields.firstScalar(env, "image", "container_image");
            if (image != null) {
                environment.put(SessionStartData.ENVIRONMENT_IMAGE, image);
            }
            if (JsonFields.scalar(env, "cwd") != null) {
                environment.put(SessionStartData.ENVIRONMENT_CWD, JsonFields.scalar(env, "cwd"));
            }
            String environmentType = JsonFields.scalarAt(info, "config", "environment_type");
            if (environmentType != null) {
                environment.putObject(SessionStartData.ENVIRONMENT_ISOLATION).put("boundary", environmentType);
            }
            if (image == null) {
                session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, info.isEmpty()
                        ? "this is a bare message list: no environment, model, version or exit status is recorded"
                        : "the trajectory names no container image: a replay must be given one", null, 0));
            }
            if (model != null) {
                data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, model);
            } else if (!info.isEmpty()) {
                session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, "the trajectory does not name its model", null, 0));
            }
            ObjectNode imported = Payloads.putImported(data, FORMAT, path.toString());
            imported.put("version", trajectoryFormat != null ? trajectoryFormat : info.isEmpty() ? "messages-only" : "mini-swe-agent-1");
            return session.append(NewEvent.of(RUN, "harness", EventType.SESSION_START).at(timeOf(messages.isEmpty() ? null : messages.get(0)))
                    .touches(StateKind.SESSION).data(data), 0);
        }

        private void task(JsonNode message, Event start) {
            ObjectNode data = Json.object();
            data.put(AgentMessageData.FROM, "harness");
            data.put(AgentMessageData.TO, agentActor);
            data.put(AgentMessageData.TEXT, JsonFields.contentText(message.get("content")));
            session.append(NewEvent.of(RUN, "harness", EventType.AGENT_MESSAGE).at(timeOf(message)).causes(start.id())
                    .touches(StateKind.SESSION).data(data), 0);
        }

        private void assistant(int index, JsonNode message) {
            unanswered();
            String text = JsonFields.contentText(message.get("content"));
            List<ObjectNode> actions = actionsOf(message, text);
            ObjectNode call = Json.object();
            JsonNode response = JsonFields.at(message, "extra", "response");
            String callModel = JsonFields.scalar(response, "model") != null ? JsonFields.scalar(response, "model") : model;
            if (callModel != null) {
                call.put(ModelCallData.MODEL, callModel);
            }
            ObjectNode in = call.putObject(ModelCallData.INPUT);
            in.put(ModelCallData.INPUT_SUMMARY, input.size() + " new message(s)");
            ArrayNode list = in.putArray(ModelCallData.INPUT_MESSAGES);
            for (JsonNode m : input) {
                list.addObject().put(ModelCallData.MESSAGE_ROLE, JsonFields.scalar(m, "role")).put(ModelCallData.MESSAGE_CONTENT, JsonFields.contentText(m.get("content")));
            }
            input.clear();
            ObjectNode out = call.putObject(ModelCallData.OUTPUT);
            out.put(ModelCallData.OUTPUT_TEXT, text);
            ArrayNode calls = out.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
            for (ObjectNode action : actions) {
                calls.add(ModelCallData.toolCall(action.get("callId").asText(), "bash", Json.object().put(ToolCallData.ARGUMENT_COMMAND, action.get("command").asText())));
            }
            JsonNode usage = JsonFields.at(response, "usage");
            if (usage != null) {
                ObjectNode u = call.putObject(ModelCallData.USAGE);
                long in1 = usage.path("prompt_tokens").asLong(0);
                long out1 = usage.path("completion_tokens").asLong(0);
                u.put(UsageData.INPUT_TOKENS, in1);
                u.put(UsageData.OUTPUT_TOKENS, out1);
                JsonNode cached = JsonFields.at(usage, "prompt_tokens_details", "cached_tokens");
                if (cached != null) {
                    u.put(UsageData.CACHE_READ_TOKENS, cached.asLong());
                }
                inputTokens += in1;
                outputTokens += out1;
                usageSeen = true;
            }
            JsonNode callCost = JsonFields.at(message, "extra", "cost");
            if (callCost != null && callCost.isNumber()) {
                call.put(ModelCallData.COST_USD, callCost.decimalValue());
                cost = cost.add(callCost.decimalValue());
            }
            Instant at = timeOf(message);
            Event model = session.append(NewEvent.of(RUN, agentActor, EventType.MODEL_CALL).at(at).touches(StateKind.SESSION).data(call), 0);
            if (actions.isEmpty()) {
                return;
            }
            for (ObjectNode action : actions) {
                String command = action.get("command").asText();
                String callId = action.get("callId").asText();
                EffectClass effect = EffectRules.classifyCommand(command);
                ObjectNode data = ToolCallData.payload(callId, "bash", Json.object().put(ToolCallData.ARGUMENT_COMMAND, command), effect);
                ObjectNode exec = data.putObject(ToolCallData.EXEC);
                exec.putArray(ToolCallData.EXEC_ARGV).add("bash").add("-c").add(command);
                if (cwd != null) {
                    exec.put(ToolCallData.EXEC_CWD, cwd);
                }
                Event toolCall = session.append(NewEvent.of(RUN, agentActor, EventType.TOOL_CALL).at(timed ? bump() : clock.next())
                        .causes(model.id()).touches(effect.touchedByCall()).data(data), 0);
                pending.add(new PendingCall(toolCall.id(), callId, SUBMIT_MARKERS.stream().anyMatch(command::contains)));
            }
        }

        /** Whether some model response proposes a command (the fenced block or v2 actions): only then is there something to replay. */
        private boolean runsACommand() {
            for (JsonNode message : messages) {
                if ("assistant".equals(JsonFields.scalar(message, "role"))
                        && !commandsOf(message, JsonFields.contentText(message.get("content"))).isEmpty()) {
                    return true;
                }
            }
            return false;
        }

        private Instant bump() {
            lastTime = lastTime.plusNanos(1000);
            return lastTime;
        }

        private List<ObjectNode> actionsOf(JsonNode message, String text) {
            List<ObjectNode> actions = new ArrayList<>();
            JsonNode recorded = JsonFields.at(message, "extra", "actions");
            boolean v2 = recorded != null && recorded.isArray();
            int n = 0;
            for (String[] command : commandsOf(message, text)) {
                n++;
                String id = command[1] != null ? command[1]
                        : v2 ? "action-" + session.events().size() + "-" + n
                        : "action-" + (session.events().size() + 1);
                actions.add(Json.object().put("command", command[0]).put("callId", id));
            }
            return actions;
        }

        /** The commands of a response, each {command, tool call id or null}: v2's recorded actions, else the one fenced block. */
        private static List<String[]> commandsOf(JsonNode message, String text) {
            List<String[]> commands = new ArrayList<>();
            JsonNode recorded = JsonFields.at(message, "extra", "actions");
            if (recorded != null && recorded.isArray()) {
                for (JsonNode action : recorded) {
                    String command = JsonFields.scalar(action, "command");
                    if (command != null) {
                        commands.add(new String[] {command, JsonFields.scalar(action, "tool_call_id")});
                    }
                }
                return commands;
            }
            Matcher blocks = ACTION_BLOCK.matcher(text == null ? "" : text);
            List<String> found = new ArrayList<>();
            while (blocks.find()) {
                found.add(blocks.group(1).strip());
            }
            // mini-swe-agent executes only a response with exactly one block; any other count is answered by a format error
            if (found.size() == 1) {
                commands.add(new String[] {found.getFirst(), null});
            }
            return commands;
        }

        private void observation(int index, JsonNode message) {
            String content = JsonFields.contentText(message.get("content"));
            PendingCall call = pending.poll();
            if (call == null) {
                // a user message that answers no action: a format error, a limit or a human's words
                String interrupt = JsonFields.scalarAt(message, "extra", "interrupt_type");
                boolean formatError = "FormatError".equals(interrupt) || content.contains("EXACTLY ONE") || content.contains("found 0 actions")
                        || content.toLowerCase(Locale.ROOT).contains("format");
                if (formatError) {
                    ObjectNode error = Json.object();
                    error.put(ErrorData.MESSAGE, content);
                    error.put(ErrorData.KIND, "format");
                    session.append(NewEvent.of(RUN, "harness", EventType.ERROR).at(timeOf(message)).touches(StateKind.SESSION).data(error), 0);
                } else {
                    ObjectNode data = Json.object();
                    data.put(AgentMessageData.FROM, "human:user");
                    data.put(AgentMessageData.TO, agentActor);
                    data.put(AgentMessageData.TEXT, content);
                    session.append(NewEvent.of(RUN, "human:user", EventType.AGENT_MESSAGE).at(timeOf(message)).touches(StateKind.SESSION).data(data), 0);
                }
                input.add(message);
                return;
            }
            input.add(message);
            ObjectNode result = Json.object();
            result.put(ToolResultData.CALL_ID, call.callId());
            JsonNode extra = message.get("extra");
            JsonNode returncode = JsonFields.at(extra, "returncode");
            Matcher code = RETURN_CODE.matcher(content);
            if (returncode != null && returncode.canConvertToInt()) {
                result.put(ToolResultData.EXIT_CODE, returncode.asInt());
            } else if (code.find()) {
                result.put(ToolResultData.EXIT_CODE, Integer.parseInt(code.group(1)));
            }
            String raw = JsonFields.scalarAt(message, "extra", "raw_output");
            Matcher output = OUTPUT.matcher(content);
            result.put(ToolResultData.STDOUT, raw != null ? raw : output.find() ? output.group(1) : content);
            String exception = JsonFields.scalarAt(message, "extra", "exception_info");
            if (exception != null) {
                result.put(ToolResultData.ERROR, exception);
                result.put(ToolResultData.IS_ERROR, true);
            }
            Event resultEvent = session.append(NewEvent.of(RUN, "sandbox", EventType.TOOL_RESULT).at(timeOf(message)).causes(call.eventId())
                    .touches(StateKind.SESSION).data(result), 0);
            if (call.submit() && !result.has("exitCode")) {
                end("Submitted", content, resultEvent);
            }
        }

        private void exit(JsonNode message) {
            unanswered();
            end(JsonFields.scalarAt(message, "extra", "exit_status"), JsonFields.scalarAt(message, "extra", "submission"), null);
        }

        private void unanswered() {
            while (!pending.isEmpty()) {
                PendingCall call = pending.poll();
                session.finding(Finding.warning(ImportFindings.UNPAIRED_CALL, "tool call " + call.callId() + " has no recorded output", call.eventId(), 0));
            }
        }

        private void unknown(int index, JsonNode message, String role) {
            ObjectNode data = Json.object();
            data.put(NoteData.TEXT, "message " + (index + 1) + " with role '" + role + "' kept verbatim");
            data.set("raw", message);
            session.append(NewEvent.of(RUN, "harness", EventType.NOTE).at(timeOf(message)).touches(StateKind.SESSION).data(data), 0);
            session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, "message " + (index + 1) + " has role '" + role + "': kept as a note", null, 0));
        }

        private void end(String exitStatus, String submission, Event cause) {
            if (ended) {
                return;
            }
            ended = true;
            unanswered();
            ObjectNode data = Json.object();
            String status = exitStatus != null ? exitStatus : JsonFields.scalar(info, "exit_status");
            data.put(SessionEndData.OUTCOME, status == null ? "unknown" : SweAgentOutcome.of(status));
            if (status != null) {
                data.put(SessionEndData.SUMMARY, "exit status: " + status);
            }
            JsonNode stats = info.get("model_stats");
            if (usageSeen) {
                data.set(SessionEndData.USAGE, new UsageData(inputTokens, outputTokens, null, null).toPayload());
            }
            if (stats != null && stats.has("instance_cost")) {
                data.put(SessionEndData.COST_USD, stats.get("instance_cost").decimalValue());
            } else if (cost.signum() > 0) {
                data.put(SessionEndData.COST_USD, cost);
            }
            if (stats != null && stats.has("api_calls")) {
                data.put("modelCalls", stats.get("api_calls").asLong());
            }
            if (!usageSeen) {
                session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, "this trajectory records no token counts"
                        + (stats != null && stats.has("instance_cost") ? " (only the run's cost, on session.end)" : ""), null, 0));
            }
            if (submission != null && !submission.isEmpty()) {
                data.put("submissionBlob", session.putBlob(submission));
            }
            NewEvent draft = NewEvent.of(RUN, "harness", EventType.SESSION_END).at(timed ? bump() : clock.next()).touches(StateKind.SESSION).data(data);
            if (cause != null) {
                draft.causes(cause.id());
            }
            session.append(draft, 0);
        }
    }
}
