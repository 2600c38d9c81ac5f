package dev.forkline.views.concurrent;

import javafx.application.Platform;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
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
    public <T> void execute(String name, Work<T> work, TaskListener<? super T> listener) {
        pool.execute(() -> {
            Thread thread = Thread.currentThread();
            String previousName = thread.getName();
            thread.setName("forkline-" + name);
            try {
                T result = work.run((message, fraction) -> Platform.runLater(() -> listener.progressed(message, fraction)));
                Platform.runLater(() -> listener.succeeded(result));
            } catch (Throwable e) {
                LOG.warn("background task '" + name + "' failed", e);
                Platform.runLater(() -> listener.failed(e));
                if (e instanceof Error error && !(e instanceof LinkageError)) {
                    throw error;
                }
            } finally {
                thread.setName(previousName);
            }
        });
    }

    @Override
    public void onUi(Runnable action) {
        if (Platform.isFxApplicationThread()) {
            action.run();
        } else {
            Platform.runLater(action);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
