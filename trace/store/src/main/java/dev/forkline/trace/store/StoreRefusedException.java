package dev.forkline.trace.store;

/**
 * The store works but refuses what was asked of it, for a reason the user can fix: an unusable address or path, a trace
 * on legal hold, an escape someone else decided first. Commands report it as bad input, not as a failing environment.
 */
public class StoreRefusedException extends StoreException {

    public StoreRefusedException(String message) {
        super(message);
    }

    public StoreRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
