package dev.forkline.app;

/** Thrown by a command when the environment lacks what it needs (exit 4); the message says how to fix it. */
public final class EnvironmentMissingException extends RuntimeException {

    public EnvironmentMissingException(String message) {
        super(message);
    }
}
