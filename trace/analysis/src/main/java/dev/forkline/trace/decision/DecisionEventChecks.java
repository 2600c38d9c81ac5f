package dev.forkline.trace.decision;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.verify.EventCheck;
import dev.forkline.trace.verify.Verifier;
import java.util.List;

/**
 * Plugs decision verification into the bundle {@link Verifier}: {@code Verifier.verify(bundle,
 * DecisionEventChecks.of(trusted))} reports every {@link DecisionCheck} problem as a verification problem with the
 * same {@code decision-*} code. One {@link EventCheck} per code, since an EventCheck has a single code; they share
 * the work: each decision is verified once. The returned checks are meant for one verification at a time (not for
 * concurrent use).
 */
public final class DecisionEventChecks {

    private static final List<String> CODES = List.of(DecisionCheck.UNSIGNED, DecisionCheck.BAD_SIGNATURE,
            DecisionCheck.UNTRUSTED_KEY, DecisionCheck.ACTOR_MISMATCH, DecisionCheck.MALFORMED, DecisionCheck.UNKNOWN_SUBJECT);

    private DecisionEventChecks() {
    }

    public static List<EventCheck> of(TrustedKeys trusted) {
        LastCheck shared = new LastCheck(new DecisionVerifier(trusted));
        return CODES.stream().<EventCheck>map(code -> new ByCode(code, shared)).toList();
    }

    /** Verifies a decision once for all the per-code checks that the Verifier runs on it one after another. */
    private static final class LastCheck {
        private final DecisionVerifier verifier;
        private Event event;
        private DecisionCheck result;

        LastCheck(DecisionVerifier verifier) {
            this.verifier = verifier;
        }

        DecisionCheck of(Event decision, TraceIndex index) {
            if (decision != event) {
                result = verifier.check(decision, id -> index.indexOf(id) >= 0, 0);
                event = decision;
            }
            return result;
        }
    }

    private record ByCode(String code, LastCheck shared) implements EventCheck {
        @Override
        public List<String> check(Event event, TraceIndex index) {
            if (!event.is(EventType.APPROVAL_DECISION)) {
                return List.of();
            }
            return shared.of(event, index).problems().stream()
                    .filter(problem -> problem.code().equals(code))
                    .map(Finding::message)
                    .toList();
        }
    }
}
