package dev.forkline.views.concurrent;

import java.util.function.Consumer;

/**
 * "Only the latest request counts" for requests that may come faster than they are answered (the state at a cursor
 * while a key is held down), one task at a time: while a task runs, later requests replace each other and only the
 * last one runs once it ends; only the latest request's outcome is delivered. {@link LatestWins} starts a task for each
 * request instead, and a running task is not interrupted when cancelled (see {@link TaskHandle}): requests whose first
 * answer waits for a long pass (a newly shown trace's state) would each keep one of the window's few background
 * threads until that pass ends, and the window's other work would wait behind them. Use on the UI thread.
 *
 * @param <T> what a request's work returns
 */
public final class SerialLatest<T> {

    private record Request<T>(long number, Work<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
    }

    private final TaskExecutor executor;
    private final String purpose;
    /** The request that waits for the running one to end; null when none does. */
    private Request<T> waiting;
    /** The request whose task runs; null when none does. */
    private Request<T> running;
    /** How many requests (and cancels) were made: only the latest one's outcome is delivered. */
    private long requested;
    /** The number of the latest request answered or cancelled. */
    private long answered;

    /** @param purpose the tasks' name */
    public SerialLatest(TaskExecutor executor, String purpose) {
        this.executor = executor;
        this.purpose = purpose;
    }

    /** Makes {@code work} the latest request: it runs at once, or once the running task ends if one runs. */
    public void request(Work<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        waiting = new Request<>(++requested, work, onSuccess, onFailure);
        if (running == null) {
            startWaiting();
        }
    }

    /** Drops the waiting request, and the outcome of the running one: nothing is delivered until a new request. */
    public void cancel() {
        waiting = null;
        answered = ++requested;
    }

    /** Whether the latest request still waits for its outcome. */
    public boolean isWorking() {
        return answered != requested;
    }

    private void startWaiting() {
        Request<T> next = waiting;
        waiting = null;
        running = next;
        executor.execute(purpose, next.work(), result -> ended(next, () -> next.onSuccess().accept(result)),
                failure -> ended(next, () -> next.onFailure().accept(failure)));
    }

    private void ended(Request<T> request, Runnable deliver) {
        running = null;
        if (request.number() == requested) {
            answered = requested;
            deliver.run();
        } else if (waiting != null) {
            startWaiting();
        }
    }
}
