package dev.forkline.trace.store;

/**
 * The store cannot be used from here, through no fault of the input: the team's database server does not answer, is
 * older than Forkline needs, or holds a schema newer than this Forkline knows. Nothing was written.
 */
public final class StoreUnavailableException extends StoreException {

    public StoreUnavailableException(String message) {
        super(message);
    }

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
