package dev.forkline.replay.engine;

/** Lets another thread (the window's Stop button) end a replay between steps; the replay then ends as aborted. */
public final class Cancellation {

    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }
}
