package dev.forkline.replay.engine;

import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.EffectClass;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.CheckpointInfo;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.TraceIndex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The recorded events a replay walks: the run's lineage after the checkpoint, with edits applied, and the links between
 * them (a call's result, the mutations it caused, its escape attempt).
 */
final class ReplayPlan {

    private final TraceIndex index;
    private final String run;
    private final Event checkpoint;
    private final String checkpointId;
    private final List<Event> walked;
    private final Set<String> dropped;
    private final Set<String> edited;
    private final int firstEditPosition;
    private final Map<String, Event> resultOfCall = new HashMap<>();
    private final Map<String, List<Event>> mutationsByCause = new HashMap<>();
    private final Map<String, Event> escapeOfCall = new HashMap<>();
    private final Set<String> consumed = new HashSet<>();

    private ReplayPlan(TraceIndex index, String run, Event checkpoint, List<Event> walked, Set<String> dropped, Set<String> edited) {
        this.index = index;
        this.run = run;
        this.checkpoint = checkpoint;
        String recordedId = CheckpointData.from(checkpoint.data()).checkpointId();
        this.checkpointId = recordedId != null ? recordedId : checkpoint.id();
        this.walked = walked;
        this.dropped = dropped;
        this.edited = edited;
        int first = -1;
        for (int i = 0; i < walked.size(); i++) {
            if (edited.contains(walked.get(i).id()) || dropped.contains(walked.get(i).id())) {
                first = i;
                break;
            }
        }
        this.firstEditPosition = first;
        link();
    }

    /**
     * @throws IllegalArgumentException when the run, checkpoint or an edited event is not found or does not fit
     */
    static ReplayPlan build(TraceIndex index, String requestedRun, String checkpointId, List<EventEdit> edits) {
        String run = requestedRun;
        if (run == null) {
            if (checkpointId == null) {
                Event firstEdited = index.event(edits.getFirst().eventId())
                        .orElseThrow(() -> new ReplayInputException("edit: there is no event '" + edits.getFirst().eventId() + "'"));
                run = firstEdited.run();
            } else {
                run = index.checkpoint(checkpointId).map(CheckpointInfo::run)
                        .orElseThrow(() -> new ReplayInputException("there is no checkpoint '" + checkpointId + "' in the bundle"
                                + knownCheckpoints(index)));
            }
        }
        if (index.run(run).isEmpty()) {
            throw new ReplayInputException("there is no run '" + run + "' in the bundle (runs: "
                    + index.runs().stream().map(r -> r.id()).toList() + ")");
        }
        Lineage lineage = index.lineage(run);
        Map<String, EventEdit> editById = new LinkedHashMap<>();
        int firstEdit = Integer.MAX_VALUE;
        for (EventEdit edit : edits) {
            int position = lineage.positionOf(edit.eventId());
            if (position < 0) {
                throw new ReplayInputException("edit: event '" + edit.eventId() + "' is not in run '" + run + "' (or its lineage)");
            }
            if (editById.put(edit.eventId(), edit) != null) {
                throw new ReplayInputException("edit: event '" + edit.eventId() + "' is edited twice");
            }
            firstEdit = Math.min(firstEdit, position);
        }
        int checkpointPosition = checkpointId != null ? checkpointPosition(index, lineage, run, checkpointId)
                : latestCheckpointBefore(lineage, firstEdit, run);
        if (firstEdit != Integer.MAX_VALUE && firstEdit <= checkpointPosition) {
            throw new ReplayInputException("edit of '" + lineage.get(firstEdit).id() + "' comes before checkpoint '"
                    + checkpointId + "': start from an earlier checkpoint (or leave --from out to use the latest before the edit)");
        }
        Event checkpoint = lineage.get(checkpointPosition);
        List<Event> walked = new ArrayList<>();
        Set<String> dropped = new HashSet<>();
        Set<String> edited = new HashSet<>();
        for (int p = checkpointPosition + 1; p < lineage.size(); p++) {
            Event event = lineage.get(p);
            EventEdit edit = editById.get(event.id());
            if (edit != null && edit.drop()) {
                dropped.add(event.id());
            } else if (edit != null) {
                edited.add(event.id());
                event = new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(), event.type(), event.causes(),
                        event.state(), edit.applyTo(event.data()), event.prev(), event.hash());
                event = withCommandSynced(lineage.get(p), event);
            }
            walked.add(event);
        }
        return new ReplayPlan(index, run, checkpoint, walked, dropped, edited);
    }

    /**
     * An edit of a tool call's {@code arguments.command} alone also changes {@code exec.argv} when that was the recorded
     * {@code sh -c <command>}, so the shell runs what the arguments now say.
     */
    private static Event withCommandSynced(Event original, Event edited) {
        if (!edited.is(EventType.TOOL_CALL)) {
            return edited;
        }
        JsonNode oldArgv = original.data().path(ToolCallData.EXEC).path(ToolCallData.EXEC_ARGV);
        JsonNode newArgv = edited.data().path(ToolCallData.EXEC).path(ToolCallData.EXEC_ARGV);
        String oldCommand = original.data().path(ToolCallData.ARGUMENTS).path(ToolCallData.ARGUMENT_COMMAND).asText(null);
        String newCommand = edited.data().path(ToolCallData.ARGUMENTS).path(ToolCallData.ARGUMENT_COMMAND).asText(null);
        if (oldCommand != null && newCommand != null && !oldCommand.equals(newCommand) && oldArgv.equals(newArgv)
                && oldArgv.size() == 3 && "sh".equals(oldArgv.get(0).asText()) && "-c".equals(oldArgv.get(1).asText())
                && oldCommand.equals(oldArgv.get(2).asText())) {
            var argv = ((com.fasterxml.jackson.databind.node.ObjectNode) edited.data().get(ToolCallData.EXEC)).putArray(ToolCallData.EXEC_ARGV);
            argv.add("sh").add("-c").add(newCommand);
        }
        return edited;
    }

    private static int checkpointPosition(TraceIndex index, Lineage lineage, String run, String checkpointId) {
        for (int p = lineage.size() - 1; p >= 0; p--) {
            Event event = lineage.get(p);
            if (event.is(EventType.CHECKPOINT) && (checkpointId.equals(CheckpointData.from(event.data()).checkpointId())
                    || checkpointId.equals(event.id()))) {
                return p;
            }
        }
        throw new ReplayInputException("checkpoint '" + checkpointId + "' is not in run '" + run + "' (or its lineage)"
                + knownCheckpoints(index));
    }

    private static int latestCheckpointBefore(Lineage lineage, int position, String run) {
        for (int p = Math.min(position, lineage.size()) - 1; p >= 0; p--) {
            if (lineage.get(p).is(EventType.CHECKPOINT)) {
                return p;
            }
        }
        throw new ReplayInputException("run '" + run + "' has no checkpoint before the first edited event");
    }

    private static String knownCheckpoints(TraceIndex index) {
        List<String> ids = index.checkpoints().stream().map(c -> c.checkpointId() + " (" + c.run() + ")").toList();
        return ids.isEmpty() ? "; the bundle has no checkpoints" : "; checkpoints: " + ids;
    }

    private void link() {
        Map<String, Event> callsById = new HashMap<>();
        Map<String, Event> openCallByCallId = new HashMap<>();
        for (Event event : walked) {
            if (event.is(EventType.TOOL_CALL)) {
                callsById.put(event.id(), event);
                String callId = ToolCallData.from(event.data()).callId();
                if (callId != null) {
                    openCallByCallId.put(callId, event);
                }
            } else if (event.is(EventType.TOOL_RESULT)) {
                Event call = event.causes().stream().map(callsById::get).filter(c -> c != null).findFirst()
                        .orElseGet(() -> openCall(openCallByCallId, ToolResultData.from(event.data()).callId()));
                if (call != null && !resultOfCall.containsKey(call.id())) {
                    resultOfCall.put(call.id(), event);
                    consumed.add(event.id());
                }
            } else if (event.is(EventType.STATE_MUTATION)) {
                for (String cause : event.causes()) {
                    mutationsByCause.computeIfAbsent(cause, c -> new ArrayList<>()).add(event);
                }
                if (event.causes().stream().anyMatch(callsById::containsKey)) {
                    consumed.add(event.id());
                }
            } else if (event.is(EventType.ESCAPE_ATTEMPT)) {
                Event call = event.causes().stream().map(callsById::get).filter(c -> c != null).findFirst()
                        .orElseGet(() -> openCall(openCallByCallId, EscapeAttemptData.from(event.data()).callId()));
                if (call != null) {
                    escapeOfCall.put(call.id(), event);
                    consumed.add(event.id());
                }
            }
        }
    }

    /** The same plan starting from {@code filled}, the checkpoint with files the reviewer supplied (same id and place). */
    ReplayPlan startingAt(Event filled) {
        if (!filled.id().equals(checkpoint.id())) {
            throw new IllegalArgumentException("not the plan's checkpoint: " + filled.id());
        }
        return new ReplayPlan(index, run, filled, walked, dropped, edited);
    }

    TraceIndex index() {
        return index;
    }

    String run() {
        return run;
    }

    Event checkpoint() {
        return checkpoint;
    }

    String checkpointId() {
        return checkpointId;
    }

    List<Event> walked() {
        return walked;
    }

    boolean isDropped(Event event) {
        return dropped.contains(event.id());
    }

    boolean isEdited(Event event) {
        return edited.contains(event.id());
    }

    /** True for the walked event at {@code position} when it is at or after the first edited (or dropped) event. */
    boolean afterEdit(int position) {
        return firstEditPosition >= 0 && position >= firstEditPosition;
    }

    /** Results, call-caused mutations and escape attempts are handled with their call, not on their own. */
    boolean belongsToACall(Event event) {
        return consumed.contains(event.id());
    }

    Optional<Event> resultOf(Event call) {
        return Optional.ofNullable(resultOfCall.get(call.id()));
    }

    List<Event> mutationsCausedBy(Event event) {
        return mutationsByCause.getOrDefault(event.id(), List.of());
    }

    Optional<Event> escapeOf(Event call) {
        return Optional.ofNullable(escapeOfCall.get(call.id()));
    }

    /** How many walked events are steps (see {@link #isStep}). */
    int stepCount() {
        int n = 0;
        for (Event event : walked) {
            if (isStep(event)) {
                n++;
            }
        }
        return n;
    }

    /** Tool calls, checkpoints, reverts / forks that restore a workspace, and mutations made outside any call. */
    boolean isStep(Event event) {
        if (belongsToACall(event)) {
            return false;
        }
        return event.is(EventType.TOOL_CALL) || event.is(EventType.CHECKPOINT) || event.is(EventType.REVERT)
                || event.is(EventType.RUN_FORK) || event.is(EventType.STATE_MUTATION);
    }

    private static Event openCall(Map<String, Event> openCallByCallId, String callId) {
        return callId == null ? null : openCallByCallId.get(callId);
    }

    private static boolean isCheck(EffectClass effect) {
        return effect == EffectClass.WORKSPACE || effect == EffectClass.PROCESS;
    }

    /** The last re-executable workspace/process call of the plan: the run's check. */
    Optional<Event> lastCheck() {
        for (Event event : walked.reversed()) {
            if (event.is(EventType.TOOL_CALL) && !isDropped(event) && dev.forkline.replay.sandbox.RecordedExec.of(event).isPresent()
                    && isCheck(ToolCallData.from(event.data()).effect())) {
                return Optional.of(event);
            }
        }
        return Optional.empty();
    }

    /** session.end data.outcome of the run (its last one), or null. */
    String originalOutcome() {
        return index.run(run).map(r -> r.outcome()).orElse(null);
    }
}
