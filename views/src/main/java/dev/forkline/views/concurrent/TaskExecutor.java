package dev.forkline.views.concurrent;

import java.util.function.Consumer;

/**
 * Runs work off the UI thread and hands the outcome back on it. View models only ever talk to this interface, so tests
 * swap in {@link SameThreadTaskExecutor} and stay free of the FX thread.
 */
public interface TaskExecutor {

    /** @param name shows in thread names and logs, e.g. "load-trace" */
    <T> void execute(String name, Work<T> work, TaskListener<? super T> listener);

    /** Runs something on the UI thread (directly in tests). */
    void onUi(Runnable action);

    default <T> void execute(String name, Work<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        execute(name, work, new TaskListener<T>() {
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
}
