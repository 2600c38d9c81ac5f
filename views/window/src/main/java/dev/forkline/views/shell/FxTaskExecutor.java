package dev.forkline.views.shell;

import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.concurrent.TaskHandle;
import dev.forkline.views.concurrent.TaskListener;
import dev.forkline.views.concurrent.Work;
import javafx.application.Platform;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background work on a small pool of named daemon threads ({@code forkline-<task>-<n>}); failures are logged with the
 * task name and then handed to the listener; every callback goes back through {@link Platform#runLater}.
 */
public final class FxTaskExecutor implements TaskExecutor, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FxTaskExecutor.class);

    private final ExecutorService pool;

    public FxTaskExecutor(int threads) {
        AtomicInteger counter = new AtomicInteger();
        ThreadFactory factory = runnable -> {
            Thread thread = new Thread(runnable, "forkline-worker-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        this.pool = Executors.newFixedThreadPool(threads, factory);
    }

    @Override
    public <T> TaskHandle execute(String name, Work<T> work, TaskListener<? super T> listener) {
        TaskHandle handle = new TaskHandle(name);
        try {
            pool.execute(() -> run(name, work, listener, handle));
        } catch (RejectedExecutionException closed) {
            // the window is gone (close() ran): a late request, e.g. a store change heard while closing, is dropped
            handle.cancel();
        }
        return handle;
    }

    private <T> void run(String name, Work<T> work, TaskListener<? super T> listener, TaskHandle handle) {
        if (handle.isCancelled() || pool.isShutdown()) {
            return; // cancelled, or the window closed, while it waited: the work never runs
        }
        Thread thread = Thread.currentThread();
        String previousName = thread.getName();
        thread.setName("forkline-" + name);
        try {
            T result = work.run((message, fraction) -> Platform.runLater(() -> {
                if (!handle.isDone()) {
                    listener.progressed(message, fraction);
                }
            }));
            Platform.runLater(() -> TaskExecutor.deliver(handle, result, listener));
        } catch (Throwable e) {
            // work that outlives close() finds the store closed under it, and work told to stop (an import's preview once
            // the import ended) ends with a CancellationException: neither is a failure
            if (!handle.isCancelled() && !pool.isShutdown() && !(e instanceof java.util.concurrent.CancellationException)) {
                LOG.warn("background task '" + name + "' failed", e);
            }
            Platform.runLater(() -> TaskExecutor.deliverFailure(handle, e, listener));
            if (e instanceof Error error && !(e instanceof LinkageError)) {
                throw error;
            }
        } finally {
            thread.setName(previousName);
        }
    }

    @Override
    public void onUi(Runnable action) {
        if (Platform.isFxApplicationThread()) {
            action.run();
        } else {
            Platform.runLater(action);
        }
    }

    /**
     * Drops the work not started yet; the work that runs is left to end on its own, never interrupted (see
     * {@link TaskHandle}): an interrupt during H2's file I/O closes the store's file under every connection, and the
     * database then fails to close, keeping its lock file alive after the store is closed.
     */
    @Override
    public void close() {
        pool.shutdown();
    }

    /** After {@link #close}: waits at most {@code timeout} for the work running then to end; true when it has. */
    boolean awaitClosed(Duration timeout) throws InterruptedException {
        return pool.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
