package dev.forkline.trace.store;

/**
 * {@link TraceStore#importReplacing} did not replace the stored trace (it is on legal hold, or holds what was made of it
 * in Forkline that the new file lacks); nothing was changed. The cause is the conflict that asked for the replacement.
 */
public final class ReplacementRefusedException extends StoreRefusedException {

    ReplacementRefusedException(String message, TraceConflictException conflict) {
        super(message, conflict);
    }
}
