package dev.forkline.replay.sandbox;

/** A sandbox operation failed; carries the container's state and the tail of its logs when they could be read. */
public class SandboxException extends RuntimeException {

    private final String containerId;
    private final ContainerState state;
    private final String logs;

    public SandboxException(String message, String containerId, ContainerState state, String logs, Throwable cause) {
        super(message + describe(containerId, state, logs), cause);
        this.containerId = containerId;
        this.state = state;
        this.logs = logs;
    }

    private static String describe(String containerId, ContainerState state, String logs) {
        StringBuilder s = new StringBuilder();
        if (containerId != null) {
            s.append(" [container ").append(containerId, 0, Math.min(12, containerId.length()));
            if (state != null) {
                s.append(", ").append(state.status());
                if (state.exitCode() != null) {
                    s.append(", exit ").append(state.exitCode());
                }
                if (state.oomKilled()) {
                    s.append(", OOM-killed");
                }
                if (state.error() != null) {
                    s.append(", ").append(state.error());
                }
            }
            s.append(']');
        }
        if (logs != null && !logs.isBlank()) {
            s.append("\ncontainer logs:\n").append(logs.strip());
        }
        return s.toString();
    }

    public String containerId() {
        return containerId;
    }

    public ContainerState state() {
        return state;
    }

    public String logs() {
        return logs;
    }
}
