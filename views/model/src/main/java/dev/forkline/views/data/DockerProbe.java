package dev.forkline.views.data;

import dev.forkline.replay.docker.DockerEngine;

/** Tells the workbench whether the Docker engine that replays need is reachable. Called off the UI thread. */
@FunctionalInterface
public interface DockerProbe {

    /** @param ready   replays can run; @param message for the status bar and the disabled actions */
    record Status(boolean ready, String message) {
    }

    Status status() throws Exception;

    /** Pings the engine named by DOCKER_HOST (or the default socket). */
    static DockerProbe engine() {
        return () -> {
            DockerEngine engine = DockerEngine.shared();
            return engine.isAvailable() ? new Status(true, "Docker: ready (" + engine.dockerHost() + ")")
                    : new Status(false, "Docker: not reachable at " + engine.dockerHost());
        };
    }
}
