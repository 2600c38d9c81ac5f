package dev.forkline.replay;

/**
 * A replay, revert or recording asked for something the user's input cannot give: a checkpoint, run or event the
 * bundle does not hold, a malformed edit or normalisation rule, a workspace tree or tool directory that does not fit.
 * The message names what was given. An {@link IllegalArgumentException} of any other type from the engine is a bug.
 */
public class ReplayInputException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public ReplayInputException(String message) {
        super(message);
    }

    public ReplayInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
