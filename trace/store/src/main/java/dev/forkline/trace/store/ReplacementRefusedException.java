package dev.forkline.trace.store;

/**
 * {@link TraceStore#importReplacing} did not replace the stored trace (it is on legal hold, the new file fails its
 * integrity check, or the trace holds what was made of it in Forkline that the file lacks); nothing was changed. The
 * cause is the conflict that asked for the replacement.
 */
public final class ReplacementRefusedException extends StoreRefusedException {

    ReplacementRefusedException(String message, TraceConflictException conflict) {
        super(message, conflict);
    }
}
