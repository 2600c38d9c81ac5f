package dev.forkline.views.viewmodel;

import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.views.data.RunEvents;

import java.util.BitSet;

/** Finds the next or previous event a step stops at, from the trace's columns (no event is read). */
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
    public static int step(RunEvents events, int from, int direction, StepScope scope, BitSet matches) {
        if (events.isEmpty()) {
            return -1;
        }
        String actor = from >= 0 && from < events.size() ? events.actor(from) : null;
        int i = from < 0 ? (direction > 0 ? -1 : events.size()) : from;
        for (i += direction; i >= 0 && i < events.size(); i += direction) {
            if (stopsAt(events, i, scope, actor, matches)) {
                return i;
            }
        }
        return from;
    }

    private static boolean stopsAt(RunEvents events, int index, StepScope scope, String actor, BitSet matches) {
        return switch (scope) {
            case ALL -> true;
            case TOOL_CALLS -> events.kind(index) == EventType.TOOL_CALL;
            case FAILURES -> events.has(index, EventFacts.FAILURE);
            case SAME_ACTOR -> actor == null || actor.equals(events.actor(index));
            case MATCHES -> matches == null || matches.get(index);
        };
    }
}
