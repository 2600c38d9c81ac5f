package dev.forkline.replay.sandbox;

/** No Docker engine answered. The message says where Forkline looked and how to start one; the CLI maps it to exit 4. */
public final class EngineUnavailableException extends RuntimeException {

    private final String dockerHost;

    public EngineUnavailableException(String dockerHost, Throwable cause) {
        super("no Docker engine answered at " + dockerHost
                + ": start one with `sudo dockerd` (Linux) or Docker Desktop, or point DOCKER_HOST at a running engine"
                + (cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")"), cause);
        this.dockerHost = dockerHost;
    }

    public String dockerHost() {
        return dockerHost;
    }
}
