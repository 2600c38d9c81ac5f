package dev.forkline.reliability;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs each case on a daemon thread with a deadline, so that a hang is a failure rather than a stuck build. A thread
 * that does not finish in time is abandoned (interrupted, then left behind) and a fresh one takes the next case.
 */
final class BoundedCall implements AutoCloseable {

    /** What happened: the value, the exception thrown, or a timeout. */
    record Result<T>(T value, Throwable thrown, boolean timedOut) {
    }

    private ExecutorService executor = newExecutor();

    <T> Result<T> run(Callable<T> work, Duration timeout) {
        Future<T> future = executor.submit(work);
        try {
            return new Result<>(future.get(timeout.toMillis(), TimeUnit.MILLISECONDS), null, false);
        } catch (ExecutionException e) {
            return new Result<>(null, e.getCause(), false);
        } catch (TimeoutException e) {
            future.cancel(true);
            executor.shutdownNow();
            executor = newExecutor();
            return new Result<>(null, null, true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a fuzz case", e);
        }
    }

    private static ExecutorService newExecutor() {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fuzz-case");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
