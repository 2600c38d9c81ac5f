package dev.forkline.benchmarks.figures;

import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.state.StateProvider;
import dev.forkline.views.state.StateSnapshot;
import dev.forkline.views.viewmodel.RecentFiles;
import dev.forkline.views.viewmodel.WorkbenchViewModel;

/**
 * The window's work while a live trace streams in, without drawing: a workbench view model on the store that polls it
 * as the window does ({@code LiveSessionsViewModel.poll}, every 500 ms), opens the trace as soon as it is stored and then
 * follows its tail (each change reloads it and moves the cursor to the newest event). Runs on a thread of its own, which
 * is the view model's only thread (its tasks run in place). It is open before the figure's clock starts.
 */
final class FollowingWindow implements AutoCloseable {

    static final long POLL_MILLIS = 500;

    private final Thread thread;
    private volatile boolean closed;
    private volatile int reloads;
    private volatile RuntimeException failure;

    private final java.util.concurrent.CountDownLatch open = new java.util.concurrent.CountDownLatch(1);

    /** Returns once the window is open and has read the library as it is (the reviewer opened it before the agent started). */
    FollowingWindow(TraceStore store, String traceId) throws InterruptedException {
        thread = Thread.ofPlatform().name("bench-following-window").daemon(true).start(() -> follow(store, traceId));
        if (!open.await(5, java.util.concurrent.TimeUnit.MINUTES)) {
            throw new IllegalStateException("the following window did not open within 5 minutes");
        }
        if (failure != null) {
            throw failure;
        }
    }

    private void follow(TraceStore store, String traceId) {
        try {
            WorkbenchViewModel window;
            try {
                window = new WorkbenchViewModel(new SameThreadTaskExecutor(), new StoreTraceLibrary(store),
                        new PassesAwaited(new ReconstructorStateProvider()), new RecentFiles(null));
                window.live().poll();
            } catch (RuntimeException e) {
                failure = new IllegalStateException("the following window did not open: " + e.getMessage(), e);
                return;
            } finally {
                open.countDown();
            }
            int shown = -1;
            while (!closed) {
                window.live().poll();
                if (!window.isOpen(traceId) && store.find(traceId).isPresent()) {
                    window.openStored(traceId);
                }
                if (window.isOpen(traceId) && window.timeline().events().size() != shown) {
                    shown = window.timeline().events().size();
                    reloads++;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            failure = new IllegalStateException("the following window failed: " + e.getMessage(), e);
        }
    }

    /** How many times the window showed the trace grown. */
    int reloads() {
        return reloads;
    }

    /** Stops following, and waits for the state passes the window started, which would otherwise run into the next figure. */
    @Override
    public void close() throws InterruptedException {
        closed = true;
        thread.join(60_000);
        if (failure != null) {
            throw failure;
        }
        passes.forEach(pass -> pass.exceptionally(failed -> null).join());
    }

    private final java.util.List<java.util.concurrent.CompletableFuture<Void>> passes = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** The window's state provider, keeping the passes it starts in the background. */
    private final class PassesAwaited implements StateProvider {
        private final StateProvider provider;

        PassesAwaited(StateProvider provider) {
            this.provider = provider;
        }

        @Override
        public StateSnapshot at(RunLineage lineage, String run, int eventIndex) {
            return provider.at(lineage, run, eventIndex);
        }

        @Override
        public java.util.concurrent.CompletableFuture<Void> prepare(RunLineage lineage, String run) {
            java.util.concurrent.CompletableFuture<Void> pass = provider.prepare(lineage, run);
            passes.add(pass);
            return pass;
        }
    }
}
