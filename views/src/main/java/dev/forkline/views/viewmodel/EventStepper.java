package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.views.timeline.EventClassifier;

import java.util.BitSet;
import java.util.List;

/** Finds the next or previous event a step stops at. Pure logic over the run's events. */
public final class EventStepper {

    private EventStepper() {
    }

    /**
     * @param from      the current index, or -1 when nothing is selected (a forward step then starts at the beginning,
     *                  a backward one at the end)
     * @param direction +1 or -1
     * @param matches   search matches for {@link StepScope#MATCHES}; may be null
     * @return the index to select, or {@code from} when there is no further event in that scope
     */
    public static int step(List<Event> events, int from, int direction, StepScope scope, BitSet matches) {
        if (events.isEmpty()) {
            return -1;
        }
        String actor = from >= 0 && from < events.size() ? events.get(from).actor() : null;
        int i = from < 0 ? (direction > 0 ? -1 : events.size()) : from;
        for (i += direction; i >= 0 && i < events.size(); i += direction) {
            if (stopsAt(events.get(i), i, scope, actor, matches)) {
                return i;
            }
        }
        return from;
    }

    private static boolean stopsAt(Event event, int index, StepScope scope, String actor, BitSet matches) {
        return switch (scope) {
            case ALL -> true;
            case TOOL_CALLS -> event.is(EventType.TOOL_CALL);
            case FAILURES -> EventClassifier.isFailure(event);
            case SAME_ACTOR -> actor == null || actor.equals(event.actor());
            case MATCHES -> matches == null || matches.get(index);
        };
    }
}
