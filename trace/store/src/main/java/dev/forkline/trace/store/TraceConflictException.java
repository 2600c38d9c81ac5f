package dev.forkline.trace.store;

/** A trace with the same id is stored with different contents; nothing was changed. */
public final class TraceConflictException extends StoreException {

    private final String traceId;
    private final String eventId;

    public TraceConflictException(String traceId, String eventId, String detail) {
        super("trace '" + traceId + "' is already stored with different contents: " + detail);
        this.traceId = traceId;
        this.eventId = eventId;
    }

    public String traceId() {
        return traceId;
    }

    /** The first event (in the new bundle's order) that differs from what is stored. */
    public String eventId() {
        return eventId;
    }
}
