package dev.forkline.trace.store;

/** The store holds no trace with the id given: the caller (often a person, by a command's argument) named one that is not there. */
public final class UnknownTraceException extends StoreException {

    private static final long serialVersionUID = 1L;

    public UnknownTraceException(String message) {
        super(message);
    }
}
