package dev.forkline.replay.scenario;

/** A scenario file is invalid, or the recording did not go as the scenario says (an expected exit code differed). */
public final class ScenarioException extends RuntimeException {

    public ScenarioException(String message) {
        super(message);
    }

    public ScenarioException(String message, Throwable cause) {
        super(message, cause);
    }
}
