package dev.forkline.benchmarks.harness;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * Runs measured work on the FX thread and waits for it. Unlike the views module's helper it waits as long as a
 * 1M-event open takes on a slow machine (up to half an hour).
 */
public final class FxThread {

    private static final long LIMIT_MINUTES = 30;

    private FxThread() {
    }

    public static <T> T call(Callable<T> work) {
        if (Platform.isFxApplicationThread()) {
            try {
                return work.call();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        try {
            return result.get(LIMIT_MINUTES, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the FX thread", e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the FX thread did not finish within " + LIMIT_MINUTES + " minutes", e);
        }
    }
}
