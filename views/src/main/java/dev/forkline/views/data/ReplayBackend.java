package dev.forkline.views.data;

import dev.forkline.replay.engine.ReplayEngine;
import dev.forkline.replay.engine.ReplayListener;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.engine.ReplayResult;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.replay.engine.Reverter;
import dev.forkline.replay.sandbox.DockerEngine;
import dev.forkline.trace.TraceFormatException;

import java.io.IOException;

/**
 * Runs replays and reverts for the workbench: the replay engine and the reverter on the local Docker engine (a revert
 * into a directory needs no engine). Called off the UI thread; the listener is called on the replaying thread.
 */
public interface ReplayBackend {

    ReplayResult replay(ReplayRequest request, ReplayListener listener) throws IOException, TraceFormatException;

    RevertResult revert(RevertRequest request) throws IOException, TraceFormatException;

    /** The engine named by DOCKER_HOST (or the default socket), created on first use. */
    static ReplayBackend docker() {
        return new ReplayBackend() {
            @Override
            public ReplayResult replay(ReplayRequest request, ReplayListener listener) throws IOException, TraceFormatException {
                return new ReplayEngine(DockerEngine.shared()).replay(request, listener);
            }

            @Override
            public RevertResult revert(RevertRequest request) throws IOException, TraceFormatException {
                DockerEngine engine = request.target() == RevertRequest.Target.CONTAINER ? DockerEngine.shared() : null;
                return new Reverter(engine).revert(request);
            }
        };
    }
}
