package dev.forkline.trace.decision;

import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.ApprovalRequestData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.AnsweredToolCalls;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What waits for a human: every approval.request, escape.attempt and external tool.call with an unknown outcome
 * that has no decision yet, or whose latest decision is an escalation. A decision about the subject of an
 * approval.request answers the request too. Newest first.
 */
public final class EscapeQueue {

    private static final int SUMMARY_LIMIT = 160;

    private EscapeQueue() {
    }

    /** Every recorded decision closes its subject, whether or not its signature is trusted here. */
    public static List<QueueItem> of(List<Bundle> bundles) {
        List<QueueItem> items = new ArrayList<>();
        for (Bundle bundle : bundles) {
            items.addAll(pending(bundle.manifest().traceId(), bundle.events(), DecisionLedger.of(bundle.events())));
        }
        return newestFirst(items);
    }

    /**
     * The open items of one trace, newest first, closed only by decisions that verify with a trusted key. A caller
     * going through a library reads, asks and closes one trace at a time, then merges with {@link #newestFirst}.
     */
    public static List<QueueItem> pending(Bundle bundle, TrustedKeys trusted) {
        return pending(bundle.manifest().traceId(), bundle.events(), DecisionLedger.verified(bundle, trusted));
    }

    /** The open items of one trace given as events, newest first. */
    public static List<QueueItem> pending(String traceId, List<Event> events, DecisionLedger decisions) {
        List<QueueItem> items = new ArrayList<>();
        EventColumns columns = EventColumns.of(events);
        BitSet answeredCalls = AnsweredToolCalls.of(columns);
        for (int i = 0; i < columns.size(); i++) {
            Optional<QueueItem.Kind> kind = waitingKind(columns, i, answeredCalls);
            if (kind.isEmpty()) {
                continue;
            }
            Event event = events.get(i);
            List<Verdict> inForce = decidedAs(event, kind.get(), decisions);
            if (inForce.stream().anyMatch(verdict -> verdict != Verdict.ESCALATE)) {
                continue;
            }
            items.add(new QueueItem(traceId, event.run(), event.id(), event.ts(), kind.get(), summary(event, kind.get()),
                    !inForce.isEmpty()));
        }
        return newestFirst(items);
    }

    /**
     * The verdicts in force that answer this item: the decision about the event itself and, for an approval.request,
     * also a decision made directly about the request's subject.
     */
    private static List<Verdict> decidedAs(Event event, QueueItem.Kind kind, DecisionLedger decisions) {
        List<Verdict> verdicts = new ArrayList<>();
        decisions.verdict(event.id()).ifPresent(verdicts::add);
        String subject = event.text(ApprovalRequestData.SUBJECT);
        if (kind == QueueItem.Kind.APPROVAL_REQUEST && subject != null) {
            decisions.verdict(subject).ifPresent(verdicts::add);
        }
        return verdicts;
    }

    /** Whether an owner may record a decision about this event. */
    public static boolean isDecidable(Event event) {
        return event.is(EventType.APPROVAL_REQUEST) || event.is(EventType.ESCAPE_ATTEMPT) || event.is(EventType.TOOL_CALL);
    }

    /** Items of several traces in queue order: newest first. */
    public static List<QueueItem> newestFirst(List<QueueItem> items) {
        // Reverse first so that, among equal timestamps, the later event (in file order) comes first.
        List<QueueItem> sorted = new ArrayList<>(items.reversed());
        sorted.sort(Comparator.comparing(QueueItem::ts).reversed());
        return sorted;
    }

    /**
     * Whether the event can be an item at all: an approval.request, an escape.attempt or an external tool.call (which
     * waits when unanswered or of unknown outcome). Decided by the event alone, so a store can count these as events
     * arrive; a trace without any has nothing in {@link #pending}, whatever else it holds.
     */
    public static boolean canWait(EventColumns columns, int i) {
        return columns.is(i, EventType.APPROVAL_REQUEST) || columns.is(i, EventType.ESCAPE_ATTEMPT)
                || columns.has(i, EventFacts.EXTERNAL_CALL);
    }

    private static Optional<QueueItem.Kind> waitingKind(EventColumns columns, int i, BitSet answeredCalls) {
        if (!canWait(columns, i)) {
            return Optional.empty();
        }
        if (columns.is(i, EventType.APPROVAL_REQUEST)) {
            return Optional.of(QueueItem.Kind.APPROVAL_REQUEST);
        }
        if (columns.is(i, EventType.ESCAPE_ATTEMPT)) {
            return Optional.of(QueueItem.Kind.ESCAPE_ATTEMPT);
        }
        if (columns.has(i, EventFacts.EXTERNAL_CALL) && (!answeredCalls.get(i) || columns.has(i, EventFacts.OUTCOME_UNKNOWN))) {
            return Optional.of(QueueItem.Kind.UNKNOWN_OUTCOME);
        }
        return Optional.empty();
    }

    private static String summary(Event event, QueueItem.Kind kind) {
        String text = switch (kind) {
            case APPROVAL_REQUEST -> "approval requested" + suffix(" of ", event.text(ApprovalRequestData.OWNER)) + ": "
                    + orDash(event.text(ApprovalRequestData.REASON)) + suffix(" (subject ", event.text(ApprovalRequestData.SUBJECT), ")");
            case ESCAPE_ATTEMPT -> orDash(event.text(EscapeAttemptData.BOUNDARY)) + " escape " + blockedWord(event.data().get(EscapeAttemptData.BLOCKED))
                    + ": " + orDash(event.text(EscapeAttemptData.ATTEMPT));
            case UNKNOWN_OUTCOME -> "external " + orDash(event.text(ToolCallData.TOOL)) + ", outcome unknown"
                    + suffix(": ", compact(event.data().get(ToolCallData.ARGUMENTS)));
        };
        return text.length() <= SUMMARY_LIMIT ? text : text.substring(0, SUMMARY_LIMIT - 3) + "...";
    }

    private static String blockedWord(JsonNode blocked) {
        if (blocked == null || !blocked.isBoolean()) {
            return "attempt";
        }
        return blocked.booleanValue() ? "blocked" : "NOT blocked";
    }

    private static String compact(JsonNode node) {
        return node == null || node.isNull() ? null : node.toString();
    }

    private static String orDash(String text) {
        return text == null || text.isBlank() ? "-" : text.replaceAll("\\s+", " ").strip();
    }

    private static String suffix(String before, String value) {
        return suffix(before, value, "");
    }

    private static String suffix(String before, String value, String after) {
        return value == null ? "" : before + value + after;
    }
}
