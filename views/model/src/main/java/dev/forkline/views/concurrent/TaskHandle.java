package dev.forkline.views.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A background task once started: whether it is done, how it failed, and a way to cancel it. Cancelling drops the
 * task if it has not started and, in any case, keeps its outcome from being delivered: its listener hears nothing more.
 * Work already running is not interrupted (an interrupt closes the H2 store's file channels under it); it runs to its
 * end and its result is thrown away.
 * <p>
 * State changes that deliver an outcome happen on the UI thread, where {@link #cancel()} is called too, so a task
 * cancelled there never reports afterwards.
 */
public final class TaskHandle {

    /** Where a task is in its life. */
    public enum State { RUNNING, SUCCEEDED, FAILED, CANCELLED }

    private final String name;
    private volatile State state = State.RUNNING;
    private volatile Throwable failure;
    private final List<Runnable> onCancel = new ArrayList<>(1);

    /** @param name the task's name, as given to {@link TaskExecutor#execute} */
    public TaskHandle(String name) {
        this.name = name;
    }

    /** A handle for work that was never started (there was nothing to do): done, neither failed nor cancelled. */
    public static TaskHandle finished(String name) {
        TaskHandle handle = new TaskHandle(name);
        handle.state = State.SUCCEEDED;
        return handle;
    }

    public String name() {
        return name;
    }

    public State state() {
        return state;
    }

    /** Whether the task ended: succeeded, failed or cancelled. */
    public boolean isDone() {
        return state != State.RUNNING;
    }

    public boolean isCancelled() {
        return state == State.CANCELLED;
    }

    /** The failure the task ended with; empty while it runs and when it succeeded or was cancelled. */
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    /** Cancels the task unless it is done already; call on the UI thread. Runs the cancel actions once. */
    public void cancel() {
        if (state != State.RUNNING) {
            return;
        }
        state = State.CANCELLED;
        List<Runnable> actions = List.copyOf(onCancel);
        onCancel.clear();
        actions.forEach(Runnable::run);
    }

    /** Runs {@code action} (on the cancelling thread) if the task is cancelled, e.g. to count it as no longer running. */
    public TaskHandle onCancel(Runnable action) {
        if (state == State.RUNNING) {
            onCancel.add(action);
        } else if (state == State.CANCELLED) {
            action.run();
        }
        return this;
    }

    // --- for executors -----------------------------------------------------------------------------------------------

    /** Marks the task succeeded; false when it was cancelled first (then the outcome must not be delivered). */
    boolean succeed() {
        if (state != State.RUNNING) {
            return false;
        }
        state = State.SUCCEEDED;
        onCancel.clear();
        return true;
    }

    /** Marks the task failed with {@code error}; false when it was cancelled first. */
    boolean fail(Throwable error) {
        if (state != State.RUNNING) {
            return false;
        }
        failure = error;
        state = State.FAILED;
        onCancel.clear();
        return true;
    }

    @Override
    public String toString() {
        return "task '" + name + "' " + state.name().toLowerCase(java.util.Locale.ROOT);
    }
}
