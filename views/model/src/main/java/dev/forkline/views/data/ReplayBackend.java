package dev.forkline.views.data;

import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.trace.TraceFormatException;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs replays and reverts for the workbench: the replay engine and the reverter on the local Docker engine (a revert
 * into a directory needs no engine). Called off the UI thread; the listener is called on the replaying thread. Closing
 * it removes the sandboxes it keeps ready.
 */
public interface ReplayBackend extends AutoCloseable {

    ReplayResult replay(ReplayRequest request, ReplayListener listener) throws IOException, TraceFormatException;

    RevertResult revert(RevertRequest request) throws IOException, TraceFormatException;

    /**
     * Restores, in the background, a sandbox to the checkpoint {@code request} starts from, so that a {@link #replay} of
     * it starts warm. Reads the bundle on the calling thread.
     *
     * @return completes with true once the sandbox waits for the replay; false at once when this backend keeps none
     */
    default CompletableFuture<Boolean> prepare(ReplayRequest request) throws IOException, TraceFormatException {
        return CompletableFuture.completedFuture(false);
    }

    /** The images the engine holds (repository:tag), for choosing one; empty when the backend cannot tell. */
    default List<String> images() throws IOException {
        return List.of();
    }

    @Override
    default void close() {
    }

    /** The engine named by DOCKER_HOST (or the default socket), created on first use. */
    static ReplayBackend docker() {
        return new DockerReplayBackend();
    }
}
