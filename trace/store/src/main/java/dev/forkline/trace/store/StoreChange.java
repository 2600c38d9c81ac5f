package dev.forkline.trace.store;

/**
 * Something another process (or this one) committed to the store, as {@link StoreChanges} reports it.
 *
 * @param kind       what happened
 * @param traceId    the trace it happened to; null for {@link Kind#RELOAD}
 * @param eventCount the trace's stored events after the change (0 once deleted; -1 for {@link Kind#RELOAD})
 */
public record StoreChange(Kind kind, String traceId, long eventCount) {

    /** What happened. */
    public enum Kind {
        /** A trace was imported, or gained events (replay results, notes, decisions); on H2 a decision is reported as this too. */
        STORED,
        /** A decision was recorded in the trace (team store only; an embedded store reports {@link #STORED}). */
        DECIDED,
        /** The trace was deleted. */
        DELETED,
        /** Changes may have been missed (the connection to the team store was lost and made again): reload what is shown. */
        RELOAD
    }

    /** The line a team store sends with {@code pg_notify}: {@code KIND COUNT TRACE-ID}. */
    String payload() {
        return kind + " " + eventCount + " " + traceId;
    }

    /** Reads {@link #payload()}; null when the text is not one (sent by something else on the channel). */
    static StoreChange parse(String payload) {
        if (payload == null) {
            return null;
        }
        String[] parts = payload.split(" ", 3);
        if (parts.length != 3) {
            return null;
        }
        try {
            return new StoreChange(Kind.valueOf(parts[0]), parts[2], Long.parseLong(parts[1]));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
