package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.views.inspector.EventDetails;
import dev.forkline.views.shell.TimelineCanvas;
import dev.forkline.views.state.StateSnapshot;
import dev.forkline.views.viewmodel.StepScope;
import dev.forkline.views.viewmodel.TimelineViewModel;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.ToDoubleFunction;
import javafx.application.Platform;

/**
 * A reviewer stepping through what is shown while the window still imports: every {@link #PAUSE_MILLIS} a step of one
 * event is posted to the FX thread, as a key press is, and timed from the post until the timeline is painted and both
 * the inspector and the state panel (computed on the window's background threads, beside the import) show the event.
 * A step whose shown trace is replaced meanwhile (a larger preview, the stored trace) is not counted: it is answered
 * for another trace.
 */
final class SteppingWhileImporting {

    static final long PAUSE_MILLIS = 200;
    /** Longer than any step waits, even behind a collector's pause; a step not answered by then ends the figure. */
    private static final long STEP_LIMIT_SECONDS = 60;
    private static final double SLOW_MILLIS = 250;

    /**
     * One answered step: when it was posted (since the import started), the FX thread's part (post to painted) and the
     * whole (post to inspector and state shown).
     */
    record Step(double postedMillis, double paintedMillis, double shownMillis, String line) {
    }

    private final WorkbenchViewModel window;
    private final TimelineCanvas painter;
    private final AtomicReference<Seen<StateSnapshot>> lastState = new AtomicReference<>();
    private final AtomicReference<Seen<EventDetails>> lastDetails = new AtomicReference<>();
    /** The trace shown (the opened trace's bundle), read off the FX thread. */
    private final AtomicReference<Object> shownTrace = new AtomicReference<>();
    private final List<Step> steps = new ArrayList<>();
    private int direction = 1;
    private int replaced;

    private record Seen<T>(T value, long at) {
    }

    /** Call on the FX thread, once something of the import is shown. */
    SteppingWhileImporting(WorkbenchViewModel window, TimelineCanvas painter) {
        this.window = window;
        this.painter = painter;
        // invalidation, not change: two events may be described alike, and each new answer counts
        var state = window.state().snapshotProperty();
        state.addListener(obs -> lastState.set(new Seen<>(state.get(), System.nanoTime())));
        var details = window.inspector().detailsProperty();
        details.addListener(obs -> lastDetails.set(new Seen<>(details.get(), System.nanoTime())));
        shownTrace.set(shown(window.opened()));
        window.openedProperty().addListener((obs, old, now) -> shownTrace.set(shown(now)));
    }

    /** Steps until {@code importing} turns false; returns the answered steps. */
    List<Step> stepWhile(BooleanSupplier importing, long importStarted) throws Exception {
        while (importing.getAsBoolean()) {
            stepOnce(importStarted);
            Thread.sleep(PAUSE_MILLIS);
        }
        return steps;
    }

    /** What the log says of the steps: how many, their times, and when the slow ones were taken. */
    String summary() {
        List<String> slow = steps.stream().filter(step -> step.shownMillis() > SLOW_MILLIS)
                .map(step -> String.format("at %.1f s: %.0f ms", step.postedMillis() / 1000, step.shownMillis())).toList();
        return String.format("%d steps shown (%d not counted: their trace was replaced first); until shown median %s, 95th "
                        + "percentile %s, longest %s; the FX thread's part median %s, longest %s; shown after more than %.0f ms "
                        + "(since the import began): %s", steps.size(), replaced,
                Unit.MILLIS.format(quantile(steps, Step::shownMillis, 0.5)), Unit.MILLIS.format(quantile(steps, Step::shownMillis, 0.95)),
                Unit.MILLIS.format(quantile(steps, Step::shownMillis, 1)), Unit.MILLIS.format(quantile(steps, Step::paintedMillis, 0.5)),
                Unit.MILLIS.format(quantile(steps, Step::paintedMillis, 1)), SLOW_MILLIS, slow);
    }

    /** The {@code q} quantile (nearest rank; 1 is the longest) of one of the steps' times; NaN without steps. */
    static double quantile(List<Step> steps, ToDoubleFunction<Step> time, double q) {
        if (steps.isEmpty()) {
            return Double.NaN;
        }
        double[] sorted = steps.stream().mapToDouble(time).sorted().toArray();
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private void stepOnce(long importStarted) throws Exception {
        long posted = System.nanoTime();
        CompletableFuture<Posted> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                done.complete(step());
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        Posted step = done.get(STEP_LIMIT_SECONDS, TimeUnit.SECONDS);
        if (step == null) {
            return;
        }
        long deadline = posted + TimeUnit.SECONDS.toNanos(STEP_LIMIT_SECONDS);
        while (true) {
            Seen<StateSnapshot> state = lastState.get();
            Seen<EventDetails> details = lastDetails.get();
            boolean stateShown = state != null && state.at() >= posted && step.eventId().equals(state.value().atEventId());
            boolean detailsShown = details != null && details.at() >= posted && details.value() != null;
            if (stateShown && detailsShown) {
                steps.add(new Step((posted - importStarted) / 1e6, (step.paintedAt() - posted) / 1e6, (Math.max(state.at(), details.at()) - posted) / 1e6, step.line()));
                return;
            }
            if (shownTrace.get() != step.trace()) {
                replaced++;
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("a step while importing was not shown within " + STEP_LIMIT_SECONDS + " s");
            }
            Thread.sleep(1);
        }
    }

    private record Posted(Object trace, String eventId, long paintedAt, String line) {
    }

    private static Object shown(dev.forkline.views.viewmodel.OpenedTrace opened) {
        return opened == null ? null : opened.bundle();
    }

    /** On the FX thread: one step (back at the end of what is shown), then the timeline painted. */
    private Posted step() {
        if (window.opened() == null || window.timeline().model().eventCount() < 2) {
            return null;
        }
        TimelineViewModel timeline = window.timeline();
        int before = timeline.selectedIndex();
        timeline.step(direction, StepScope.ALL);
        if (timeline.selectedIndex() == before) {
            direction = -direction;
            timeline.step(direction, StepScope.ALL);
        }
        painter.layout();
        long painted = System.nanoTime();
        Event shown = timeline.selectedEvent();
        return shown == null ? null : new Posted(window.opened().bundle(), shown.id(), painted, EventCodec.toLine(shown));
    }
}
