package dev.forkline.views.concurrent;

/** Runs work immediately on the calling thread: deterministic view-model tests without an FX thread. */
public final class SameThreadTaskExecutor implements TaskExecutor {

    @Override
    public <T> void execute(String name, Work<T> work, TaskListener<? super T> listener) {
        T result;
        try {
            result = work.run(listener::progressed);
        } catch (Exception | LinkageError e) {
            listener.failed(e);
            return;
        }
        listener.succeeded(result);
    }

    @Override
    public void onUi(Runnable action) {
        action.run();
    }
}
