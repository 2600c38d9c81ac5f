package dev.forkline.views.data;

import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.Reverter;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.replay.engine.SandboxPool;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.trace.TraceFormatException;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@link ReplayBackend#docker()}: replays take their sandbox from a pool that holds one sandbox, the one prepared for
 * the checkpoint the reviewer looks at; a replay from another checkpoint starts a fresh sandbox.
 */
final class DockerReplayBackend implements ReplayBackend {

    private static final int PREPARED_SANDBOXES = 1;

    private SandboxPool pool;
    private boolean closed;

    @Override
    public ReplayResult replay(ReplayRequest request, ReplayListener listener) throws IOException, TraceFormatException {
        SandboxPool sandboxes = pool();
        return new ReplayEngine(DockerEngine.shared()).replay(request.pool() == null && sandboxes != null ? request.withPool(sandboxes) : request,
                listener);
    }

    @Override
    public CompletableFuture<Boolean> prepare(ReplayRequest request) throws IOException, TraceFormatException {
        SandboxPool sandboxes = pool();
        if (sandboxes == null) {
            return CompletableFuture.completedFuture(false);
        }
        return new ReplayEngine(DockerEngine.shared()).prepare(request.withPool(sandboxes));
    }

    @Override
    public RevertResult revert(RevertRequest request) throws IOException, TraceFormatException {
        DockerEngine engine = request.target() == RevertRequest.Target.CONTAINER ? DockerEngine.shared() : null;
        return new Reverter(engine).revert(request);
    }

    @Override
    public List<String> images() {
        return DockerEngine.shared().imageTags();
    }

    /** The pool, started on first use; null once closed (a replay then starts a fresh sandbox). */
    private synchronized SandboxPool pool() {
        if (closed) {
            return null;
        }
        if (pool == null) {
            pool = SandboxPool.preparedOnly(DockerEngine.shared(), PREPARED_SANDBOXES);
        }
        return pool;
    }

    @Override
    public void close() {
        SandboxPool started;
        synchronized (this) {
            closed = true;
            started = pool;
            pool = null;
        }
        if (started != null) {
            started.close();
        }
    }
}
