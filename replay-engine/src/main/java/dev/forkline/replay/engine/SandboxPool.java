package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxBackend;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceManifest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sandboxes started ahead of the replays that need them, so that a replay does not wait for a container to start:
 * <ul>
 *   <li>idle ones, a few per isolation boundary (image included), with the image's empty workspace
 *       ({@link #prewarm}); a replay copies its checkpoint in and reads the manifest;</li>
 *   <li>prepared ones ({@link #prepare}): started with a checkpoint's files and their manifest already read, so that a
 *       replay from that checkpoint costs only its own calls.</li>
 * </ul>
 * Nothing is reused between runs: a sandbox handed out is never taken back (its user closes it, which removes it).
 * Size zero keeps no sandboxes: every take starts one. {@link #preparedOnly} keeps prepared ones and no idle ones.
 */
public final class SandboxPool implements AutoCloseable {

    /**
     * A running sandbox holding the requested workspace, and how it was obtained.
     *
     * @param restored    the workspace's manifest, read in the sandbox once the files were in (nothing ran there since)
     * @param fromPool    the sandbox was started before it was asked for (idle or prepared)
     * @param prepared    it was also restored to the requested workspace before it was asked for
     * @param provisionMs getting a running sandbox
     * @param restoreMs   copying the workspace in and reading its manifest, where the take did it
     */
    public record Provisioned(Sandbox sandbox, WorkspaceManifest restored, boolean fromPool, boolean prepared, long provisionMs,
                              long restoreMs) {
    }

    static final String POOL_SESSION = "forkline-pool";
    /** How long a take waits for a preparation of its workspace that is still under way before starting its own. */
    static final Duration PREPARATION_WAIT = Duration.ofMinutes(2);

    private static final Logger LOG = LoggerFactory.getLogger(SandboxPool.class);

    private final SandboxBackend engine;
    private final int size;
    private final int preparedCapacity;
    private final Map<IsolationBoundary, Deque<Sandbox>> idle = new HashMap<>();
    private final Map<IsolationBoundary, Integer> starting = new HashMap<>();
    private final PreparedSandboxes prepared;
    private final ExecutorService starter;
    /** Preparations run apart from idle starts, so that one asked for by a user never queues behind them. */
    private final ExecutorService preparer;
    private boolean closed;

    /** Up to {@code size} idle sandboxes per boundary and up to {@code size} prepared ones. */
    public SandboxPool(SandboxBackend engine, int size) {
        this(engine, size, size);
    }

    /**
     * A pool that starts sandboxes only when asked to {@link #prepare} one, keeping up to {@code capacity} prepared
     * sandboxes: a take that finds none prepared starts a fresh sandbox and no idle one beside it.
     */
    public static SandboxPool preparedOnly(SandboxBackend engine, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a pool of prepared sandboxes needs room for one");
        }
        return new SandboxPool(engine, 0, capacity);
    }

    private SandboxPool(SandboxBackend engine, int size, int preparedCapacity) {
        if (size < 0) {
            throw new IllegalArgumentException("pool size must be zero or more");
        }
        this.engine = engine;
        this.size = size;
        this.preparedCapacity = preparedCapacity;
        this.prepared = new PreparedSandboxes(Math.max(1, preparedCapacity));
        this.starter = daemonThread("forkline-sandbox-pool");
        this.preparer = daemonThread("forkline-sandbox-preparer");
    }

    private static ExecutorService daemonThread(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, name);
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
            started = engine.start(boundary, new SandboxLabels(POOL_SESSION, ""), List.of());
        } catch (RuntimeException e) {
            // a later take starts a sandbox itself and reports the problem to its caller
            LOG.warn("could not start an idle sandbox in {}: {}", boundary.image(), e.toString());
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

    /**
     * Starts, in the background, a sandbox inside {@code boundary} holding {@code workspace}, and reads its manifest, for
     * a coming {@link #take} of the same workspace (call it as soon as the checkpoint to replay from is known). A
     * preparation for the same boundary, image and workspace is not repeated. At most {@link #size()} prepared
     * sandboxes are kept (the capacity of a {@link #preparedOnly} pool): the oldest is removed first.
     *
     * @param imageId the id of the image {@code boundary} names, as a take will ask for it
     * @return completes with true once the prepared sandbox waits for its take, false at once when the pool keeps no
     *         prepared sandboxes (size zero, or closed); exceptionally when it could not be started (logged too)
     */
    public CompletableFuture<Boolean> prepare(IsolationBoundary boundary, String imageId, StartingWorkspace workspace) {
        PreparedSandboxes.Key key = new PreparedSandboxes.Key(boundary, imageId, workspace.digest());
        CompletableFuture<PreparedSandboxes.Ready> preparation;
        synchronized (this) {
            if (closed || preparedCapacity == 0) {
                return CompletableFuture.completedFuture(false);
            }
            preparation = prepared.get(key);
            if (preparation == null) {
                CompletableFuture<PreparedSandboxes.Ready> started = new CompletableFuture<>();
                prepared.add(key, started);
                preparer.execute(() -> prepareOne(key, workspace, started));
                preparation = started;
            }
        }
        return preparation.thenApply(ready -> true);
    }

    private void prepareOne(PreparedSandboxes.Key key, StartingWorkspace workspace, CompletableFuture<PreparedSandboxes.Ready> target) {
        if (isClosed()) {
            target.cancel(false);
            return;
        }
        try {
            Sandbox sandbox = engine.start(key.boundary(), new SandboxLabels(POOL_SESSION, ""), workspace.files());
            WorkspaceManifest manifest;
            try {
                manifest = sandbox.manifest();
            } catch (RuntimeException e) {
                sandbox.close();
                throw e;
            }
            if (!target.complete(new PreparedSandboxes.Ready(sandbox, manifest))) {
                sandbox.close();
            }
        } catch (RuntimeException e) {
            LOG.warn("could not prepare a sandbox in {} for workspace {}: {}", key.boundary().image(), key.workspaceDigest(), e.toString());
            synchronized (this) {
                prepared.forget(key, target);
            }
            target.completeExceptionally(e);
        }
    }

    /** Idle sandboxes ready for {@code boundary}. */
    public synchronized int idle(IsolationBoundary boundary) {
        return idle.getOrDefault(boundary, new ArrayDeque<>()).size();
    }

    /** Prepared sandboxes kept, ready or still starting. */
    public synchronized int prepared() {
        return prepared.size();
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
     * A running sandbox inside {@code boundary} holding exactly {@code workspace}: the one prepared for it (waiting for a
     * preparation under way), else an idle one with the workspace copied in, else a fresh one. The caller owns it and
     * closes it. Taking an idle sandbox starts a replacement in the background.
     *
     * @param imageId the id of the image {@code boundary} names; a sandbox prepared for another image is not handed out
     */
    public Provisioned take(IsolationBoundary boundary, String imageId, SandboxLabels labels, StartingWorkspace workspace) {
        long started = System.nanoTime();
        Provisioned ready = takePrepared(new PreparedSandboxes.Key(boundary, imageId, workspace.digest()), started);
        if (ready != null) {
            return ready;
        }
        Sandbox pooled = pollIdle(boundary, imageId);
        if (size > 0) {
            prewarm(boundary);
        }
        if (pooled == null) {
            return fresh(engine, boundary, labels, workspace);
        }
        long provisionMs = millisSince(started);
        long restoring = System.nanoTime();
        try {
            // an idle sandbox was never used: its workspace is the image's empty one, so no wipe is needed
            if (!workspace.files().isEmpty()) {
                pooled.putFiles(workspace.files());
            }
            return new Provisioned(pooled, pooled.manifest(), true, false, provisionMs, millisSince(restoring));
        } catch (RuntimeException e) {
            pooled.close();
            throw e;
        }
    }

    /** A fresh sandbox, no pool: the files are copied in before it starts, so provisioning includes the copy. */
    public static Provisioned fresh(SandboxBackend engine, IsolationBoundary boundary, SandboxLabels labels, StartingWorkspace workspace) {
        long started = System.nanoTime();
        Sandbox sandbox = engine.start(boundary, labels, workspace.files());
        long provisionMs = millisSince(started);
        long reading = System.nanoTime();
        try {
            return new Provisioned(sandbox, sandbox.manifest(), false, false, provisionMs, millisSince(reading));
        } catch (RuntimeException e) {
            sandbox.close();
            throw e;
        }
    }

    /** The prepared sandbox for {@code key}, still running; null when there is none or it failed (then a take starts one). */
    private Provisioned takePrepared(PreparedSandboxes.Key key, long started) {
        CompletableFuture<PreparedSandboxes.Ready> preparation;
        synchronized (this) {
            preparation = prepared.claim(key);
        }
        if (preparation == null) {
            return null;
        }
        PreparedSandboxes.Ready ready;
        try {
            ready = preparation.get(PREPARATION_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | CancellationException e) {
            return null;
        } catch (TimeoutException e) {
            LOG.warn("the sandbox prepared for workspace {} was not ready within {} s: starting another", key.workspaceDigest(),
                    PREPARATION_WAIT.toSeconds());
            PreparedSandboxes.giveUp(preparation);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            PreparedSandboxes.giveUp(preparation);
            throw new SandboxException("interrupted while waiting for a prepared sandbox", null, null, null, e);
        }
        if (!ready.sandbox().state().running()) {
            LOG.warn("the sandbox {} prepared for workspace {} stopped while it waited: starting another",
                    ready.sandbox().containerId(), key.workspaceDigest());
            ready.sandbox().close();
            return null;
        }
        return new Provisioned(ready.sandbox(), ready.manifest(), true, true, millisSince(started), 0);
    }

    private synchronized Sandbox pollIdle(IsolationBoundary boundary, String imageId) {
        Deque<Sandbox> ready = idle.get(boundary);
        while (ready != null && !ready.isEmpty()) {
            Sandbox candidate = ready.poll();
            if ((imageId == null || Objects.equals(imageId, candidate.imageId())) && candidate.state().running()) {
                return candidate;
            }
            candidate.close();
        }
        return null;
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    /** Removes every idle and prepared sandbox and stops starting new ones. */
    @Override
    public void close() {
        List<Sandbox> toClose = new ArrayList<>();
        synchronized (this) {
            closed = true;
            idle.values().forEach(toClose::addAll);
            idle.clear();
            prepared.clear();
        }
        for (ExecutorService executor : List.of(starter, preparer)) {
            executor.shutdown();
            try {
                executor.awaitTermination(2, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        toClose.forEach(Sandbox::close);
    }
}
