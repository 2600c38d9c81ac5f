package dev.forkline.trace.decision;

import dev.forkline.trace.payload.ApprovalDecisionData;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

/**
 * What an owner decides about one event, before it is signed and appended.
 *
 * @param subject   id of the event decided about (an approval.request, escape.attempt or tool.call)
 * @param verdict   the decision
 * @param owner     who decides (a valid {@link Owners owner name}); the event's actor becomes {@code human:<owner>}
 * @param rationale why, in the owner's words; required
 * @param arguments the replacement arguments of a {@link Verdict#MODIFY}; null for every other verdict
 * @param treatAs   for an external effect whose outcome is unknown: {@code done} or {@code failed} settles it without
 *                  re-firing it (replay answers the call with that outcome); null otherwise. Not with escalate or terminate.
 * @param acknowledgedAltered the owner decides knowing the trace is altered (what they were shown); null when the trace
 *                  was not shown as altered. A {@code DecisionRecorder} (package {@code decide}) refuses a decision on an altered trace without it.
 */
public record Decision(String subject, Verdict verdict, String owner, String rationale, ObjectNode arguments, String treatAs,
                       AlteredTraceAcknowledgement acknowledgedAltered) {

    public static final String TREAT_AS_DONE = "done";
    public static final String TREAT_AS_FAILED = "failed";
    /** {@code data.integrity}: the {@link AlteredTraceAcknowledgement} of a decision made on an altered trace. */
    public static final String INTEGRITY_FIELD = "integrity";

    /** @throws IllegalArgumentException with a message fit for the person deciding when something is missing */
    public Decision {
        if (subject == null || subject.isBlank()) {
            throw new IllegalArgumentException("a decision needs the id of the event it decides (--event ID)");
        }
        if (verdict == null) {
            throw new IllegalArgumentException("a decision needs a verdict (approve, deny, modify, escalate or terminate)");
        }
        Owners.requireValid(owner);
        if (rationale == null || rationale.isBlank()) {
            throw new IllegalArgumentException("a decision needs a rationale (--reason TEXT): say why, for whoever reads the trace later");
        }
        if (verdict == Verdict.MODIFY && arguments == null) {
            throw new IllegalArgumentException("a 'modify' decision needs the new arguments");
        }
        if (verdict != Verdict.MODIFY && arguments != null) {
            throw new IllegalArgumentException("only a 'modify' decision carries arguments, not '" + verdict.wireName() + "'");
        }
        if (treatAs != null && !treatAs.equals(TREAT_AS_DONE) && !treatAs.equals(TREAT_AS_FAILED)) {
            throw new IllegalArgumentException("an unknown outcome is treated as 'done' or 'failed', not '" + treatAs + "'");
        }
        if (treatAs != null && (verdict == Verdict.ESCALATE || verdict == Verdict.TERMINATE)) {
            throw new IllegalArgumentException("'" + verdict.wireName() + "' does not settle an outcome: treat-as goes with approve, deny or modify");
        }
        arguments = arguments == null ? null : arguments.deepCopy();
    }

    public Decision(String subject, Verdict verdict, String owner, String rationale, ObjectNode arguments, String treatAs) {
        this(subject, verdict, owner, rationale, arguments, treatAs, null);
    }

    public Decision(String subject, Verdict verdict, String owner, String rationale, ObjectNode arguments) {
        this(subject, verdict, owner, rationale, arguments, null, null);
    }

    public static Decision of(String subject, Verdict verdict, String owner, String rationale) {
        return new Decision(subject, verdict, owner, rationale, null, null);
    }

    public static Decision modify(String subject, String owner, String rationale, ObjectNode newArguments) {
        return new Decision(subject, Verdict.MODIFY, owner, rationale, newArguments, null);
    }

    /** The same decision, settling an unknown outcome as {@code done} or {@code failed}. */
    public Decision treatedAs(String outcome) {
        return new Decision(subject, verdict, owner, rationale, arguments, outcome, acknowledgedAltered);
    }

    /** The same decision, made knowing the trace is altered (recorded as {@code data.integrity}). */
    public Decision acknowledgingAltered(AlteredTraceAcknowledgement acknowledgement) {
        return new Decision(subject, verdict, owner, rationale, arguments, treatAs, acknowledgement);
    }

    /**
     * Reads the decision an approval.decision event records (its signature is not checked here; see
     * {@link DecisionVerifier}).
     *
     * @throws IllegalArgumentException when the event is not an approval.decision or its data is malformed
     */
    public static Decision fromEvent(Event event) {
        if (!event.is(EventType.APPROVAL_DECISION)) {
            throw new IllegalArgumentException("event " + event.id() + " is a " + event.type() + ", not an approval.decision");
        }
        JsonNode arguments = event.data().get(ApprovalDecisionData.ARGUMENTS);
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw new IllegalArgumentException("'arguments' must be a JSON object");
        }
        JsonNode treatAs = event.data().get(ApprovalDecisionData.TREAT_AS);
        if (treatAs != null && !treatAs.isNull() && !treatAs.isTextual()) {
            throw new IllegalArgumentException("'treatAs' must be \"done\" or \"failed\"");
        }
        JsonNode integrity = event.data().get(INTEGRITY_FIELD);
        return new Decision(event.text(ApprovalDecisionData.SUBJECT), Verdict.fromWire(event.text(ApprovalDecisionData.VERDICT)),
                event.text(ApprovalDecisionData.OWNER),
                event.text(ApprovalDecisionData.RATIONALE), arguments == null || arguments.isNull() ? null : (ObjectNode) arguments,
                treatAs == null || treatAs.isNull() ? null : treatAs.textValue(),
                integrity == null || integrity.isNull() ? null : AlteredTraceAcknowledgement.fromJson(integrity));
    }
}
