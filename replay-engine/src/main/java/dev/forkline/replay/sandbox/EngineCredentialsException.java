package dev.forkline.replay.sandbox;

import dev.forkline.replay.ReplayInputException;

/**
 * The engine's TLS credentials are wrong: a certificate directory without its files, or certificates the engine (or
 * Forkline, for the engine's own certificate) does not accept. Bad input the user fixes (exit 2); nothing was started.
 */
public final class EngineCredentialsException extends ReplayInputException {

    private static final long serialVersionUID = 1L;

    public EngineCredentialsException(String message, Throwable cause) {
        super(message, cause);
    }
}
