package dev.forkline.replay.sandbox;

import com.github.dockerjava.api.command.InspectContainerResponse;

/** A container's state as the engine reports it; {@code exitCode} and {@code oomKilled} matter when a sandbox is lost. */
public record ContainerState(String status, boolean running, boolean oomKilled, Integer exitCode, String error) {

    static ContainerState of(InspectContainerResponse.ContainerState s) {
        if (s == null) {
            return new ContainerState("unknown", false, false, null, null);
        }
        return new ContainerState(s.getStatus(), Boolean.TRUE.equals(s.getRunning()), Boolean.TRUE.equals(s.getOOMKilled()),
                s.getExitCodeLong() == null ? null : s.getExitCodeLong().intValue(),
                s.getError() == null || s.getError().isEmpty() ? null : s.getError());
    }

    public static ContainerState gone() {
        return new ContainerState("removed", false, false, null, "the container no longer exists");
    }
}
