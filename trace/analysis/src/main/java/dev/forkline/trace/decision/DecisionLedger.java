package dev.forkline.trace.decision;

import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.bundle.Bundle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The decisions of a trace by subject. Decisions are never edited: a later decision about the same subject supersedes
 * the earlier ones, which stay in the trace and in {@link #history}. "Later" means later in trace.jsonl, the order in
 * which decisions were appended.
 */
public final class DecisionLedger {

    private final Map<String, List<Event>> bySubject;

    private DecisionLedger(Map<String, List<Event>> bySubject) {
        this.bySubject = bySubject;
    }

    /** Every approval.decision with a known verdict counts, verified or not. */
    public static DecisionLedger of(List<Event> events) {
        return of(events, decision -> true);
    }

    /** Only the decisions {@code counts} accepts (e.g. those that verified) take part. */
    public static DecisionLedger of(List<Event> events, Predicate<Event> counts) {
        Map<String, List<Event>> bySubject = new LinkedHashMap<>();
        EventColumns columns = EventColumns.of(events);
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.is(i, EventType.APPROVAL_DECISION)) {
                continue;
            }
            Event event = events.get(i);
            String subject = event.text(ApprovalDecisionData.SUBJECT);
            if (subject != null && hasVerdict(event) && counts.test(event)) {
                bySubject.computeIfAbsent(subject, s -> new ArrayList<>()).add(event);
            }
        }
        bySubject.replaceAll((subject, decisions) -> List.copyOf(decisions));
        return new DecisionLedger(bySubject);
    }

    /** Only decisions signed by a key trusted for their owner and otherwise sound ({@link DecisionCheck#ok()}). */
    public static DecisionLedger verified(Bundle bundle, TrustedKeys trusted) {
        Set<String> sound = DecisionVerifier.verify(bundle, trusted).stream()
                .filter(DecisionCheck::ok).map(DecisionCheck::eventId).collect(Collectors.toSet());
        return of(bundle.events(), decision -> sound.contains(decision.id()));
    }

    private static boolean hasVerdict(Event decision) {
        try {
            Verdict.fromWire(decision.text(ApprovalDecisionData.VERDICT));
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The decision in force for {@code subject}: the last one appended. */
    public Optional<Event> latest(String subject) {
        List<Event> decisions = bySubject.get(subject);
        return decisions == null ? Optional.empty() : Optional.of(decisions.getLast());
    }

    public Optional<Verdict> verdict(String subject) {
        return latest(subject).map(decision -> Verdict.fromWire(decision.text(ApprovalDecisionData.VERDICT)));
    }

    /** Every decision about {@code subject}, oldest first; the last one is in force. */
    public List<Event> history(String subject) {
        return bySubject.getOrDefault(subject, List.of());
    }

    public boolean isDecided(String subject) {
        return bySubject.containsKey(subject);
    }

    public Set<String> subjects() {
        return Set.copyOf(bySubject.keySet());
    }
}
