package dev.forkline.replay.sandbox;

/** A sandbox's state as its backend reports it (a Docker container's); {@code exitCode} and {@code oomKilled} matter when a sandbox is lost. */
public record ContainerState(String status, boolean running, boolean oomKilled, Integer exitCode, String error) {

    public static ContainerState gone() {
        return new ContainerState("removed", false, false, null, "the container no longer exists");
    }
}
