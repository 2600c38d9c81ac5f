package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableValue;

import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Why "Replay from here", "Fork with edit…" and "Revert to here…" cannot act on the current selection, said before the
 * reviewer tries instead of in a failure afterwards: no trace open, no event selected, no checkpoint at or before the
 * event (a run imported from a format that records no workspace has none; an imported agent session has its
 * {@code start}), a fork of an imported session whose starting tree was never given, the replay engine unavailable, or
 * a trace still being imported (what was read so far is shown, but nothing is stored to write into yet).
 * Each reason is null while the action can go ahead.
 */
public final class ReplayActionGuard {

    private final ReplayViewModel replay;
    private final TraceSelection selection;
    private final RememberedSetups memory;
    private final StringBinding replayBlocked;
    private final StringBinding forkBlocked;
    private final StringBinding revertBlocked;

    ReplayActionGuard(ReplayViewModel replay, TraceSelection selection, RememberedSetups memory) {
        this.replay = replay;
        this.selection = selection;
        this.memory = memory;
        ObservableValue<?>[] inputs = {selection.traceProperty(), selection.importingProperty(), selection.runProperty(), selection.eventIndexProperty(),
                replay.availableProperty(), replay.unavailableReasonProperty(), replay.runningProperty()};
        replayBlocked = binding(this::whyNoReplay, inputs);
        forkBlocked = binding(this::whyNoFork, inputs);
        revertBlocked = binding(this::whyNoRevert, inputs);
    }

    private static StringBinding binding(Callable<String> reason, ObservableValue<?>[] inputs) {
        return Bindings.createStringBinding(reason, inputs);
    }

    /** Why "Replay from here" is disabled; null when it is not. */
    public StringBinding replayBlockedProperty() {
        return replayBlocked;
    }

    /** Why "Fork with edit…" is disabled; null when it is not. */
    public StringBinding forkBlockedProperty() {
        return forkBlocked;
    }

    /** Why "Revert to here…" is disabled; null when it is not. */
    public StringBinding revertBlockedProperty() {
        return revertBlocked;
    }

    private String whyNoReplay() {
        String common = engineOrTrace();
        if (common != null) {
            return common;
        }
        return replay.checkpointForSelection().isPresent() ? null : noCheckpointAtOrBefore();
    }

    private String whyNoFork() {
        String common = engineOrTrace();
        if (common != null) {
            return common;
        }
        Event selected = selection.event();
        if (selected == null) {
            return "Select the event to edit: a fork replays the run with that event changed";
        }
        Optional<Event> before = ReplayTargets.checkpointBefore(selection.trace().lineage(), selection.run(), selected.id());
        if (before.isEmpty()) {
            return "No checkpoint before " + selected.id() + " in this run: a fork starts from the last one before the edited event";
        }
        if (SuppliedStart.isSupplied(before.get()) && memory.recall(selection.traceId()).isEmpty()) {
            return "The fork starts from checkpoint '" + ReplayTargets.checkpointName(before.get()) + "', the tree the session started "
                    + "from, which the trace does not hold: give it first with Run › Replay from here…";
        }
        return null;
    }

    private String whyNoRevert() {
        if (selection.trace() == null) {
            return "Open a trace first";
        }
        if (selection.importing()) {
            return STILL_IMPORTING;
        }
        if (replay.runningProperty().get()) {
            return "A replay is running";
        }
        return replay.checkpointForSelection().isPresent() ? null : noCheckpointAtOrBefore();
    }

    static final String STILL_IMPORTING = "The trace is still being imported: this is what was read so far, not stored yet";

    private String engineOrTrace() {
        if (selection.trace() == null) {
            return "Open a trace first";
        }
        if (selection.importing()) {
            return STILL_IMPORTING;
        }
        if (replay.runningProperty().get()) {
            return "A replay is running";
        }
        if (!replay.availableProperty().get()) {
            String reason = replay.unavailableReasonProperty().get();
            return "Replay unavailable: " + (reason == null ? "no replay engine" : reason);
        }
        return null;
    }

    private String noCheckpointAtOrBefore() {
        var events = selection.events();
        boolean laterOne = events != null && !events.isEmpty() && ReplayTargets.checkpointAtOrBefore(selection.trace().lineage(),
                selection.run(), events.id(events.size() - 1)).isPresent();
        return laterOne ? "No checkpoint at or before the selected event in run " + selection.run() + ": select a later event"
                : "Run " + selection.run() + " has no checkpoint: the trace recorded no workspace to start a replay from";
    }
}
