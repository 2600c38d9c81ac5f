package dev.forkline.views.concurrent;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * "Only the latest request counts", keyed by purpose ("open-trace", "library-search", …): starting a request for a
 * purpose cancels the one before it, whose outcome then never arrives. Use on the UI thread.
 * <p>
 * Work that serves a purpose only as it ends (an import that then opens what it imported) {@linkplain #defer defers}
 * its request: when the work ends it takes its turn, and wins unless a request for the purpose was made meanwhile.
 */
public final class LatestWins {

    private final TaskExecutor executor;
    private final Map<String, Ticket> latest = new HashMap<>();
    /** How many requests were made for each purpose: a deferred request wins only if none was made after it. */
    private final Map<String, Long> requests = new HashMap<>();

    public LatestWins(TaskExecutor executor) {
        this.executor = executor;
    }

    /** Starts {@code work} as the latest request for {@code purpose} (also its task name), cancelling the one before. */
    public <T> TaskHandle execute(String purpose, Work<T> work, TaskListener<? super T> listener) {
        Ticket ticket = claim(purpose);
        return ticket.track(executor.execute(purpose, work, listener));
    }

    /** {@link #execute(String, Work, TaskListener)} with one callback for each outcome. */
    public <T> TaskHandle execute(String purpose, Work<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        Ticket ticket = claim(purpose);
        return ticket.track(executor.execute(purpose, work, onSuccess, onFailure));
    }

    /** Makes a new request the latest for {@code purpose}: the task of the one before is cancelled. */
    public Ticket claim(String purpose) {
        cancel(purpose);
        requests.merge(purpose, 1L, Long::sum);
        Ticket ticket = new Ticket(purpose);
        latest.put(purpose, ticket);
        return ticket;
    }

    /**
     * A request made now whose turn comes later, when {@link Deferred#takeTurn()} is called: it wins then (cancelling
     * the task of the request before) unless a request for the purpose was made in between.
     */
    public Deferred defer(String purpose) {
        return new Deferred(purpose, requests.getOrDefault(purpose, 0L));
    }

    /** Cancels the latest request for {@code purpose}, if its task still runs; a request claimed after wins again. */
    public void cancel(String purpose) {
        Ticket previous = latest.remove(purpose);
        if (previous != null && previous.task != null) {
            previous.task.cancel();
        }
    }

    /** Whether a task started for {@code purpose} is still running. */
    public boolean isRunning(String purpose) {
        Ticket current = latest.get(purpose);
        return current != null && current.task != null && !current.task.isDone();
    }

    /** A request waiting for its turn: see {@link #defer(String)}. */
    public final class Deferred {

        private final String purpose;
        private final long madeAfter;

        private Deferred(String purpose, long madeAfter) {
            this.purpose = purpose;
            this.madeAfter = madeAfter;
        }

        /** Claims the purpose and returns true, unless a request for it was made since this one; then false. */
        public boolean takeTurn() {
            if (!isCurrent()) {
                return false;
            }
            claim(purpose);
            return true;
        }

        /** Whether no request for the purpose was made since this one (its turn would still win). */
        public boolean isCurrent() {
            return requests.getOrDefault(purpose, 0L) == madeAfter;
        }
    }

    /** One request for a purpose; it stays current until another request for that purpose is claimed. */
    public final class Ticket {

        private final String purpose;
        private TaskHandle task;

        private Ticket(String purpose) {
            this.purpose = purpose;
        }

        /** Whether no request for the same purpose was made since this one. */
        public boolean isCurrent() {
            return latest.get(purpose) == this;
        }

        /**
         * The task serving this request: a later claim cancels it. A request overtaken already (even while its task
         * ran, on an executor that runs in place) cancels the task at once.
         */
        public TaskHandle track(TaskHandle handle) {
            if (isCurrent()) {
                task = handle;
            } else {
                handle.cancel();
            }
            return handle;
        }
    }
}
