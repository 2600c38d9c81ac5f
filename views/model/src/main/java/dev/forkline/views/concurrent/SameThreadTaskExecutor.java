package dev.forkline.views.concurrent;

/**
 * Runs work immediately on the calling thread: deterministic view-model tests without an FX thread. The handle it
 * returns is done already.
 */
public final class SameThreadTaskExecutor implements TaskExecutor {

    @Override
    public <T> TaskHandle execute(String name, Work<T> work, TaskListener<? super T> listener) {
        TaskHandle handle = new TaskHandle(name);
        run(handle, work, listener);
        return handle;
    }

    /**
     * Runs {@code work} here and now, delivering through {@code handle} (which may have been cancelled meanwhile): also
     * for executors that hold a task and run it later on the calling thread (the tests' queue, the benchmarks').
     */
    public static <T> void run(TaskHandle handle, Work<T> work, TaskListener<? super T> listener) {
        if (handle.isCancelled()) {
            return;
        }
        T result;
        try {
            result = work.run((message, fraction) -> {
                if (!handle.isDone()) {
                    listener.progressed(message, fraction);
                }
            });
        } catch (Exception | LinkageError e) {
            TaskExecutor.deliverFailure(handle, e, listener);
            return;
        }
        TaskExecutor.deliver(handle, result, listener);
    }

    @Override
    public void onUi(Runnable action) {
        action.run();
    }
}
