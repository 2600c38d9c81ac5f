package dev.forkline.benchmarks.harness;

import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.concurrent.TaskHandle;
import dev.forkline.views.concurrent.TaskListener;
import dev.forkline.views.concurrent.Work;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs tasks on the calling thread as {@link SameThreadTaskExecutor} does, except those with the names given, which
 * wait until {@link #runDeferred}: work the window does in the background after what a figure measures (the check of
 * a shown trace's test files after its first frame) is left out of that figure and can be timed on its own.
 */
public final class DeferringTaskExecutor implements TaskExecutor {

    private final SameThreadTaskExecutor now = new SameThreadTaskExecutor();
    private final Set<String> deferred;
    private final List<Runnable> waiting = new ArrayList<>();

    public DeferringTaskExecutor(Set<String> deferred) {
        this.deferred = Set.copyOf(deferred);
    }

    @Override
    public <T> TaskHandle execute(String name, Work<T> work, TaskListener<? super T> listener) {
        if (!deferred.contains(name)) {
            return now.execute(name, work, listener);
        }
        TaskHandle handle = new TaskHandle(name);
        waiting.add(() -> SameThreadTaskExecutor.run(handle, work, listener));
        return handle;
    }

    @Override
    public void onUi(Runnable action) {
        action.run();
    }

    /** Runs the deferred tasks, oldest first (and those they defer in turn); on the calling thread. */
    public void runDeferred() {
        while (!waiting.isEmpty()) {
            waiting.removeFirst().run();
        }
    }
}
