package dev.forkline.importers.sweagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SWE-agent trajectories ({@code .traj}): the pre-1.0 form (v0: {@code environment} is the env name, steps without
 * timing) and the 1.x form (v1: {@code replay_config} with image and base commit, {@code execution_time} per step,
 * {@code message_type} and function-calling {@code tool_calls} in the history). One step is one model call, one action
 * (a tool call with its effect class) and its observation. See docs/importers.md for what the format cannot tell.
 */
public final class SweAgentImporter extends SingleFileImporter {

    public static final String FORMAT = "swe-agent";
    static final String RUN = ImportSession.RUN;

    public SweAgentImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        return head.opensWith('{') && head.contains("\"trajectory\"")
                && head.containsAny("\"action\"", "\"observation\"", "\"history\"")
                && !head.contains("\"trajectory_format\"");
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        String source = path.toString();
        JsonNode root = JsonDocuments.read(path);
        JsonNode steps = root.isObject() ? root.get("trajectory") : null;
        if (steps == null || !steps.isArray()) {
            throw new TraceFormatException(source, 1, "not a SWE-agent trajectory: no 'trajectory' array at the top level");
        }
        ImportSession session = newSession(path);
        List<JsonNode> runs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        JsonNode attempts = root.get("attempts");
        if (attempts != null && attempts.isArray() && attempts.size() > 1) {
            // a retry loop: each attempt is its own run; the top level repeats the chosen one
            for (int i = 0; i < attempts.size(); i++) {
                runs.add(attempts.get(i));
                names.add("attempt-" + (i + 1));
            }
        } else {
            runs.add(root);
            names.add(RUN);
        }
        Instant at = Files.getLastModifiedTime(path).toInstant().minus(runs.stream().map(Reader::span).reduce(Duration.ZERO, Duration::plus));
        int chosen = root.path("info").path("best_attempt_idx").asInt(-1);
        StartCheckpoint checkpoint = new StartCheckpoint(session);
        for (int i = 0; i < runs.size(); i++) {
            JsonNode run = runs.get(i);
            if (!run.path("trajectory").isArray()) {
                throw new TraceFormatException(source, 0, names.get(i) + " has no 'trajectory' array");
            }
            new Reader(session, run, replayConfig(root), path, names.get(i), at, runs.size() > 1 ? Boolean.valueOf(i == chosen) : null, i == 0,
                    checkpoint).read();
            at = at.plus(Reader.span(run));
        }
        checkpoint.report(Finding.info(ImportFindings.NO_CHECKPOINT, "the trajectory runs no action: there is no replayable checkpoint",
                null, 0));
        if (runs.size() > 1) {
            session.finding(Finding.info(ImportFindings.ATTEMPTS_AS_RUNS, "a retry loop with " + runs.size() + " attempts: each is its own run"
                    + (chosen >= 0 ? " (attempt-" + (chosen + 1) + " was chosen)" : ""), null, 0));
        }
        String title = titleOf(root, path);
        return session.finish("swe-agent:" + title, title);
    }

    private static String titleOf(JsonNode root, Path path) {
        JsonNode replay = replayConfig(root);
        String id = JsonFields.scalarAt(replay, "problem_statement", "id");
        if (id != null) {
            return id;
        }
        String name = path.getFileName().toString();
        return name.endsWith(".traj") ? name.substring(0, name.length() - 5) : name;
    }

    /** v1 stores the run configuration as a JSON string; v0 has none. */
    static JsonNode replayConfig(JsonNode root) {
        JsonNode replay = root.get("replay_config");
        if (replay == null || replay.isNull()) {
            return null;
        }
        if (replay.isObject()) {
            return replay;
        }
        try {
            return Json.MAPPER.readTree(replay.asText());
        } catch (IOException e) {
            return null;
        }
    }

    /** One pass over one trajectory. */
    private static final class Reader {
        private final ImportSession session;
        private final JsonNode root;
        private final Path path;
        private final JsonNode info;
        private final JsonNode replay;
        private final boolean v1;
        private final String run;
        private final Boolean chosen;
        /** Findings about the format as a whole are made once, by the first run's reader. */
        private final boolean firstRun;
        private final SyntheticClock clock;
        private final StartCheckpoint checkpoint;
        private final SweAgentEnvironment sweEnvironment;
        private long seq;

        /** @param fileReplay the file's top-level replay_config, for an attempt that has none of its own */
        Reader(ImportSession session, JsonNode root, JsonNode fileReplay, Path path, String run, Instant start, Boolean chosen, boolean firstRun,
               StartCheckpoint checkpoint) {
            this.firstRun = firstRun;
            this.session = session;
            this.root = root;
            this.path = path;
            this.run = run;
            this.chosen = chosen;
            this.checkpoint = checkpoint;
            this.clock = new SyntheticClock(start);
            this.info = root.path("info");
            this.replay = replayConfig(root) != null ? replayConfig(root) : fileReplay;
            this.sweEnvironment = SweAgentEnvironment.of(replay, root.get("trajectory"));
            this.v1 = replay != null || info.has("swe_agent_version") || hasField(root.get("trajectory"), "execution_time")
                    || hasField(root.get("history"), "message_type");
        }

        private static boolean hasField(JsonNode array, String field) {
            if (array != null && array.isArray()) {
                for (JsonNode item : array) {
                    if (item.has(field)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** How much synthetic time a trajectory needs: its recorded step durations plus a few milliseconds per event. */
        static Duration span(JsonNode trajectory) {
            double seconds = 0;
            JsonNode steps = trajectory.path("trajectory");
            for (JsonNode step : steps) {
                seconds += Math.max(0, step.path("execution_time").asDouble(0));
            }
            return Duration.ofMillis((long) (seconds * 1000) + 4L * steps.size() + 6);
        }

        private Event append(NewEvent draft) {
            seq++;
            return session.append(draft, 0);
        }

        /** Ids are {@code <run>.<seq>} and this reader appends every event of its run, so the next id is known. */
        private String nextId() {
            return run + "." + (seq + 1);
        }

        void read() {
            JsonNode steps = root.get("trajectory");
            List<JsonNode> history = nonDemoHistory();
            HistoryAlignment alignment = HistoryAlignment.of(history, steps);
            if (!alignment.oneToOne()) {
                List<Integer> unmatched = alignment.unmatchedStepNumbers();
                session.finding(Finding.warning(ImportFindings.HISTORY_MISALIGNED, run + ": the history and the trajectory do not line up one to"
                        + " one: " + (steps.size() - alignment.unmatchedSteps()) + " of " + steps.size() + " steps matched their model response"
                        + " (call ids, function names and inputs kept)" + (unmatched.isEmpty() ? "" : "; step(s) " + unmatched.stream().limit(5)
                        .map(String::valueOf).reduce((a, b) -> a + ", " + b).orElse("") + (unmatched.size() > 5 ? ", ..." : "")
                        + " have none (their input is not recorded)") + (alignment.unmatchedMessages() > 0 ? "; "
                        + alignment.unmatchedMessages() + " model response(s) in the history have no step (requeries?)" : ""), null, 0));
            }
            if (firstRun) {
                session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "SWE-agent trajectories record no wall-clock times: event "
                        + "times are synthesised (ending at the file's modification time); the order is real"
                        + (v1 ? ", step durations come from execution_time" : ", durations are not"), null, 0));
            }

            String agent = agentName(history);
            Event start = startSession(agent);
            if (runsAnAction(steps)) {
                checkpoint.append(start, sweEnvironment.repoRoot(), sweEnvironment.startingTree(FORMAT, steps), 0);
                seq++; // the checkpoint is this run's next event
            }
            String task = taskOf(history);
            if (task != null) {
                ObjectNode message = Json.object();
                message.put(AgentMessageData.FROM, "harness");
                message.put(AgentMessageData.TO, "agent:" + agent);
                message.put(AgentMessageData.TEXT, task);
                append(NewEvent.of(run, "harness", EventType.AGENT_MESSAGE).at(clock.next()).causes(start.id())
                        .touches(StateKind.SESSION).data(message));
            }
            // An action runs where the previous one left the shell: the first in the repository root.
            String workingDir = sweEnvironment.repoRoot();
            int consumed = 0;
            for (int k = 0; k < steps.size(); k++) {
                JsonNode step = steps.get(k);
                int at = alignment.messageOf(k);
                JsonNode response = at >= 0 ? history.get(at) : null;
                List<JsonNode> input = at >= 0 ? history.subList(consumed, at) : List.of();
                if (at >= 0) {
                    consumed = at + 1;
                }
                String actor = "agent:" + (response != null && JsonFields.scalar(response, "agent") != null ? JsonFields.scalar(response, "agent") : agent);
                step(k, step, response, input, actor, workingDir);
                String stateDir = SweAgentEnvironment.workingDir(step);
                if (stateDir != null) {
                    workingDir = stateDir;
                }
            }
            endSession();
        }

        /** Whether some step runs an action (not only empty or exit_* steps): only then is there something to replay. */
        private static boolean runsAnAction(JsonNode steps) {
            for (JsonNode step : steps) {
                String action = JsonFields.scalar(step, "action");
                if (action != null && !action.isBlank() && !isExitAction(action)) {
                    return true;
                }
            }
            return false;
        }

        private List<JsonNode> nonDemoHistory() {
            List<JsonNode> out = new ArrayList<>();
            JsonNode history = root.get("history");
            int demos = 0;
            if (history != null && history.isArray()) {
                for (JsonNode entry : history) {
                    if (entry.path("is_demo").asBoolean(false)) {
                        demos++;
                    } else {
                        out.add(entry);
                    }
                }
            }
            if (demos > 0) {
                if (firstRun) {
                    session.finding(Finding.info(ImportFindings.DEMONSTRATIONS_SKIPPED, demos
                            + " demonstration message(s) in the history are examples shown to the model, not part of this run: not imported", null, 0));
                }
            }
            return out;
        }

        private static String agentName(List<JsonNode> history) {
            for (JsonNode entry : history) {
                String agent = JsonFields.scalar(entry, "agent");
                if (agent != null && !agent.isBlank()) {
                    return agent;
                }
            }
            return "swe-agent";
        }

        private static String taskOf(List<JsonNode> history) {
            for (JsonNode entry : history) {
                if ("user".equals(JsonFields.scalar(entry, "role"))) {
                    return JsonFields.contentText(entry.get("content"));
                }
                if ("assistant".equals(JsonFields.scalar(entry, "role"))) {
                    return null;
                }
            }
            return null;
        }

        private Event startSession(String agent) {
            ObjectNode data = Json.object();
            String problem = JsonFields.scalarAt(replay, "problem_statement", "id");
            if (problem != null) {
                data.put(SessionStartData.TITLE, problem);
            }
            ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
            ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
            harness.put(SessionStartData.HARNESS_NAME, "swe-agent");
            if (JsonFields.scalar(info, "swe_agent_version") != null) {
                harness.put(SessionStartData.HARNESS_VERSION, JsonFields.scalar(info, "swe_agent_version"));
            }
            String image = JsonFields.scalarAt(replay, "env", "deployment", "image");
            if (image != null) {
                environment.put(SessionStartData.ENVIRONMENT_IMAGE, image);
            } else {
                session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "the trajectory names no container image"
                        + (v1 ? "" : " (pre-1.0 trajectories record only the environment's name)") + ": a replay must be given one", null, 0));
            }
            JsonNode repo = JsonFields.at(replay, "env", "repo");
            if (repo != null) {
                ObjectNode git = environment.putObject(SessionStartData.ENVIRONMENT_GIT);
                String repository = JsonFields.firstScalar(repo, "github_url", "repo_name", "path");
                if (repository != null) {
                    git.put(SessionStartData.GIT_REPOSITORY, repository);
                }
                String base = JsonFields.scalar(repo, "base_commit");
                if (StartingTree.isUnpinned(base)) {
                    git.put("ref", base.strip());
                    session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, run + ": the base commit is recorded as '"
                            + base.strip() + "', which pins no commit: the starting tree is whatever it pointed to then", null, 0));
                } else if (base != null) {
                    git.put(SessionStartData.GIT_COMMIT, base);
                }
            }
            ObjectNode sweAgent = sweEnvironment.toJson();
            if (!sweAgent.isEmpty()) {
                environment.set(SessionStartData.ENVIRONMENT_SWE_AGENT, sweAgent);
            }
            String model = JsonFields.scalarAt(replay, "agent", "model", "name");
            if (model != null) {
                data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, model);
            } else {
                session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, "the trajectory does not name the model that produced it", null, 0));
            }
            ObjectNode imported = Payloads.putImported(data, FORMAT, path.toString());
            imported.put("version", v1 ? "1" : "0");
            if (root.path("environment").isTextual()) {
                imported.put("environmentName", root.get("environment").asText());
            }
            imported.put("agent", agent);
            if (chosen != null) {
                imported.put("chosenAttempt", chosen);
            }
            return append(NewEvent.of(run, "harness", EventType.SESSION_START).at(clock.next()).touches(StateKind.SESSION).data(data));
        }

        private void step(int k, JsonNode step, JsonNode response, List<JsonNode> input, String actor, String cwd) {
            String action = JsonFields.scalar(step, "action");
            String observation = JsonFields.scalar(step, "observation");
            String thought = JsonFields.scalar(step, "thought");
            String responseText = JsonFields.scalar(step, "response");
            if (responseText == null && response != null) {
                responseText = JsonFields.contentText(response.get("content"));
            }
            JsonNode toolCalls = response == null ? null : response.get("tool_calls");
            ObjectNode call = Json.object();
            if (JsonFields.scalarAt(replay, "agent", "model", "name") != null) {
                call.put(ModelCallData.MODEL, JsonFields.scalarAt(replay, "agent", "model", "name"));
            }
            ObjectNode in = call.putObject(ModelCallData.INPUT);
            in.put(ModelCallData.INPUT_SUMMARY, input.isEmpty() ? (response == null ? "not recorded" : "no new messages")
                    : input.size() + " new message(s)");
            if (!input.isEmpty()) {
                ArrayNode messages = in.putArray(ModelCallData.INPUT_MESSAGES);
                for (JsonNode message : input) {
                    ObjectNode m = messages.addObject();
                    m.put(ModelCallData.MESSAGE_ROLE, JsonFields.scalar(message, "role"));
                    m.put(ModelCallData.MESSAGE_CONTENT, JsonFields.contentText(message.get("content")));
                }
            }
            ObjectNode out = call.putObject(ModelCallData.OUTPUT);
            out.put(ModelCallData.OUTPUT_TEXT, responseText == null ? "" : responseText);
            if (thought != null) {
                out.put("thought", thought);
            }
            ArrayNode calls = out.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
            boolean control = action == null || action.isBlank() || isExitAction(action);
            String callId = "step-" + (k + 1);
            String tool;
            ObjectNode arguments;
            EffectClass effect = null;
            boolean functionCall = toolCalls != null && toolCalls.isArray() && !toolCalls.isEmpty();
            if (functionCall) {
                JsonNode first = toolCalls.get(0);
                callId = JsonFields.scalar(first, "id") != null ? JsonFields.scalar(first, "id") : callId;
                tool = JsonFields.scalarAt(first, "function", "name");
                arguments = JsonFields.objectOrRaw(JsonFields.at(first, "function", "arguments"));
                if (toolCalls.size() > 1) {
                    session.finding(Finding.warning(ImportFindings.PARALLEL_CALLS_MERGED, "step " + (k + 1) + " lists " + toolCalls.size()
                            + " tool calls but one action and one observation: only the first is imported as a call", null, 0));
                }
            } else {
                tool = SweAgentCommands.commandName(action == null ? "" : action);
                arguments = Json.object();
                arguments.put(ToolCallData.ARGUMENT_COMMAND, action == null ? "" : action);
            }
            if (!control) {
                calls.add(ModelCallData.toolCall(callId, tool, arguments));
            }
            Event model = append(NewEvent.of(run, actor, EventType.MODEL_CALL).at(clock.next())
                    .touches(StateKind.SESSION).data(call));
            if (control) {
                ObjectNode note = Json.object();
                note.put(NoteData.TEXT, action == null || action.isBlank() ? "step " + (k + 1) + ": the model gave no action"
                        : "step " + (k + 1) + ": agent loop ended with '" + action.strip() + "'");
                if (observation != null && !observation.isBlank()) {
                    note.put("observation", observation);
                }
                append(NewEvent.of(run, "harness", EventType.NOTE).at(clock.next()).causes(model.id())
                        .touches(StateKind.HARNESS).data(note));
                return;
            }
            if (functionCall) {
                effect = SweAgentCommands.ofFunction(tool, arguments).orElse(null);
            } else {
                effect = SweAgentCommands.ofAction(action);
            }
            String toolCallId = nextId();
            ObjectNode data = toolCallData(callId, tool, arguments, effect, toolCallId);
            // What a replay re-executes in SWE-agent's shell (with its tool bundles installed): the action as recorded.
            ObjectNode sweAgent = data.putObject(ToolCallData.SWE_AGENT);
            sweAgent.put(ToolCallData.SWE_AGENT_ACTION, step.get("action").asText());
            if (cwd != null) {
                sweAgent.put(ToolCallData.SWE_AGENT_CWD, cwd);
            }
            if (isShell(functionCall, tool, action)) {
                ObjectNode exec = data.putObject(ToolCallData.EXEC);
                exec.putArray(ToolCallData.EXEC_ARGV).add("bash").add("-c").add(functionCall ? JsonFields.scalar(arguments, "command") : action);
                if (cwd != null) {
                    exec.put(ToolCallData.EXEC_CWD, cwd);
                }
            }
            Event toolCall = append(NewEvent.of(run, actor, EventType.TOOL_CALL).at(clock.next()).causes(model.id())
                    .touches(effectTouches(data)).data(data));
            ObjectNode result = Json.object();
            result.put(ToolResultData.CALL_ID, callId);
            result.put(ToolResultData.STDOUT, observation == null ? "" : observation);
            if (step.has("execution_time")) {
                result.put(ToolResultData.DURATION_MS, Math.round(step.get("execution_time").asDouble() * 1000));
            }
            Instant resultAt = step.has("execution_time")
                    ? clock.advance(Duration.ofMillis(Math.round(step.get("execution_time").asDouble() * 1000)))
                    : clock.next();
            append(NewEvent.of(run, "sandbox", EventType.TOOL_RESULT).at(resultAt).causes(toolCall.id())
                    .touches(StateKind.SESSION).data(result));
        }

        /** A plain shell command (not one of SWE-agent's own commands): replayable as {@code bash -c}. */
        private static boolean isShell(boolean functionCall, String tool, String action) {
            if (functionCall) {
                return "bash".equals(tool);
            }
            return SweAgentCommands.isShellAction(action);
        }

        private ObjectNode toolCallData(String callId, String tool, ObjectNode arguments, EffectClass effect, String eventId) {
            EffectClass resolved = effect != null ? effect : session.classify(tool, arguments, eventId, 0).effect();
            return ToolCallData.payload(callId, tool, arguments, resolved);
        }

        private static java.util.List<StateKind> effectTouches(ObjectNode call) {
            return EffectClass.valueOf(call.path(ToolCallData.EFFECT).asText().toUpperCase(Locale.ROOT)).touchedByCall();
        }

        private static boolean isExitAction(String action) {
            String name = SweAgentCommands.commandName(action);
            return name.equals("exit") || name.startsWith("exit_");
        }

        private void endSession() {
            ObjectNode data = Json.object();
            String exit = JsonFields.scalar(info, "exit_status");
            data.put(SessionEndData.OUTCOME, SweAgentOutcome.of(exit));
            if (exit != null) {
                data.put(SessionEndData.SUMMARY, "exit status: " + exit);
            } else {
                session.finding(Finding.warning(ImportFindings.NO_OUTCOME, "the trajectory records no exit status: outcome unknown", null, 0));
            }
            JsonNode stats = info.get("model_stats");
            if (stats != null && stats.isObject()) {
                ObjectNode usage = data.putObject(SessionEndData.USAGE);
                usage.put(UsageData.INPUT_TOKENS, stats.path("tokens_sent").asLong(0));
                usage.put(UsageData.OUTPUT_TOKENS, stats.path("tokens_received").asLong(0));
                data.put(SessionEndData.USAGE_SCOPE, "run-totals");
                if (stats.has("instance_cost")) {
                    data.put(SessionEndData.COST_USD, new BigDecimal(stats.get("instance_cost").asText()));
                }
                if (stats.has("api_calls")) {
                    data.put("modelCalls", stats.get("api_calls").asLong());
                    long steps = root.get("trajectory").size();
                    if (stats.get("api_calls").asLong() != steps) {
                        session.finding(Finding.info(ImportFindings.MODEL_CALLS_UNRECORDED, stats.get("api_calls").asLong()
                                + " model calls were billed but " + steps + " steps recorded (requeries after format errors "
                                + "or reviews leave no step)", null, 0));
                    }
                }
                if (firstRun) {
                    session.finding(Finding.info(ImportFindings.USAGE_TOTALS_ONLY, "SWE-agent records token and cost totals for the run, "
                            + "not per model call: they are on session.end, the model.call events carry none", null, 0));
                }
            }
            String submission = JsonFields.scalar(info, "submission");
            if (submission != null && !submission.isEmpty()) {
                data.put("submission", submission);
                data.put("submissionBlob", session.putBlob(submission));
            }
            append(NewEvent.of(run, "harness", EventType.SESSION_END).at(clock.next()).touches(StateKind.SESSION).data(data));
        }
    }
}
