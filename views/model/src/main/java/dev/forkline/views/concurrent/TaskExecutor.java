package dev.forkline.views.concurrent;

import java.util.function.Consumer;

/**
 * Runs work off the UI thread and hands the outcome back on it. View models only ever talk to this interface, so tests
 * swap in {@link SameThreadTaskExecutor} and stay free of the FX thread.
 */
public interface TaskExecutor {

    /**
     * Starts {@code work}; the listener hears its progress and outcome on the UI thread unless the returned handle is
     * cancelled first.
     *
     * @param name shows in thread names and logs, e.g. "load-trace"
     */
    <T> TaskHandle execute(String name, Work<T> work, TaskListener<? super T> listener);

    /** Runs something on the UI thread (directly in tests). */
    void onUi(Runnable action);

    default <T> TaskHandle execute(String name, Work<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        return execute(name, work, new TaskListener<T>() {
            @Override
            public void succeeded(T result) {
                onSuccess.accept(result);
            }

            @Override
            public void failed(Throwable error) {
                onFailure.accept(error);
            }
        });
    }

    /**
     * Runs the work, then hands its outcome to the listener through the handle: nothing is delivered once the handle is
     * cancelled. For executors; call where the outcome is to be delivered (the UI thread).
     */
    static <T> void deliver(TaskHandle handle, T result, TaskListener<? super T> listener) {
        if (handle.succeed()) {
            listener.succeeded(result);
        }
    }

    /** The failing counterpart of {@link #deliver(TaskHandle, Object, TaskListener)}. */
    static void deliverFailure(TaskHandle handle, Throwable error, TaskListener<?> listener) {
        if (handle.fail(error)) {
            listener.failed(error);
        }
    }
}
