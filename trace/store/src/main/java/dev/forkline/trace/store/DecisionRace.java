package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import java.util.Optional;

/**
 * Whether a decision lost a race: the decider's decision continues its run at some seq, so they saw the run up to just
 * before it. A decision about the same subject stored in that run at that seq or later was recorded after they looked.
 */
final class DecisionRace {

    private DecisionRace() {
    }

    /** The first stored decision about {@code decision}'s subject that its decider cannot have seen, if any. */
    static Optional<Event> decidedMeanwhile(Bundle stored, Event decision) {
        String subject = decision.text("subject");
        EventColumns columns = stored.columns();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.APPROVAL_DECISION) && columns.run(i).equals(decision.run()) && columns.seq(i) >= decision.seq()) {
                Event earlier = stored.events().get(i);
                if (subject != null && subject.equals(earlier.text("subject"))) {
                    return Optional.of(earlier);
                }
            }
        }
        return Optional.empty();
    }

    static DecisionTakenException taken(String traceId, Event winner) {
        return new DecisionTakenException(traceId, winner.text("subject"), String.valueOf(winner.text("owner")),
                String.valueOf(winner.text("decidedAt") != null ? winner.text("decidedAt") : winner.ts()),
                String.valueOf(winner.text("verdict")), winner.id());
    }
}
