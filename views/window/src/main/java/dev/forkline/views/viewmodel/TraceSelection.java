package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.data.RunEvents;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;

/**
 * The window's one current selection: the open trace (with the integrity verdict it is shown with), the current run and
 * the selected event. Every panel follows it; the child view models get this object, not the workbench, and can read it
 * and move the cursor within the open trace, but only the workbench opens another trace.
 * <p>
 * The run is the fork tree's selection and the event the timeline's (the controls the reviewer moves them with); this
 * object hands them out read-only, in the order they change: a listener of {@link #runProperty()} sees the run's
 * events already in the timeline.
 */
public final class TraceSelection {

    private final ReadOnlyObjectWrapper<OpenedTrace> trace = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<TraceIntegrity> integrity = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper importing = new ReadOnlyBooleanWrapper();
    private final ForkTreeViewModel runs;
    private final TimelineViewModel timeline;

    TraceSelection(ForkTreeViewModel runs, TimelineViewModel timeline) {
        this.runs = runs;
        this.timeline = timeline;
    }

    // --- the open trace -----------------------------------------------------------------------------------------------

    public ReadOnlyObjectProperty<OpenedTrace> traceProperty() {
        return trace.getReadOnlyProperty();
    }

    /** The open trace, or null. */
    public OpenedTrace trace() {
        return trace.get();
    }

    /** The open trace's id, or null. */
    public String traceId() {
        OpenedTrace open = trace.get();
        return open == null ? null : open.bundle().manifest().traceId();
    }

    public boolean isOpen(String traceId) {
        return traceId != null && traceId.equals(traceId());
    }

    /** The open trace's integrity verdict and its problems; null when no trace is open. */
    public ReadOnlyObjectProperty<TraceIntegrity> integrityProperty() {
        return integrity.getReadOnlyProperty();
    }

    public TraceIntegrity integrity() {
        return integrity.get();
    }

    // --- run and event --------------------------------------------------------------------------------------------------

    /** The run shown; null when no trace is open. */
    public ReadOnlyStringProperty runProperty() {
        return runs.selectedRunProperty();
    }

    public String run() {
        return runs.selectedRunProperty().get();
    }

    /** The selected event's position in the shown run; -1 when none is selected. */
    public ReadOnlyIntegerProperty eventIndexProperty() {
        return timeline.selectedIndexProperty();
    }

    /** The selected event, or null. */
    public Event event() {
        return timeline.selectedEvent();
    }

    /** The shown run's events. */
    public RunEvents events() {
        return timeline.events();
    }

    /** Shows this run of the open trace. */
    public void selectRun(String run) {
        runs.selectedRunProperty().set(run);
    }

    /** Selects the event with this id in the shown run, if it is there. */
    public boolean selectEvent(String eventId) {
        int position = timeline.events().positionOf(eventId);
        if (position >= 0) {
            timeline.select(position);
        }
        return position >= 0;
    }

    // --- for the workbench --------------------------------------------------------------------------------------------

    /** Makes {@code opened} the open trace (shown with its own verdict) and shows its first run. */
    void show(OpenedTrace opened) {
        integrity.set(opened.integrity());
        trace.set(opened);
        runs.setLineage(opened.bundle().manifest().traceId(), opened.lineage());
        runs.selectedRunProperty().set(opened.firstRun());
    }

    /**
     * Whether the open trace is what an import read so far, not yet stored: nothing may be written into it (a replay,
     * fork, revert or note) until the stored trace takes its place.
     */
    public ReadOnlyBooleanProperty importingProperty() {
        return importing.getReadOnlyProperty();
    }

    public boolean importing() {
        return importing.get();
    }

    void setImporting(boolean preview) {
        importing.set(preview);
    }

    /** Closes the open trace: nothing is shown (what an import showed while reading, once it is cancelled). */
    void close() {
        runs.setLineage(null, null);
        trace.set(null);
        integrity.set(null);
    }

    /** The verdict of the open trace after it was verified again. */
    void setIntegrity(TraceIntegrity verdict) {
        integrity.set(verdict);
    }
}
