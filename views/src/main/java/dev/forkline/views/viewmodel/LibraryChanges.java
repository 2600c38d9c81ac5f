package dev.forkline.views.viewmodel;

import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.TraceLibrary;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keeps the window current: when the library changes from outside (a teammate imports a trace or decides an escape in
 * the team store), the library list and the queue are read again on the UI thread. A burst of changes that arrives
 * before the UI thread got to the first one is read once.
 */
final class LibraryChanges {

    private LibraryChanges() {
    }

    /** Subscribes for the window's lifetime; {@code reload} runs on the UI thread. */
    static AutoCloseable follow(TraceLibrary library, TaskExecutor executor, Runnable reload) {
        AtomicBoolean pending = new AtomicBoolean();
        return library.onChange(() -> {
            if (pending.compareAndSet(false, true)) {
                executor.onUi(() -> {
                    pending.set(false);
                    reload.run();
                });
            }
        });
    }
}
