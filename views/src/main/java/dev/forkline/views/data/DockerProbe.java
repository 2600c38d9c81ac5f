package dev.forkline.views.data;

import dev.forkline.replay.sandbox.DockerEngine;

/** Tells the status bar whether the Docker engine that replays need is reachable. Called off the UI thread. */
@FunctionalInterface
public interface DockerProbe {

    String status() throws Exception;

    /** Pings the engine named by DOCKER_HOST (or the default socket). */
    static DockerProbe engine() {
        return () -> {
            DockerEngine engine = DockerEngine.shared();
            return engine.isAvailable() ? "Docker: ready (" + engine.dockerHost() + ")" : "Docker: not reachable at " + engine.dockerHost();
        };
    }
}
