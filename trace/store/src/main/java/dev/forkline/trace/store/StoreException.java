package dev.forkline.trace.store;

/** The trace store could not do what was asked; the message is meant for a person and names what went wrong. */
public class StoreException extends Exception {

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
