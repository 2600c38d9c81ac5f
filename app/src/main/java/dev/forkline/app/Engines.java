package dev.forkline.app;

import dev.forkline.replay.docker.DockerEngine;

/** The Docker engine commands use: the shared one from the environment, or {@code -Dforkline.dockerHost=URL} (tests). */
final class Engines {

    private Engines() {
    }

    static DockerEngine docker() {
        String host = System.getProperty("forkline.dockerHost");
        return host != null && !host.isBlank() ? DockerEngine.at(host) : DockerEngine.shared();
    }
}
