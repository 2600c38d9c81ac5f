package dev.forkline.trace.decision;

/** A decision that cannot be recorded as asked: the subject does not exist or cannot be decided, or the bundle cannot take it. */
public class DecisionRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DecisionRefusedException(String message) {
        super(message);
    }
}
