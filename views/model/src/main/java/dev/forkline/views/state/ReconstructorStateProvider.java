package dev.forkline.views.state;

import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.Event;
import dev.forkline.trace.index.CheckpointInfo;
import dev.forkline.trace.state.ExternalEffect;
import dev.forkline.trace.state.FileEntry;
import dev.forkline.trace.state.StateAt;
import dev.forkline.trace.state.WorkspaceChange;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.ProcessStartData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.views.data.IndexRunLineage;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.data.RunLineage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The state panel's view of the trace module's {@link dev.forkline.trace.state.StateReconstructor}: the five states at
 * the cursor, turned into the rows the panel shows. A step reads only what it shows: the end of the session history,
 * the pending calls and approvals, the workspace since its checkpoint, the running processes and the external effects.
 */
public final class ReconstructorStateProvider implements StateProvider {

    /** How many of the latest session turns (and escape attempts) the panel lists; the count of all turns is shown too. */
    static final int HISTORY_SHOWN = 200;

    private final StatePasses passes = new StatePasses();
    private final HistoryRows historyRows = new HistoryRows();

    @Override
    public StateSnapshot at(RunLineage runs, String run, int eventIndex) {
        IndexRunLineage lineage = indexed(runs);
        RunEvents own = lineage.events(run);
        if (eventIndex < 0 || eventIndex >= own.size()) {
            return StateSnapshot.EMPTY;
        }
        int position = lineage.index().lineage(run).positionOfIndex(own.fileIndex(eventIndex));
        StateAt state = lineage.reconstructor().at(run, position);
        return new StateSnapshot(state.eventId(), checkpointLabel(lineage, state.workspace().lastCheckpointId()), sessionSummary(state),
                history(lineage, state), state.session().turnCount(), harness(state), workspace(state), processes(state), external(state));
    }

    /** Makes the run's state pass on the background thread, so that the first step rarely waits for it. */
    @Override
    public CompletableFuture<Void> prepare(RunLineage runs, String run) {
        return passes.start(indexed(runs).reconstructor(), run);
    }

    @Override
    public boolean isPrepared(RunLineage runs, String run) {
        return indexed(runs).reconstructor().isPrepared(run);
    }

    @Override
    public boolean isPreparing(RunLineage runs, String run) {
        return indexed(runs).reconstructor().isPreparing(run);
    }

    private static IndexRunLineage indexed(RunLineage runs) {
        if (!(runs instanceof IndexRunLineage lineage)) {
            throw new IllegalArgumentException("state reconstruction needs an IndexRunLineage, got " + runs.getClass().getSimpleName());
        }
        return lineage;
    }

    private static String checkpointLabel(IndexRunLineage lineage, String checkpointId) {
        if (checkpointId == null) {
            return null;
        }
        return lineage.index().checkpoint(checkpointId).map(CheckpointInfo::label).filter(l -> l != null && !l.isBlank()).orElse(checkpointId);
    }

    private static String sessionSummary(StateAt state) {
        var session = state.session();
        return String.format(Locale.ROOT, "%,d model calls · %,d in / %,d out tokens · $%s · %s", session.modelCalls().size(),
                session.inputTokens(), session.outputTokens(), session.costUsd().stripTrailingZeros().toPlainString(),
                session.outcome() == null ? "running" : session.outcome());
    }

    private List<StateSnapshot.HistoryEntry> history(IndexRunLineage lineage, StateAt state) {
        List<StateSnapshot.HistoryEntry> history = new ArrayList<>();
        for (Event turn : state.session().recentTurns(HISTORY_SHOWN)) {
            history.add(historyRows.row(lineage, turn));
        }
        return history;
    }

    private static StateSnapshot.Harness harness(StateAt state) {
        List<String> calls = state.harness().pendingToolCalls().stream()
                .map(call -> call.text(ToolCallData.TOOL) + " (" + call.text(ToolCallData.CALL_ID) + ", " + call.id() + ")").toList();
        List<String> approvals = state.harness().pendingApprovals().stream()
                .map(request -> request.text(ApprovalRequestData.SUBJECT) + ": " + request.text(ApprovalRequestData.REASON)).toList();
        List<Event> attempts = state.harness().escapeAttempts();
        List<String> escapes = attempts.subList(Math.max(0, attempts.size() - HISTORY_SHOWN), attempts.size()).stream()
                .map(escape -> escape.text(EscapeAttemptData.BOUNDARY) + ": " + escape.text(EscapeAttemptData.ATTEMPT)
                        + (escape.data().path(EscapeAttemptData.BLOCKED).asBoolean(false) ? " (blocked)" : " (NOT blocked)") + " at " + escape.id())
                .toList();
        return new StateSnapshot.Harness(calls, approvals, escapes);
    }

    private static List<StateSnapshot.FileEntry> workspace(StateAt state) {
        Map<String, WorkspaceChange> changes = state.workspace().changedSinceCheckpoint();
        List<StateSnapshot.FileEntry> files = new ArrayList<>();
        for (Map.Entry<String, FileEntry> file : state.workspace().files().entrySet()) {
            WorkspaceChange change = changes.get(file.getKey());
            files.add(new StateSnapshot.FileEntry(file.getKey(), file.getValue().blob(), file.getValue().mode(), change(change)));
        }
        for (WorkspaceChange change : changes.values()) {
            if (MutationOp.DELETE.wireName().equals(change.op()) && !state.workspace().files().containsKey(change.path())) {
                files.add(new StateSnapshot.FileEntry(change.path(), null, null, "deleted"));
            }
        }
        files.sort(Comparator.comparing(StateSnapshot.FileEntry::path));
        return files;
    }

    private static String change(WorkspaceChange change) {
        if (change == null) {
            return "unchanged";
        }
        return switch (change.op()) {
            case "create" -> "created";
            case "delete" -> "deleted";
            default -> "modified";
        };
    }

    private static List<StateSnapshot.ProcessEntry> processes(StateAt state) {
        List<StateSnapshot.ProcessEntry> processes = new ArrayList<>();
        for (Event start : state.process().running()) {
            List<String> argv = new ArrayList<>();
            start.data().path(ProcessStartData.ARGV).forEach(a -> argv.add(a.asText()));
            processes.add(new StateSnapshot.ProcessEntry(start.data().path(ProcessStartData.PID).asLong(),
                    argv.isEmpty() ? String.valueOf(start.text(ProcessStartData.NAME)) : String.join(" ", argv), "running"));
        }
        return processes;
    }

    private static List<StateSnapshot.EffectEntry> external(StateAt state) {
        List<StateSnapshot.EffectEntry> effects = new ArrayList<>();
        for (ExternalEffect effect : state.external().effects()) {
            String status = switch (effect.status()) {
                case COMMITTED -> "committed";
                case FAILED -> "failed";
                case IN_FLIGHT -> "in flight";
                case UNKNOWN -> "unknown";
            };
            effects.add(new StateSnapshot.EffectEntry(effect.call().id(), effect.callId(), effect.call().text(ToolCallData.TOOL),
                    effect.call().data().path(ToolCallData.ARGUMENTS).toString(), status));
        }
        return effects;
    }
}
