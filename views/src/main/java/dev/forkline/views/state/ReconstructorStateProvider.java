package dev.forkline.views.state;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.CheckpointInfo;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.state.ExternalEffect;
import dev.forkline.trace.state.FileEntry;
import dev.forkline.trace.state.StateAt;
import dev.forkline.trace.state.WorkspaceChange;
import dev.forkline.views.data.IndexRunLineage;
import dev.forkline.views.data.RunLineage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The state panel's view of the trace module's {@link dev.forkline.trace.state.StateReconstructor}: the five states at
 * the cursor, turned into the rows the panel shows.
 */
public final class ReconstructorStateProvider implements StateProvider {

    @Override
    public StateSnapshot at(RunLineage runs, String run, int eventIndex) {
        if (!(runs instanceof IndexRunLineage lineage)) {
            throw new IllegalArgumentException("state reconstruction needs an IndexRunLineage, got " + runs.getClass().getSimpleName());
        }
        List<Event> own = lineage.events(run);
        if (eventIndex < 0 || eventIndex >= own.size()) {
            return StateSnapshot.EMPTY;
        }
        Lineage path = lineage.index().lineage(run);
        int position = path.positionOf(own.get(eventIndex).id());
        StateAt state = lineage.reconstructor().at(run, position);
        return new StateSnapshot(state.eventId(), checkpointLabel(lineage, state.workspace().lastCheckpointId()), sessionSummary(state),
                history(path, state), harness(state), workspace(state), processes(state), external(state));
    }

    private static String checkpointLabel(IndexRunLineage lineage, String checkpointId) {
        if (checkpointId == null) {
            return null;
        }
        return lineage.index().checkpoint(checkpointId).map(CheckpointInfo::label).filter(l -> l != null && !l.isBlank()).orElse(checkpointId);
    }

    private static String sessionSummary(StateAt state) {
        var session = state.session();
        return String.format(Locale.ROOT, "%d model calls · %,d in / %,d out tokens · $%s · %s", session.modelCalls().size(),
                session.inputTokens(), session.outputTokens(), session.costUsd().stripTrailingZeros().toPlainString(),
                session.outcome() == null ? "running" : session.outcome());
    }

    private static List<StateSnapshot.HistoryEntry> history(Lineage path, StateAt state) {
        List<StateSnapshot.HistoryEntry> history = new ArrayList<>();
        for (Event turn : inLineageOrder(path, state.session().modelCalls(), state.session().messages())) {
            if (turn.is(EventType.MODEL_CALL)) {
                JsonNode output = turn.data().path("output").path("text");
                String text = output.isTextual() ? output.asText() : turn.data().path("input").path("summary").asText("");
                history.add(new StateSnapshot.HistoryEntry(turn.id(), turn.actor(), "model", text));
            } else {
                history.add(new StateSnapshot.HistoryEntry(turn.id(), turn.actor(), "message",
                        turn.text("from") + " → " + turn.text("to") + ": " + turn.text("text")));
            }
        }
        return history;
    }

    /** Merges two lists that are each already in lineage order (a step at the end of a long run must not re-sort them). */
    private static List<Event> inLineageOrder(Lineage path, List<Event> first, List<Event> second) {
        List<Event> merged = new ArrayList<>(first.size() + second.size());
        int i = 0;
        int j = 0;
        int nextFirst = i < first.size() ? path.positionOf(first.get(i).id()) : Integer.MAX_VALUE;
        int nextSecond = j < second.size() ? path.positionOf(second.get(j).id()) : Integer.MAX_VALUE;
        while (i < first.size() || j < second.size()) {
            if (nextFirst <= nextSecond) {
                merged.add(first.get(i++));
                nextFirst = i < first.size() ? path.positionOf(first.get(i).id()) : Integer.MAX_VALUE;
            } else {
                merged.add(second.get(j++));
                nextSecond = j < second.size() ? path.positionOf(second.get(j).id()) : Integer.MAX_VALUE;
            }
        }
        return merged;
    }

    private static StateSnapshot.Harness harness(StateAt state) {
        List<String> calls = state.harness().pendingToolCalls().stream()
                .map(call -> call.text("tool") + " (" + call.text("callId") + ", " + call.id() + ")").toList();
        List<String> approvals = state.harness().pendingApprovals().stream()
                .map(request -> request.text("subject") + ": " + request.text("reason")).toList();
        List<String> escapes = state.harness().escapeAttempts().stream()
                .map(escape -> escape.text("boundary") + ": " + escape.text("attempt")
                        + (escape.data().path("blocked").asBoolean(false) ? " (blocked)" : " (NOT blocked)") + " at " + escape.id())
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
            if ("delete".equals(change.op()) && !state.workspace().files().containsKey(change.path())) {
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
            start.data().path("argv").forEach(a -> argv.add(a.asText()));
            processes.add(new StateSnapshot.ProcessEntry(start.data().path("pid").asLong(),
                    argv.isEmpty() ? String.valueOf(start.text("name")) : String.join(" ", argv), "running"));
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
            effects.add(new StateSnapshot.EffectEntry(effect.call().id(), effect.callId(), effect.call().text("tool"),
                    effect.call().data().path("arguments").toString(), status));
        }
        return effects;
    }
}
