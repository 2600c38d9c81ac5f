package dev.forkline.replay.sandbox;

/** The container stopped (killed, OOM, engine restart) while Forkline was using it; its workspace is gone. */
public final class SandboxLostException extends SandboxException {

    public SandboxLostException(String message, String containerId, ContainerState state, String logs, Throwable cause) {
        super(message, containerId, state, logs, cause);
    }
}
