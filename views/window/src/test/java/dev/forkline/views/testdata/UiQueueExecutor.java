package dev.forkline.views.testdata;

import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.concurrent.TaskHandle;
import dev.forkline.views.concurrent.TaskListener;
import dev.forkline.views.concurrent.Work;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Runs each task on a thread of its own and hands its outcomes to a queue that the test's thread, standing for the UI
 * thread, runs ({@link #runUiUntil}): work really runs beside the "UI", as in the window, without the FX toolkit.
 */
public final class UiQueueExecutor implements TaskExecutor {
    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final List<Thread> workers = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public <T> TaskHandle execute(String name, Work<T> work, TaskListener<? super T> listener) {
        TaskHandle handle = new TaskHandle(name);
        Thread worker = new Thread(() -> {
            try {
                T result = work.run((message, fraction) -> ui.add(() -> {
                    if (!handle.isDone()) {
                        listener.progressed(message, fraction);
                    }
                }));
                ui.add(() -> TaskExecutor.deliver(handle, result, listener));
            } catch (Exception e) {
                ui.add(() -> TaskExecutor.deliverFailure(handle, e, listener));
            }
        }, "test-" + name);
        workers.add(worker);
        worker.start();
        return handle;
    }

    @Override
    public void onUi(Runnable action) {
        ui.add(action);
    }

    /** Whether no work runs and nothing waits for the UI thread. */
    public boolean idle() {
        return ui.isEmpty() && workers.stream().noneMatch(Thread::isAlive);
    }

    /** Runs what the workers hand to the UI thread until {@code done} holds (a minute at most: a liveness guard). */
    public void runUiUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the window did not get there");
            }
            Runnable next = ui.poll(20, TimeUnit.MILLISECONDS);
            if (next != null) {
                next.run();
            }
        }
    }

    public void awaitWorkers() throws InterruptedException {
        for (Thread worker : workers) {
            worker.join(TimeUnit.MINUTES.toMillis(1));
        }
    }
}
