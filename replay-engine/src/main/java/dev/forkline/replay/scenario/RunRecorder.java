package dev.forkline.replay.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.sandbox.CallOutput;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.ManifestEntry;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.SandboxLostException;
import dev.forkline.replay.sandbox.SandboxPayloads;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.sandbox.WorkspaceManifest;
import dev.forkline.replay.sandbox.WorkspacePaths;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentHandoffData;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.EscapeBoundary;
import dev.forkline.trace.payload.ForkReason;
import dev.forkline.trace.payload.HarnessRestartData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.RevertData;
import dev.forkline.trace.payload.RevertTarget;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.SandboxLostData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionOutcome;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Records one run of a scenario: executes its steps for real in a sandbox and writes what happened as events. Holds the
 * run's live state: the sandbox, the last manifest read from it, calls without results, and the checkpoints taken
 * (which the recovery run, recorded by a second instance, starts from).
 */
final class RunRecorder implements AutoCloseable {

    /** Outputs longer than this go to blobs instead of inline strings. */
    static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(30);
    static final String INITIAL_CHECKPOINT = "cp-initial";

    /** A checkpoint as the recorder keeps it: its event, its files (to restore) and its manifest (to verify). */
    record CheckpointState(Event event, String checkpointId, List<WorkspaceFile> files, WorkspaceManifest manifest) {
    }

    private final Scenario scenario;
    private final TraceSink sink;
    private final StandIns standIns;
    private final SandboxBackend engine;
    private final IsolationBoundary boundary;
    private final String run;
    private final Map<String, CheckpointState> checkpoints;
    private final Map<String, String> modelCallOf = new HashMap<>();
    private final Map<String, Event> callEvents = new HashMap<>();
    private final Set<String> pending = new LinkedHashSet<>();
    private final Map<String, Integer> expectOverrides;
    private Sandbox sandbox;
    private WorkspaceManifest manifest;
    private CheckpointState lastCheckpoint;

    RunRecorder(Scenario scenario, TraceSink sink, StandIns standIns, SandboxBackend engine, IsolationBoundary boundary, String run,
                Map<String, CheckpointState> checkpoints, Map<String, Integer> expectOverrides) {
        this.scenario = scenario;
        this.sink = sink;
        this.standIns = standIns;
        this.engine = engine;
        this.boundary = boundary;
        this.run = run;
        this.checkpoints = checkpoints;
        this.expectOverrides = expectOverrides;
    }

    String run() {
        return run;
    }

    Sandbox sandbox() {
        return sandbox;
    }

    // ---- sandbox lifecycle -------------------------------------------------------------------------------------

    void startSandbox(List<WorkspaceFile> files) {
        sandbox = engine.start(boundary, new SandboxLabels(scenario.name(), run), files);
        manifest = sandbox.manifest();
    }

    /** Takes over a live sandbox of another run (a revert restores into the same container). */
    void adoptSandbox(Sandbox live) {
        sandbox = live;
        manifest = live.manifest();
    }

    /** Restores a checkpoint: into the current sandbox when it is alive (revert), else into a fresh one. */
    long restore(CheckpointState checkpoint, boolean intoCurrent) {
        long started = System.nanoTime();
        if (intoCurrent && sandbox != null && sandbox.state().running()) {
            sandbox.replaceWorkspace(checkpoint.files());
            manifest = sandbox.manifest();
        } else {
            if (sandbox != null) {
                sandbox.close();
            }
            startSandbox(checkpoint.files());
        }
        long durationMs = (System.nanoTime() - started) / 1_000_000;
        if (!sameContent(manifest, checkpoint.manifest())) {
            throw new ScenarioException("restoring checkpoint " + checkpoint.checkpointId() + " did not reproduce its workspace");
        }
        return durationMs;
    }

    private static boolean sameContent(WorkspaceManifest a, WorkspaceManifest b) {
        return a.changesTo(b).isEmpty();
    }

    @Override
    public void close() {
        if (sandbox != null) {
            sandbox.close();
        }
    }

    // ---- events framing the run --------------------------------------------------------------------------------

    Event sessionStart(ObjectNode environment) {
        ObjectNode model = Json.object();
        model.put(SessionStartData.MODEL_PROVIDER, scenario.model().provider());
        model.put(SessionStartData.MODEL_NAME, scenario.model().model());
        model.put(SessionStartData.MODEL_VERSION, scenario.model().version());
        ObjectNode data = new SessionStartData(scenario.title(), environment, model, null).toPayload();
        Event start = sink.append(NewEvent.of(run, "harness", EventType.SESSION_START).touches(StateKind.SESSION, StateKind.HARNESS).data(data));
        // the starting workspace is a checkpoint, so every later mutation has a known base
        checkpoint(new Scenario.CheckpointStep(INITIAL_CHECKPOINT, "initial workspace"));
        return start;
    }

    Event runFork(Scenario.Recovery recovery, CheckpointState from, String parentRun) {
        sink.startFork(run, from.event());
        ArrayNode edits = Json.MAPPER.createArrayNode();
        for (Scenario.Edit edit : recovery.edits()) {
            ObjectNode e = edits.addObject();
            e.put("id", edit.id());
            putIfSet(e, "command", edit.command());
            putIfSet(e, "response", edit.response());
            putIfSet(e, "content", edit.content());
            if (edit.skips()) {
                e.put("skip", true);
            }
            putIfSet(e, "description", edit.description());
        }
        ObjectNode data = new RunForkData(parentRun, from.checkpointId(), from.event().id(),
                ForkReason.parse(recovery.mode()).orElseThrow(), edits, null, recovery.reason()).toPayload();
        String actor = recovery.by() == null ? "harness" : recovery.by();
        lastCheckpoint = from;
        return sink.append(NewEvent.of(run, actor, EventType.RUN_FORK).touches(StateKind.HARNESS).data(data));
    }

    void revertEvent(CheckpointState to, long durationMs, String cause) {
        ObjectNode data = new RevertData(to.checkpointId(), RevertTarget.CONTAINER, (double) durationMs, null, null).toPayload();
        sink.append(NewEvent.of(run, "harness", EventType.REVERT).causes(cause).touches(StateKind.WORKSPACE).data(data));
    }

    void sessionEnd(Scenario.Outcome outcome) {
        ObjectNode data = Json.object();
        // the scenario's own words: an outcome SessionOutcome does not name is written as the scenario gives it
        data.put(SessionEndData.OUTCOME, outcome == null || outcome.outcome() == null ? SessionOutcome.UNKNOWN.wireName() : outcome.outcome());
        if (outcome != null && outcome.summary() != null) {
            data.put(SessionEndData.SUMMARY, outcome.summary().strip());
        }
        if (!pending.isEmpty()) {
            ArrayNode unknown = data.putArray(SessionEndData.UNKNOWN_OUTCOMES);
            pending.forEach(unknown::add);
        }
        sink.append(NewEvent.of(run, "harness", EventType.SESSION_END).touches(StateKind.SESSION).data(data));
    }

    // ---- steps -----------------------------------------------------------------------------------------------------

    void perform(Scenario.Step step, Scenario.Edit edit) {
        switch (step.kind()) {
            case "model" -> model(step.model(), edit);
            case "tool" -> tool(step.tool(), edit);
            case "fetch" -> fetch(step.fetch(), edit);
            case "external" -> external(step.external());
            case "checkpoint" -> checkpoint(step.checkpoint());
            case "fault" -> fault(step.fault(), edit);
            case "escape" -> escape(step.escape());
            case "message" -> message(step.message());
            case "handoff" -> handoff(step.handoff());
            default -> throw new ScenarioException("unknown step kind " + step.kind());
        }
    }

    private void model(Scenario.ModelStep m, Scenario.Edit turnEdit) {
        ObjectNode input = Json.object();
        String summary = turnEdit != null && turnEdit.summary() != null ? turnEdit.summary() : m.summary();
        String text = turnEdit != null && turnEdit.text() != null ? turnEdit.text() : m.text();
        input.put(ModelCallData.INPUT_SUMMARY, summary == null ? "" : summary.strip());
        ObjectNode output = Json.object();
        output.put(ModelCallData.OUTPUT_TEXT, text == null ? "" : text.strip());
        ArrayNode calls = output.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
        if (m.toolCalls() != null) {
            for (Scenario.RequestedCall call : m.toolCalls()) {
                ObjectNode arguments = call.arguments() == null ? Json.object() : call.arguments().deepCopy();
                Scenario.Edit edit = editFor(call.callId());
                if (edit != null && edit.command() != null && arguments.has(ToolCallData.ARGUMENT_COMMAND)) {
                    arguments.put(ToolCallData.ARGUMENT_COMMAND, edit.command());
                }
                calls.add(ModelCallData.toolCall(call.callId(), call.name(), arguments));
            }
        }
        Scenario.Usage u = m.usage() == null ? new Scenario.Usage(0, 0, 0, 0) : m.usage();
        ObjectNode usage = new UsageData(u.inputTokens(), u.outputTokens(), u.cacheReadTokens(), u.cacheWriteTokens()).toPayload();
        ObjectNode data = new ModelCallData(m.model() != null ? m.model() : scenario.model().model(), scenario.model().provider(),
                input, output, usage, null, m.latencyMs() == null ? null : m.latencyMs().doubleValue()).toPayload();
        if (m.costUsd() != null) {
            // the scenario's decimal as written, not rounded through a double
            data.put(ModelCallData.COST_USD, m.costUsd());
        }
        Event event = sink.append(NewEvent.of(run, agentActor(m.agent()), EventType.MODEL_CALL).touches(StateKind.SESSION).data(data));
        if (m.toolCalls() != null) {
            m.toolCalls().forEach(call -> modelCallOf.put(call.callId(), event.id()));
        }
    }

    private Map<String, Scenario.Edit> edits = Map.of();

    void useEdits(List<Scenario.Edit> recoveryEdits) {
        Map<String, Scenario.Edit> byId = new HashMap<>();
        recoveryEdits.forEach(e -> byId.put(e.id(), e));
        this.edits = byId;
    }

    Scenario.Edit editFor(String id) {
        return id == null ? null : edits.get(id);
    }

    private void tool(Scenario.ToolStep t, Scenario.Edit edit) {
        String command = edit != null && edit.command() != null ? edit.command() : t.command();
        EffectClass effect = t.effect() == null ? EffectClass.WORKSPACE : EffectClass.fromWire(t.effect());
        Duration timeout = t.timeoutMs() == null ? DEFAULT_CALL_TIMEOUT : Duration.ofMillis(t.timeoutMs());
        Map<String, String> env = t.env() == null ? Map.of() : t.env();
        ObjectNode arguments = Json.object();
        arguments.put(ToolCallData.ARGUMENT_COMMAND, command);
        Event call = callEvent(t.agent(), t.callId(), "shell", arguments, effect, t.idempotencyKey(), command, t.cwd(), env, timeout);
        ExecResult result = execute(call, command, t.cwd(), env, timeout);
        if (result == null) {
            return;
        }
        Integer expected = expectOverrides.containsKey(t.callId()) ? expectOverrides.get(t.callId()) : t.expectExit();
        checkExpected(t.callId(), expected, result);
    }

    private void fetch(Scenario.FetchStep f, Scenario.Edit edit) {
        ObjectNode arguments = Json.object();
        arguments.put(ToolCallData.ARGUMENT_URL, f.url());
        Event call = callEvent(f.agent(), f.callId(), "fetch", arguments, EffectClass.READ, null, null, null, Map.of(), null);
        Optional<String> body = edit != null && edit.response() != null ? Optional.of(edit.response()) : standIns.fetch(f.standIn(), f.url());
        ToolResultData result = ToolResultData.of(f.callId());
        if (body.isEmpty()) {
            result = result.withError(true).withErrorMessage("404: the stand-in '" + f.standIn() + "' has nothing at " + f.url());
        } else {
            CallOutput.Stored stdout = CallOutput.store(body.get().getBytes(StandardCharsets.UTF_8), sink::blob);
            result = new ToolResultData(f.callId(), null, stdout.text(), null, stdout.blob(), null, null, false, null, null, null, null);
            if (f.saveAs() != null) {
                sandbox.putFiles(List.of(WorkspaceFile.regular(f.saveAs(), body.get().getBytes(StandardCharsets.UTF_8), 0644)));
                recordChanges(call.id(), "harness");
            }
        }
        ObjectNode data = result.toPayload();
        data.put(ToolResultData.STAND_IN, f.standIn());
        sink.append(NewEvent.of(run, "harness", EventType.TOOL_RESULT).causes(call.id()).touches(StateKind.HARNESS).data(data));
        pending.remove(f.callId());
    }

    private void external(Scenario.ExternalStep x) {
        ObjectNode arguments = Json.object();
        arguments.put(ToolCallData.ARGUMENT_STAND_IN, x.standIn());
        putIfSet(arguments, ToolCallData.ARGUMENT_REQUEST_FILE, x.requestFile());
        putIfSet(arguments, ToolCallData.IDEMPOTENCY_KEY, x.idempotencyKey());
        boolean deliver = x.action().equals("deliver");
        Event call = callEvent(x.agent(), x.callId(), x.action(), arguments, deliver ? EffectClass.EXTERNAL : EffectClass.READ,
                x.idempotencyKey(), null, null, Map.of(), null);
        try {
            if (!deliver) {
                Optional<String> found = standIns.lookup(x.standIn(), x.idempotencyKey());
                ObjectNode data = ToolResultData.of(x.callId()).withExitCode(found.isPresent() ? 0 : 1)
                        .withStdout(found.map(line -> line + "\n").orElse("no entry with idempotency key " + x.idempotencyKey() + "\n"))
                        .withError(false).toPayload();
                data.put(ToolResultData.STAND_IN, x.standIn());
                sink.append(NewEvent.of(run, "harness", EventType.TOOL_RESULT).causes(call.id()).touches(StateKind.HARNESS).data(data));
                pending.remove(x.callId());
                return;
            }
            byte[] request = sandbox.pullFiles(List.of(x.requestFile())).get(WorkspacePaths.normalize(x.requestFile()));
            if (request == null) {
                throw new ScenarioException(x.callId() + ": request file " + x.requestFile() + " is not in the workspace");
            }
            // the call is durable before the effect starts: after a crash the log shows it was (maybe) sent
            sink.sync();
            int entry = standIns.deliver(x.standIn(), x.idempotencyKey(), new String(request, StandardCharsets.UTF_8));
            StringBuilder stdout = new StringBuilder("delivered to " + x.standIn() + " as entry " + entry + "\n");
            int exitCode = 0;
            if (x.confirm() != null) {
                ExecResult confirmed = executeConfirm(call, x);
                if (confirmed == null) {
                    return; // the sandbox was lost mid-call: no result, the outcome stays unknown
                }
                stdout.append(new String(confirmed.stdout(), StandardCharsets.UTF_8));
                exitCode = confirmed.exitCode();
            }
            ObjectNode data = ToolResultData.of(x.callId()).withExitCode(exitCode).withStdout(stdout.toString()).withError(false)
                    .withExternal(ToolResultData.external(x.standIn(), (long) entry, null)).toPayload();
            data.put(ToolResultData.STAND_IN, x.standIn());
            sink.append(NewEvent.of(run, "harness", EventType.TOOL_RESULT).causes(call.id())
                    .touches(StateKind.HARNESS, StateKind.EXTERNAL).data(data));
            pending.remove(x.callId());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ExecResult executeConfirm(Event call, Scenario.ExternalStep x) {
        Thread killer = null;
        if (x.killSandboxAfterMs() != null) {
            Sandbox doomed = sandbox;
            long delay = x.killSandboxAfterMs();
            killer = Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(delay);
                    doomed.kill();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        try {
            return execute(call, x.confirm(), null, Map.of(), DEFAULT_CALL_TIMEOUT);
        } finally {
            if (killer != null) {
                killer.interrupt();
            }
        }
    }

    private void checkpoint(Scenario.CheckpointStep c) {
        String checkpointId = run.equals(ScenarioRecorder.MAIN_RUN) ? c.id() : c.id() + "@" + run;
        WorkspaceManifest current = sandbox.manifest();
        Map<String, WorkspaceFile> pulled = sandbox.pullWorkspace();
        Map<String, CheckpointData.FileEntry> files = new LinkedHashMap<>();
        List<WorkspaceFile> restorable = new ArrayList<>();
        for (Map.Entry<String, ManifestEntry> entry : current.entries().entrySet()) {
            WorkspaceFile file = pulled.get(entry.getKey());
            if (file == null) {
                throw new ScenarioException("checkpoint " + checkpointId + ": " + entry.getKey() + " vanished between listing and copy");
            }
            String mode = entry.getValue().modeString();
            if (file.isSymlink()) {
                files.put(entry.getKey(), CheckpointData.FileEntry.link(file.linkTarget(), mode));
            } else {
                String blob = sink.blob(file.content());
                if (!blob.equals(entry.getValue().sha256())) {
                    throw new ScenarioException("checkpoint " + checkpointId + ": " + entry.getKey() + " changed between listing and copy");
                }
                files.put(entry.getKey(), CheckpointData.FileEntry.regular(blob, mode));
            }
            restorable.add(file);
        }
        ObjectNode harness = Json.object();
        ArrayNode pendingCalls = harness.putArray(CheckpointData.HARNESS_PENDING);
        pending.forEach(pendingCalls::add);
        ObjectNode data = new CheckpointData(checkpointId, c.label(), CheckpointData.workspace(boundary.workspace(), files), harness,
                Json.MAPPER.createArrayNode()).toPayload();
        Event event = sink.append(NewEvent.of(run, "harness", EventType.CHECKPOINT)
                .touches(StateKind.WORKSPACE, StateKind.HARNESS, StateKind.PROCESS).data(data));
        manifest = current;
        CheckpointState state = new CheckpointState(event, checkpointId, List.copyOf(restorable), current);
        checkpoints.put(c.id(), state);
        checkpoints.put(checkpointId, state);
        lastCheckpoint = state;
    }

    private void fault(Scenario.FaultStep f, Scenario.Edit edit) {
        if (f.error() != null) {
            ObjectNode data = new ErrorData(f.error(), "injected").toPayload();
            sink.append(NewEvent.of(run, "harness", EventType.ERROR).touches(StateKind.HARNESS).data(data));
            return;
        }
        ObjectNode note = NoteData.of("fault injected (" + f.id() + "): "
                + (f.description() == null ? "overwrites " + f.path() : f.description().strip())).toPayload();
        Event noteEvent = sink.append(NewEvent.of(run, "harness", EventType.NOTE).touches(StateKind.HARNESS).data(note));
        String content = edit != null && edit.content() != null ? edit.content() : f.content();
        sandbox.putFiles(List.of(WorkspaceFile.regular(f.path(), content.getBytes(StandardCharsets.UTF_8), modeBits(f.mode()))));
        recordChanges(noteEvent.id(), "harness");
    }

    private void escape(Scenario.EscapeStep e) {
        EscapeBoundary boundary = EscapeBoundary.parse(e.boundary()).orElseThrow();
        EffectClass effect = switch (boundary) {
            case NETWORK -> EffectClass.EXTERNAL;
            case PROCESS, RESOURCE -> EffectClass.PROCESS;
            case FILESYSTEM, PRIVILEGE -> EffectClass.PRIVILEGED;
        };
        ObjectNode arguments = Json.object();
        arguments.put(ToolCallData.ARGUMENT_COMMAND, e.command());
        Event call = callEvent(e.agent(), e.callId(), "shell", arguments, effect, null, e.command(), null, Map.of(), DEFAULT_CALL_TIMEOUT);
        ExecResult result = execute(call, e.command(), null, Map.of(), DEFAULT_CALL_TIMEOUT);
        if (result == null) {
            return;
        }
        ObjectNode attempt = new EscapeAttemptData(boundary, e.command(), !result.succeeded(), e.callId(),
                lastLine(result.stderrText().isBlank() ? result.stdoutText() : result.stderrText())).toPayload();
        StateKind touched = switch (boundary) {
            case NETWORK -> StateKind.EXTERNAL;
            case FILESYSTEM -> StateKind.WORKSPACE;
            default -> StateKind.PROCESS;
        };
        Event escape = sink.append(NewEvent.of(run, "sandbox", EventType.ESCAPE_ATTEMPT).causes(call.id()).touches(touched).data(attempt));
        Scenario.Approval approval = e.approval();
        if (approval == null) {
            return;
        }
        String owner = approval.owner() != null ? approval.owner() : scenario.owner();
        ObjectNode request = new ApprovalRequestData(call.id(), approval.reason() == null
                ? "the call tried to cross the " + e.boundary() + " boundary" : approval.reason().strip(), owner).toPayload();
        // Only the request is recorded: a decision belongs to the human owner, signed with their key (forkline decide).
        sink.append(NewEvent.of(run, "harness", EventType.APPROVAL_REQUEST).causes(escape.id())
                .touches(StateKind.HARNESS).data(request));
    }

    private void message(Scenario.MessageStep m) {
        ObjectNode data = Json.object();
        data.put(AgentMessageData.FROM, m.from());
        data.put(AgentMessageData.TO, m.to());
        data.put(AgentMessageData.TEXT, m.text() == null ? "" : m.text().strip());
        sink.append(NewEvent.of(run, agentActor(m.from()), EventType.AGENT_MESSAGE).touches(StateKind.SESSION).data(data));
    }

    private void handoff(Scenario.HandoffStep h) {
        ObjectNode data = Json.object();
        data.put(AgentHandoffData.FROM, h.from());
        data.put(AgentHandoffData.TO, h.to());
        data.put(AgentHandoffData.REASON, h.reason() == null ? "" : h.reason().strip());
        sink.append(NewEvent.of(run, agentActor(h.from()), EventType.AGENT_HANDOFF).touches(StateKind.SESSION, StateKind.HARNESS).data(data));
    }

    // ---- calls, results, mutations ---------------------------------------------------------------------------------

    private Event callEvent(String agent, String callId, String tool, ObjectNode arguments, EffectClass effect, String idempotencyKey,
                            String command, String cwd, Map<String, String> env, Duration timeout) {
        ObjectNode exec = null;
        if (command != null) {
            exec = Json.object();
            ArrayNode argv = exec.putArray(ToolCallData.EXEC_ARGV);
            argv.add("sh").add("-c").add(command);
            exec.put(ToolCallData.EXEC_CWD, cwd == null ? boundary.workspace() : boundary.workspace() + "/" + cwd);
            ObjectNode envJson = exec.putObject(ToolCallData.EXEC_ENV);
            new java.util.TreeMap<>(env).forEach(envJson::put);
            exec.put(ToolCallData.EXEC_TIMEOUT_MS, timeout.toMillis());
        }
        ObjectNode data = new ToolCallData(callId, tool, arguments, effect, idempotencyKey, exec).toPayload();
        NewEvent draft = NewEvent.of(run, agentActor(agent), EventType.TOOL_CALL).touches(effect.touchedByCall()).data(data);
        String requestedBy = modelCallOf.get(callId);
        if (requestedBy != null) {
            draft.causes(requestedBy);
        }
        Event event = sink.append(draft);
        callEvents.put(callId, event);
        pending.add(callId);
        return event;
    }

    /** Runs a command for its call, records the mutations it made and its result; null when the sandbox was lost. */
    private ExecResult execute(Event call, String command, String cwd, Map<String, String> env, Duration timeout) {
        String callId = ToolCallData.from(call.data()).callId();
        ExecResult result;
        boolean changed;
        try {
            result = sandbox.exec(List.of("sh", "-c", command), cwd, env, timeout);
            changed = recordChanges(call.id(), "sandbox");
        } catch (SandboxLostException lost) {
            sandboxLost(call, lost);
            return null;
        }
        Sandbox running = sandbox;
        ObjectNode data = SandboxPayloads.result(callId, result, "killed after the " + timeout.toMillis() + " ms timeout",
                running::outOfMemoryError, sink::blob).toPayload();
        NewEvent draft = NewEvent.of(run, "sandbox", EventType.TOOL_RESULT).causes(call.id()).touches(StateKind.HARNESS).data(data);
        if (changed) {
            draft.touches(StateKind.WORKSPACE);
        }
        sink.append(draft);
        pending.remove(callId);
        return result;
    }

    /** Diffs the workspace against the last manifest and records one state.mutation per changed path. */
    private boolean recordChanges(String causeId, String actor) {
        WorkspaceManifest after = sandbox.manifest();
        List<WorkspaceManifest.Change> changes = manifest.changesTo(after);
        if (changes.isEmpty()) {
            manifest = after;
            return false;
        }
        Map<String, WorkspaceFile> contents = changes.stream().anyMatch(c -> c.after() != null)
                ? sandbox.pullWorkspace() : Map.of();
        for (WorkspaceManifest.Change change : changes) {
            if (change.after() != null) {
                WorkspaceFile file = contents.get(change.path());
                byte[] bytes = file == null ? null : file.isSymlink() ? file.linkTarget().getBytes(StandardCharsets.UTF_8) : file.content();
                if (bytes != null) {
                    sink.blob(bytes);
                }
            }
            ObjectNode data = SandboxPayloads.mutation(change.path(), SandboxPayloads.op(change.kind()), change.before(), change.after())
                    .toPayload();
            sink.append(NewEvent.of(run, actor, EventType.STATE_MUTATION).causes(causeId).touches(StateKind.WORKSPACE).data(data));
        }
        manifest = after;
        return true;
    }

    private void sandboxLost(Event call, SandboxLostException lost) {
        ObjectNode data = new SandboxLostData("the sandbox container stopped during call " + ToolCallData.from(call.data()).callId()
                + (lost.state().oomKilled() ? " (killed for exceeding its memory limit)" : " (killed)"), sandbox.containerId(),
                lost.state().exitCode() == null ? null : lost.state().exitCode().longValue(), lost.state().oomKilled()).toPayload();
        Event lostEvent = sink.append(NewEvent.of(run, "harness", EventType.SANDBOX_LOST).causes(call.id())
                .touches(StateKind.PROCESS, StateKind.WORKSPACE).data(data));
        sandbox.close();
        sandbox = null;
        if (lastCheckpoint == null) {
            throw new ScenarioException("the sandbox was lost before any checkpoint: nothing to restart from");
        }
        // the restart works from the durable log alone: the last checkpoint written and the calls that have no result
        sink.sync();
        ArrayNode unknown = Json.MAPPER.createArrayNode();
        pending.forEach(unknown::add);
        ObjectNode restart = new HarnessRestartData(lastCheckpoint.checkpointId(),
                "sandbox lost; restarting from the durable log into a fresh sandbox restored from the last checkpoint", unknown).toPayload();
        Event restarted = sink.append(NewEvent.of(run, "harness", EventType.HARNESS_RESTART).causes(lostEvent.id())
                .touches(StateKind.HARNESS).data(restart));
        long durationMs = restore(lastCheckpoint, false);
        revertEvent(lastCheckpoint, durationMs, restarted.id());
    }

    private void checkExpected(String callId, Integer expected, ExecResult result) {
        if (expected != null && expected != result.exitCode()) {
            throw new ScenarioException("call " + callId + " exited " + result.exitCode() + " where the scenario expects " + expected
                    + "\nstdout: " + result.stdoutText() + "\nstderr: " + result.stderrText());
        }
    }


    private static void putIfSet(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    /** The last non-blank line: where busybox tools put the reason they failed. */
    private static String lastLine(String text) {
        return text.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("").strip();
    }

    static String agentActor(String agent) {
        return "agent:" + agent;
    }

    static String modeText(String mode) {
        return String.format("%04o", modeBits(mode));
    }

    static int modeBits(String mode) {
        return mode == null ? 0644 : Integer.parseInt(mode, 8);
    }

    Map<String, Event> callEvents() {
        return new LinkedHashMap<>(callEvents);
    }
}
