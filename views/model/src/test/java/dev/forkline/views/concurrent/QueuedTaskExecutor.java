package dev.forkline.views.concurrent;

import java.util.ArrayList;
import java.util.List;

/**
 * Holds every task until the test runs it, on the test's thread, in the order the test chooses: how two requests that
 * overlap on the real pool end in the "wrong" order, made deterministic. UI actions run at once, as on the FX thread.
 */
public final class QueuedTaskExecutor implements TaskExecutor {

    private record Waiting(String name, Runnable run) {
    }

    private final List<Waiting> waiting = new ArrayList<>();

    @Override
    public <T> TaskHandle execute(String name, Work<T> work, TaskListener<? super T> listener) {
        TaskHandle handle = new TaskHandle(name);
        waiting.add(new Waiting(name, () -> SameThreadTaskExecutor.run(handle, work, listener)));
        return handle;
    }

    @Override
    public void onUi(Runnable action) {
        action.run();
    }

    public int waiting() {
        return waiting.size();
    }

    /** Runs the task queued {@code index}-th among those still waiting (0 is the oldest), and its callbacks. */
    public void run(int index) {
        waiting.remove(index).run().run();
    }

    /** The names of the tasks waiting, oldest first. */
    public List<String> waitingNames() {
        return waiting.stream().map(Waiting::name).toList();
    }

    /** Runs what waits, oldest first, until nothing but tasks named {@code name} does (tasks queued meanwhile included). */
    public void runAllBut(String name) {
        for (int i = 0; i < waiting.size(); ) {
            if (waiting.get(i).name().equals(name)) {
                i++;
            } else {
                run(i);
                i = 0;
            }
        }
    }

    /** Runs what waits, newest first, until nothing does (tasks queued meanwhile included). */
    public void runAllNewestFirst() {
        while (!waiting.isEmpty()) {
            run(waiting.size() - 1);
        }
    }
}
