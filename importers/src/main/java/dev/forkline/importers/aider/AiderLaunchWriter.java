package dev.forkline.importers.aider;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.aider.AiderHistory.Block;
import dev.forkline.importers.aider.AiderHistory.Kind;
import dev.forkline.importers.aider.AiderHistory.Launch;
import dev.forkline.importers.aider.EditBlocks.Edit;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.importers.support.StartingTree;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one launch of aider as one root run: session.start (harness, version, command, model), the start checkpoint
 * when the launch edits files, the user's lines as agent.messages, each model response as a model.call (usage and cost
 * from the {@code Tokens:} line that follows it), each edit block as an {@code edit} tool.call with its result and, when
 * aider says it applied it, a state.mutation; commits and every output block as notes. Aider records only the launch's
 * time, so every event is 1 ms after the one before it.
 */
final class AiderLaunchWriter {

    static final String AGENT = "agent:aider";
    static final String TOOL = "edit";

    /** What the import as a whole learns from its launches, for its findings. */
    static final class Tally {
        int modelCalls;
        int callsWithoutUsage;
        int roundedReports;
        int editCalls;
        int unanswered;
        String firstUnanswered;
        boolean modelNamed;
        int events;
    }

    private record PendingEdit(Event call, Edit edit, String callId) {
    }

    private final ImportSession session;
    private final StartCheckpoint checkpoint;
    private final WorkspaceRoot root;
    private final Tally tally;
    private final String run;
    private final Launch launch;
    private Instant clock;
    private final List<PendingEdit> pending = new ArrayList<>();
    private final List<String> input = new ArrayList<>();
    private Event lastModelCall;
    private long inputTokens;
    private long outputTokens;
    private long cacheRead;
    private long cacheWrite;
    private boolean usageSeen;
    private BigDecimal cost = BigDecimal.ZERO;
    private BigDecimal sessionCost;
    private int editCount;

    AiderLaunchWriter(ImportSession session, StartCheckpoint checkpoint, WorkspaceRoot root, Tally tally, String run, Launch launch,
                      Instant start) {
        this.session = session;
        this.checkpoint = checkpoint;
        this.root = root;
        this.tally = tally;
        this.run = run;
        this.launch = launch;
        this.clock = start;
    }

    void write(String source) {
        Event start = sessionStart(source);
        if (launch.blocks().stream().anyMatch(block -> block.kind() == Kind.ASSISTANT && !edits(block).isEmpty())) {
            checkpoint.append(start, null, new StartingTree(AiderImporter.FORMAT), launch.line());
        }
        List<Block> blocks = launch.blocks();
        for (int i = 0; i < blocks.size(); i++) {
            Block block = blocks.get(i);
            switch (block.kind()) {
                case USER -> user(block);
                case ASSISTANT -> response(block, i + 1 < blocks.size() && blocks.get(i + 1).kind() == Kind.OUTPUT ? blocks.get(i + 1) : null);
                case OUTPUT -> output(block);
            }
        }
        unanswered();
        sessionEnd();
    }

    private Instant next() {
        clock = clock.plusMillis(1);
        tally.events++;
        return clock;
    }

    private Event append(NewEvent draft, long line) {
        return session.append(draft, line);
    }

    private Event sessionStart(String source) {
        ObjectNode data = Json.object();
        ObjectNode harness = data.putObject(SessionStartData.ENVIRONMENT).putObject(SessionStartData.ENVIRONMENT_HARNESS);
        harness.put(SessionStartData.HARNESS_NAME, "aider");
        String model = null;
        String editFormat = null;
        for (Block block : launch.blocks()) {
            if (block.kind() != Kind.OUTPUT) {
                continue;
            }
            for (String line : block.lines()) {
                if (AiderOutput.version(line) != null && !harness.has("version")) {
                    harness.put(SessionStartData.HARNESS_VERSION, AiderOutput.version(line));
                } else if (AiderOutput.model(line) != null && model == null) {
                    model = AiderOutput.model(line)[0];
                    editFormat = AiderOutput.model(line)[1];
                } else if (AiderOutput.isCommand(line) && !harness.has("command")) {
                    harness.put("command", line);
                }
            }
            break;
        }
        if (model != null) {
            ObjectNode modelNode = data.putObject(SessionStartData.MODEL);
            modelNode.put(SessionStartData.MODEL_NAME, model);
            Payloads.putIfPresent(modelNode, "editFormat", editFormat);
            tally.modelNamed = true;
        }
        data.put(SessionStartData.TITLE, "aider " + (launch.startedAt() != null ? "launch at " + launch.startedAt() : "session before the first launch header"));
        ObjectNode imported = Payloads.putImported(data, AiderImporter.FORMAT, source);
        if (launch.startedAt() != null) {
            imported.put("startedAtLocal", launch.startedAt());
        } else {
            imported.put("headerless", true);
        }
        imported.put("line", launch.line());
        return append(NewEvent.of(run, "harness", EventType.SESSION_START).at(next()).touches(StateKind.SESSION).data(data), launch.line());
    }

    private void user(Block block) {
        String text = block.text();
        input.add(text);
        ObjectNode data = Json.object();
        data.put(AgentMessageData.FROM, "human:user");
        data.put(AgentMessageData.TO, AGENT);
        data.put(AgentMessageData.TEXT, text);
        if (text.startsWith("/")) {
            data.put("command", text.split("\\s", 2)[0]);
        }
        append(NewEvent.of(run, "human:user", EventType.AGENT_MESSAGE).at(next()).touches(StateKind.SESSION).data(data), block.line());
    }

    private List<Edit> edits(Block response) {
        return EditBlocks.searchReplace(response.lines());
    }

    private void response(Block block, Block output) {
        unanswered();
        List<Edit> edits = new ArrayList<>(edits(block));
        if (edits.isEmpty() && output != null) {
            // whole edit format: the response holds each applied file in full
            for (String line : output.lines()) {
                String applied = AiderOutput.appliedTo(line);
                String content = applied == null ? null : EditBlocks.wholeFile(block.lines(), applied);
                if (content != null) {
                    edits.add(new Edit(applied, null, content));
                }
            }
        }
        ObjectNode data = Json.object();
        ObjectNode in = data.putObject(ModelCallData.INPUT);
        ArrayNode messages = in.putArray(ModelCallData.INPUT_MESSAGES);
        input.forEach(text -> messages.addObject().put(ModelCallData.MESSAGE_ROLE, "user").put(ModelCallData.MESSAGE_CONTENT, text));
        input.clear();
        ObjectNode out = data.putObject(ModelCallData.OUTPUT);
        LargeText.put(out, ModelCallData.OUTPUT_TEXT, block.text(), session);
        ArrayNode calls = out.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
        List<String> callIds = new ArrayList<>();
        for (Edit edit : edits) {
            String callId = run + "-edit-" + (++editCount);
            callIds.add(callId);
            calls.add(ModelCallData.toolCall(callId, TOOL, arguments(edit)));
        }
        AiderOutput.Usage usage = output == null ? null : output.lines().stream().map(AiderOutput::usage)
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        tally.modelCalls++;
        if (usage != null) {
            data.set(ModelCallData.USAGE, new UsageData(usage.sent(), usage.received(), usage.cacheHit(), usage.cacheWrite()).toPayload());
            if (usage.rounded()) {
                data.put("usageRounded", true);
                tally.roundedReports++;
            }
            usageSeen = true;
            inputTokens += usage.sent() == null ? 0 : usage.sent();
            outputTokens += usage.received() == null ? 0 : usage.received();
            cacheRead += usage.cacheHit() == null ? 0 : usage.cacheHit();
            cacheWrite += usage.cacheWrite() == null ? 0 : usage.cacheWrite();
            if (usage.costUsd() != null) {
                data.put(ModelCallData.COST_USD, usage.costUsd());
                cost = cost.add(usage.costUsd());
            }
            if (usage.sessionCostUsd() != null) {
                sessionCost = usage.sessionCostUsd();
            }
        } else {
            tally.callsWithoutUsage++;
        }
        lastModelCall = append(NewEvent.of(run, AGENT, EventType.MODEL_CALL).at(next()).touches(StateKind.SESSION).data(data), block.line());
        for (int i = 0; i < edits.size(); i++) {
            Edit edit = edits.get(i);
            dev.forkline.trace.EffectClass effect = session.classify(TOOL, arguments(edit), session.nextEventId(run), block.line()).effect();
            ObjectNode call = ToolCallData.payload(callIds.get(i), TOOL, arguments(edit), effect);
            Event event = append(NewEvent.of(run, AGENT, EventType.TOOL_CALL).at(next()).causes(lastModelCall.id())
                    .touches(effect.touchedByCall()).data(call), block.line());
            pending.add(new PendingEdit(event, edit, callIds.get(i)));
            tally.editCalls++;
        }
    }

    private static ObjectNode arguments(Edit edit) {
        ObjectNode arguments = Json.object();
        arguments.put("path", edit.path());
        if (edit.wholeFile()) {
            arguments.put("content", edit.replace());
        } else {
            arguments.put("search", edit.search());
            arguments.put("replace", edit.replace());
        }
        return arguments;
    }

    private void output(Block block) {
        List<Event> derived = new ArrayList<>();
        boolean failed = false;
        for (String line : block.lines()) {
            String applied = AiderOutput.appliedTo(line);
            AiderOutput.Commit commit = AiderOutput.commit(line);
            if (applied != null) {
                applyEdits(applied, block.line());
            } else if (commit != null) {
                ObjectNode data = NoteData.of("commit " + commit.hash() + " " + commit.message()).toPayload();
                data.put("kind", "git-commit");
                data.put("commit", commit.hash());
                data.put("message", commit.message());
                derived.add(append(NewEvent.of(run, "harness", EventType.NOTE).at(next()).touches(StateKind.WORKSPACE).data(data), block.line()));
            } else if (AiderOutput.editsFailed(line)) {
                failed = true;
            }
        }
        if (failed) {
            for (PendingEdit edit : pending) {
                ObjectNode result = Json.object();
                result.put(ToolResultData.CALL_ID, edit.callId());
                result.put(ToolResultData.IS_ERROR, true);
                result.put(ToolResultData.ERROR, block.text());
                append(NewEvent.of(run, "harness", EventType.TOOL_RESULT).at(next()).causes(edit.call().id()).touches(StateKind.HARNESS)
                        .data(result), block.line());
            }
            pending.clear();
        }
        ObjectNode note = Json.object();
        LargeText.put(note, NoteData.TEXT, block.text(), session);
        note.put("kind", "aider-output");
        NewEvent draft = NewEvent.of(run, "harness", EventType.NOTE).at(next()).touches(StateKind.HARNESS).data(note);
        if (lastModelCall != null) {
            draft.causes(lastModelCall.id());
        }
        append(draft, block.line());
    }

    /** Aider applied the pending edits of {@code path}: each gets its result and its state.mutation. */
    private void applyEdits(String path, long line) {
        List<PendingEdit> done = pending.stream().filter(edit -> edit.edit().path().equals(path)).toList();
        for (PendingEdit edit : done) {
            ObjectNode result = Json.object();
            result.put(ToolResultData.CALL_ID, edit.callId());
            result.put(ToolResultData.IS_ERROR, false);
            result.put(ToolResultData.STDOUT, "Applied edit to " + path);
            append(NewEvent.of(run, "harness", EventType.TOOL_RESULT).at(next()).causes(edit.call().id()).touches(StateKind.HARNESS)
                    .data(result), line);
            append(NewEvent.of(run, "harness", EventType.STATE_MUTATION).at(next()).causes(edit.call().id()).touches(StateKind.WORKSPACE)
                    .data(mutation(edit.edit())), line);
        }
        pending.removeAll(done);
    }

    private ObjectNode mutation(Edit edit) {
        String path = root.relative(edit.path());
        ObjectNode data;
        if (edit.wholeFile()) {
            data = Payloads.stateMutation(path, MutationOp.MODIFY, null, false, session.putBlob(edit.replace()), true);
        } else if (edit.search().isEmpty()) {
            data = Payloads.stateMutation(path, MutationOp.CREATE, null, true, session.putBlob(edit.replace() + "\n"), true);
        } else {
            data = Payloads.stateMutation(path, MutationOp.MODIFY, null, false, null, false);
            data.putArray(StateMutationData.EDITS).addObject().put(StateMutationData.EDIT_OLD_STRING, edit.search()).put(StateMutationData.EDIT_NEW_STRING, edit.replace());
            data.putObject("precondition").put("contains", edit.search());
        }
        data.put(StateMutationData.TOOL, TOOL);
        return data;
    }

    private void unanswered() {
        for (PendingEdit edit : pending) {
            tally.unanswered++;
            if (tally.firstUnanswered == null) {
                tally.firstUnanswered = edit.call().id();
            }
        }
        pending.clear();
    }

    private void sessionEnd() {
        ObjectNode data = Json.object();
        data.put(SessionEndData.OUTCOME, "unknown");
        data.put(SessionEndData.SYNTHESISED, true);
        if (usageSeen) {
            data.set(SessionEndData.USAGE, new UsageData(inputTokens, outputTokens, cacheRead == 0 ? null : cacheRead, cacheWrite == 0 ? null : cacheWrite).toPayload());
            data.put(SessionEndData.COST_USD, cost);
        }
        if (sessionCost != null) {
            data.put("sessionCostUsd", sessionCost);
        }
        append(NewEvent.of(run, "harness", EventType.SESSION_END).at(next()).touches(StateKind.SESSION).data(data), 0);
    }

}
