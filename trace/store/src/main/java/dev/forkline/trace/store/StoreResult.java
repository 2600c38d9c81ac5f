package dev.forkline.trace.store;

/**
 * What an import did.
 *
 * @param newEvents events written by this import (all of them for {@link Status#IMPORTED}, 0 for {@link Status#UNCHANGED})
 * @param newBlobs  blobs written by this import (blobs already stored for another trace are not written again)
 */
public record StoreResult(String traceId, Status status, long newEvents, int newBlobs) {

    public enum Status {
        /** The trace was not stored before. */
        IMPORTED,
        /** The same events were already stored; nothing was written. */
        UNCHANGED,
        /** The stored events were a prefix of the new ones; the rest were appended. */
        UPDATED,
        /**
         * The stored trace differed and was replaced by the new one, as asked ({@link TraceStore#importReplacing}):
         * {@code newEvents} counts the events written again.
         */
        REPLACED
    }

    /**
     * e.g. "imported, 120 events", "unchanged", "updated, 3 new events", "replaced, 901,701 events written again": counts
     * grouped, as the store's refusals count them.
     */
    public String message() {
        String count = String.format(java.util.Locale.ROOT, "%,d", newEvents);
        return switch (status) {
            case IMPORTED -> "imported, " + count + (newEvents == 1 ? " event" : " events");
            case UNCHANGED -> "unchanged";
            case UPDATED -> "updated, " + count + (newEvents == 1 ? " new event" : " new events");
            case REPLACED -> "replaced, " + count + (newEvents == 1 ? " event" : " events") + " written again";
        };
    }
}
