package dev.forkline.trace.decision;

import java.io.IOException;

/**
 * An owner's key cannot be used as asked: there is none, it is not protected by a passphrase, the passphrase does not
 * unlock it, or (when setting one up) there already is one. The message says what to do.
 */
public final class OwnerKeyUnavailableException extends IOException {

    /** Why the key cannot be used. */
    public enum Reason { NO_KEY, NOT_PROTECTED, WRONG_PASSPHRASE, LOCKED, ALREADY_EXISTS }

    private final String owner;
    private final Reason reason;

    public OwnerKeyUnavailableException(String owner, Reason reason, String message) {
        super(message);
        this.owner = owner;
        this.reason = reason;
    }

    public String owner() {
        return owner;
    }

    public Reason reason() {
        return reason;
    }
}
