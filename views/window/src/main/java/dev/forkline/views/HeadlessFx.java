package dev.forkline.views;

import javafx.application.Platform;
import javafx.stage.Window;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.Callable;

/**
 * Starts the JavaFX platform when it is not running yet: headless (Monocle, software rendering) unless the caller already
 * chose a glass platform. Also runs code on the FX thread and waits for it.
 */
public final class HeadlessFx {

    /** The largest window a headless screenshot can have. */
    public static final int MAX_WIDTH = 3840;
    public static final int MAX_HEIGHT = 2400;

    private static boolean started;

    private HeadlessFx() {
    }

    /** Starts the FX platform (headless if nobody configured otherwise); does nothing if it already runs. */
    public static synchronized void ensureStarted() {
        if (started) {
            return;
        }
        if (System.getProperty("glass.platform") == null) {
            System.setProperty("glass.platform", "Monocle");
            System.setProperty("monocle.platform", "Headless");
            System.setProperty("prism.order", "sw");
        }
        if (System.getProperty("headless.geometry") == null) {
            // Monocle's headless screen is 1280x800 by default; a bigger window overflows its framebuffer
            System.setProperty("headless.geometry", MAX_WIDTH + "x" + MAX_HEIGHT + "-32");
        }
        CountDownLatch ready = new CountDownLatch(1);
        try {
            Platform.startup(ready::countDown);
        } catch (IllegalStateException alreadyRunning) {
            ready.countDown();
        }
        try {
            if (!ready.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the JavaFX platform did not start within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting JavaFX", e);
        }
        Platform.setImplicitExit(false);
        started = true;
    }

    /** Runs {@code work} on the FX thread and returns its result (directly when already on it), waiting up to 60 s. */
    public static <T> T call(Callable<T> work) {
        return call(work, Duration.ofSeconds(60));
    }

    /** Like {@link #call(Callable)}, waiting up to {@code limit} for work that takes long (benchmarks). */
    public static <T> T call(Callable<T> work, Duration limit) {
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
            return result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("FX thread did not answer within " + limit.toSeconds() + " s", e);
        }
    }

    /** Hides every window shown, on the FX thread: what a test or a figure leaves open. */
    public static void hideAllWindows() {
        call(() -> {
            List.copyOf(Window.getWindows()).forEach(Window::hide);
            return null;
        });
    }

    /** Waits until the FX thread has processed everything queued before this call (and one more pulse). */
    public static void waitForFx() {
        call(() -> null);
        call(() -> null);
    }
}
