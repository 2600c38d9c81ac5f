package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.timeline.TimelineModel;
import dev.forkline.views.timeline.TimelineViewport;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;

import java.util.BitSet;

/**
 * The timeline of the current run: its columnar model, the selected event (the cursor), search matches, the visible
 * window, stepping and playback. No FX thread needed: the view calls {@link #playTick()} from its own animation.
 *
 * <p>The visible window is in axis time: run time with the run's long idle gaps compressed (see
 * {@link TimelineModel#toAxis(long)}); methods taking a time say which.
 */
public final class TimelineViewModel {

    private final ReadOnlyObjectWrapper<RunEvents> events = new ReadOnlyObjectWrapper<>(RunEvents.empty());
    private final ReadOnlyObjectWrapper<TimelineModel> model = new ReadOnlyObjectWrapper<>(TimelineModel.empty());
    private final ReadOnlyIntegerWrapper selectedIndex = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyObjectWrapper<BitSet> matches = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<BitSet> altered = new ReadOnlyObjectWrapper<>();
    private final TimelineViewport viewport = new TimelineViewport();
    private final ReadOnlyIntegerWrapper viewportRevision = new ReadOnlyIntegerWrapper();
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper();
    /** Milliseconds between steps while playing. */
    private final DoubleProperty paceMillis = new SimpleDoubleProperty(600);
    private final ObjectProperty<StepScope> playScope = new SimpleObjectProperty<>(StepScope.ALL);
    private final BooleanProperty hideUnmatched = new SimpleBooleanProperty();

    public TimelineViewModel() {
        selectedIndex.addListener((obs, old, now) -> {
            int index = now.intValue();
            if (index >= 0 && index < model.get().eventCount()) {
                long before = viewport.start();
                viewport.reveal(model.get().toAxis(model.get().eventTime(index)));
                if (viewport.start() != before) {
                    viewportChanged();
                }
            }
        });
    }

    /** Shows a run with its model (built from the same events), selects nothing, fits the view. */
    public void setRun(RunEvents runEvents, TimelineModel runModel) {
        if (runModel.eventCount() != runEvents.size()) {
            throw new IllegalArgumentException("a model of " + runModel.eventCount() + " events for a run of " + runEvents.size());
        }
        playing.set(false);
        selectedIndex.set(-1);
        matches.set(null);
        altered.set(null);
        events.set(runEvents);
        model.set(runModel);
        viewport.setDuration(runModel.axisLength());
        viewportChanged();
    }

    public ReadOnlyObjectProperty<RunEvents> eventsProperty() {
        return events.getReadOnlyProperty();
    }

    /** The shown run's events; each is read only when asked for. */
    public RunEvents events() {
        return events.get();
    }

    public ReadOnlyObjectProperty<TimelineModel> modelProperty() {
        return model.getReadOnlyProperty();
    }

    public TimelineModel model() {
        return model.get();
    }

    /** The cursor's position in the shown run (-1: none); moved with {@link #select} and the stepping methods. */
    public ReadOnlyIntegerProperty selectedIndexProperty() {
        return selectedIndex.getReadOnlyProperty();
    }

    public int selectedIndex() {
        return selectedIndex.get();
    }

    /** The event at the cursor (read from the trace), or null. */
    public Event selectedEvent() {
        int index = selectedIndex.get();
        return index >= 0 && index < events.get().size() ? events.get().event(index) : null;
    }

    public void select(int index) {
        selectedIndex.set(index >= 0 && index < events.get().size() ? index : -1);
    }

    /** Positions of the shown run's events the filter matches; null when no filter is active. */
    public ReadOnlyObjectProperty<BitSet> matchesProperty() {
        return matches.getReadOnlyProperty();
    }

    void showMatches(BitSet positions) {
        matches.set(positions);
    }

    /** Positions of the shown run's events whose integrity check failed (marked on the timeline); null when none. */
    public ReadOnlyObjectProperty<BitSet> alteredProperty() {
        return altered.getReadOnlyProperty();
    }

    void markAltered(BitSet positions) {
        altered.set(positions);
    }

    /** Steps to the next or previous event of a scope; while unmatched events are hidden, "every event" means every match. */
    public void step(int direction, StepScope scope) {
        StepScope effective = scope == StepScope.ALL && hidesUnmatched() ? StepScope.MATCHES : scope;
        select(EventStepper.step(events.get(), selectedIndex.get(), direction, effective, matches.get()));
    }

    /** Whether the timeline hides the events a filter does not match (instead of only highlighting the matches). */
    public BooleanProperty hideUnmatchedProperty() {
        return hideUnmatched;
    }

    /** Whether events are hidden right now: the mode is on and a filter is active. */
    public boolean hidesUnmatched() {
        return hideUnmatched.get() && matches.get() != null;
    }

    public void home() {
        select(events.get().isEmpty() ? -1 : 0);
    }

    public void end() {
        select(events.get().size() - 1);
    }

    // --- visible window -------------------------------------------------------------------------------------------

    public TimelineViewport viewport() {
        return viewport;
    }

    /** Bumped whenever the visible window changes, so the view knows to redraw. */
    public ReadOnlyIntegerProperty viewportRevisionProperty() {
        return viewportRevision.getReadOnlyProperty();
    }

    public void zoom(double factor, double anchorFraction) {
        viewport.zoom(factor, anchorFraction);
        viewportChanged();
    }

    public void zoomAroundCursor(double factor) {
        int index = selectedIndex.get();
        double anchor = 0.5;
        if (index >= 0) {
            long t = model.get().toAxis(model.get().eventTime(index));
            anchor = Math.clamp((t - viewport.start()) / (double) viewport.span(), 0.0, 1.0);
        }
        zoom(factor, anchor);
    }

    public void panFraction(double fraction) {
        viewport.panFraction(fraction);
        viewportChanged();
    }

    public void pan(long nanos) {
        viewport.pan(nanos);
        viewportChanged();
    }

    /** Centres the window on an axis time. */
    public void centreOn(long axisTime) {
        viewport.centreOn(axisTime);
        viewportChanged();
    }

    /** Shows the axis times from {@code axisStart} to {@code axisEnd} (drag-to-zoom on the overview). */
    public void zoomTo(long axisStart, long axisEnd) {
        long from = Math.min(axisStart, axisEnd);
        long to = Math.max(axisStart, axisEnd);
        viewport.setWindow(from, Math.max(TimelineViewport.MIN_SPAN_NANOS, to - from));
        viewportChanged();
    }

    /**
     * Zooms to the selected event (Perfetto's F): a span fills the window with a little room either side; an instant
     * event is shown with its neighbours in the run. Does nothing when nothing is selected.
     */
    public void zoomToSelection() {
        int index = selectedIndex.get();
        TimelineModel shown = model.get();
        if (index < 0 || index >= shown.eventCount()) {
            return;
        }
        long from = shown.eventTime(index);
        long to = from;
        int item = shown.itemOfEvent(index);
        if (item >= 0) {
            from = shown.start(item);
            to = shown.end(item);
        }
        if (to == from) {
            from = index > 0 ? Math.min(from, shown.eventTime(index - 1)) : from;
            to = index + 1 < shown.eventCount() ? Math.max(to, shown.eventTime(index + 1)) : to;
        }
        long axisFrom = shown.toAxis(from);
        long axisTo = shown.toAxis(to);
        long room = Math.max(TimelineViewport.MIN_SPAN_NANOS, (axisTo - axisFrom) / 10);
        zoomTo(axisFrom - room, axisTo + room);
    }

    public void fit() {
        viewport.fit();
        viewportChanged();
    }

    private void viewportChanged() {
        viewportRevision.set(viewportRevision.get() + 1);
    }

    // --- playback -------------------------------------------------------------------------------------------------

    /** Whether playback is running; started and stopped with {@link #togglePlay}. */
    public ReadOnlyBooleanProperty playingProperty() {
        return playing.getReadOnlyProperty();
    }

    public DoubleProperty paceMillisProperty() {
        return paceMillis;
    }

    public ObjectProperty<StepScope> playScopeProperty() {
        return playScope;
    }

    public void togglePlay() {
        if (!playing.get() && selectedIndex.get() == events.get().size() - 1) {
            select(-1); // at the end: play again from the start
        }
        playing.set(!playing.get() && !events.get().isEmpty());
    }

    /** One playback step; stops playing at the last event of the scope. */
    public void playTick() {
        if (!playing.get()) {
            return;
        }
        int before = selectedIndex.get();
        step(+1, playScope.get());
        if (selectedIndex.get() == before) {
            playing.set(false);
        }
    }
}
