package dev.forkline.trace.store;

/**
 * A decision arrived about an event that someone else decided in the meantime: between the moment the decider loaded
 * the trace and the moment their decision reached the store, another decision about the same event was recorded.
 * Nothing was written; the message says who decided, when and what, so the decider can look again.
 */
public final class DecisionTakenException extends StoreRefusedException {

    private final String subject;
    private final String owner;
    private final String decidedAt;
    private final String decisionEvent;

    public DecisionTakenException(String traceId, String subject, String owner, String decidedAt, String verdict, String decisionEvent) {
        super("event '" + subject + "' of trace '" + traceId + "' was decided meanwhile by " + owner + " at " + decidedAt
                + " (" + verdict + ", event " + decisionEvent + "); your decision was not recorded. Look at theirs, and decide"
                + " again if you still disagree");
        this.subject = subject;
        this.owner = owner;
        this.decidedAt = decidedAt;
        this.decisionEvent = decisionEvent;
    }

    /** The event both decided about. */
    public String subject() {
        return subject;
    }

    /** Who decided first. */
    public String owner() {
        return owner;
    }

    /** When they decided (the decision's {@code decidedAt}). */
    public String decidedAt() {
        return decidedAt;
    }

    /** The id of the decision that was recorded. */
    public String decisionEvent() {
        return decisionEvent;
    }
}
