package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.DockerEngine;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A few pre-started sandboxes per isolation boundary (image included), so that a replay does not wait for a container
 * to start. Nothing is reused between runs: a sandbox handed out is never taken back (its user closes it, which removes
 * it), and the pool starts a replacement in the background. Size zero keeps no sandboxes: every take starts one.
 */
public final class SandboxPool implements AutoCloseable {

    /** A running sandbox with the requested workspace, and how it was obtained. */
    public record Provisioned(Sandbox sandbox, boolean fromPool, long provisionMs, long restoreMs) {
    }

    static final String POOL_SESSION = "forkline-pool";

    private final DockerEngine engine;
    private final int size;
    private final Map<IsolationBoundary, Deque<Sandbox>> idle = new HashMap<>();
    private final Map<IsolationBoundary, Integer> starting = new HashMap<>();
    private final ExecutorService starter;
    private boolean closed;

    public SandboxPool(DockerEngine engine, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("pool size must be zero or more");
        }
        this.engine = engine;
        this.size = size;
        this.starter = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "forkline-sandbox-pool");
            thread.setDaemon(true);
            return thread;
        });
    }

    public int size() {
        return size;
    }

    /** Starts sandboxes for {@code boundary} in the background until {@link #size()} are idle. */
    public synchronized void prewarm(IsolationBoundary boundary) {
        if (closed) {
            return;
        }
        int have = idle.getOrDefault(boundary, new ArrayDeque<>()).size() + starting.getOrDefault(boundary, 0);
        for (int i = have; i < size; i++) {
            starting.merge(boundary, 1, Integer::sum);
            starter.execute(() -> startOne(boundary));
        }
    }

    private void startOne(IsolationBoundary boundary) {
        Sandbox started = null;
        try {
            started = Sandbox.start(engine, boundary, new SandboxLabels(POOL_SESSION, ""), List.of());
        } catch (RuntimeException e) {
            // the engine or image is unavailable: a later take starts a sandbox itself and reports the problem
        }
        synchronized (this) {
            starting.merge(boundary, -1, Integer::sum);
            if (started != null) {
                if (closed) {
                    started.close();
                } else {
                    idle.computeIfAbsent(boundary, b -> new ArrayDeque<>()).add(started);
                }
            }
            notifyAll();
        }
    }

    /** Idle sandboxes ready for {@code boundary}. */
    public synchronized int idle(IsolationBoundary boundary) {
        return idle.getOrDefault(boundary, new ArrayDeque<>()).size();
    }

    /** Waits (at most {@code timeoutMs}) until the background starts for {@code boundary} are done; for tests and warm-up. */
    public synchronized boolean awaitWarm(IsolationBoundary boundary, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (starting.getOrDefault(boundary, 0) > 0) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /**
     * A running sandbox inside {@code boundary} holding exactly {@code files}: an idle one with its workspace replaced,
     * else a fresh one. The caller owns it and closes it. A replacement is started in the background.
     */
    public Provisioned take(IsolationBoundary boundary, SandboxLabels labels, Collection<WorkspaceFile> files) {
        return take(engine, size, this, boundary, labels, files);
    }

    /** A fresh sandbox, no pool. */
    public static Provisioned fresh(DockerEngine engine, IsolationBoundary boundary, SandboxLabels labels, Collection<WorkspaceFile> files) {
        return take(engine, 0, null, boundary, labels, files);
    }

    private static Provisioned take(DockerEngine engine, int size, SandboxPool pool, IsolationBoundary boundary, SandboxLabels labels,
                                    Collection<WorkspaceFile> files) {
        long started = System.nanoTime();
        Sandbox pooled = pool == null ? null : pool.poll(boundary);
        if (pool != null && size > 0) {
            pool.prewarm(boundary);
        }
        if (pooled == null) {
            // files copied in before start: provisioning and restore are one step, counted as provisioning
            Sandbox sandbox = Sandbox.start(engine, boundary, labels, files);
            return new Provisioned(sandbox, false, millisSince(started), 0);
        }
        long provisionMs = millisSince(started);
        long restoring = System.nanoTime();
        try {
            // a pooled sandbox was never used: its workspace is the image's empty one, so no wipe is needed
            if (!files.isEmpty()) {
                pooled.putFiles(new ArrayList<>(files));
            }
        } catch (RuntimeException e) {
            pooled.close();
            throw e;
        }
        return new Provisioned(pooled, true, provisionMs, millisSince(restoring));
    }

    private synchronized Sandbox poll(IsolationBoundary boundary) {
        Deque<Sandbox> ready = idle.get(boundary);
        while (ready != null && !ready.isEmpty()) {
            Sandbox candidate = ready.poll();
            if (candidate.state().running()) {
                return candidate;
            }
            candidate.close();
        }
        return null;
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    /** Removes every idle sandbox and stops starting new ones. */
    @Override
    public void close() {
        List<Sandbox> toClose = new ArrayList<>();
        synchronized (this) {
            closed = true;
            idle.values().forEach(toClose::addAll);
            idle.clear();
        }
        starter.shutdown();
        try {
            starter.awaitTermination(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        toClose.forEach(Sandbox::close);
    }
}
