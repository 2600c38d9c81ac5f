package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.views.data.RunLineage;

import java.util.List;
import java.util.Optional;

/** Where "Replay from here" and "Revert to here" start: the nearest checkpoint at or before an event of the shown run. */
public final class ReplayTargets {

    private ReplayTargets() {
    }

    /**
     * The last checkpoint at or before {@code eventId} in the run's state (its own events, then its ancestors' up to the
     * fork point), or empty when there is none.
     */
    public static Optional<Event> checkpointAtOrBefore(RunLineage lineage, String run, String eventId) {
        List<Event> events = lineage.eventsWithAncestry(run);
        int position = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).id().equals(eventId)) {
                position = i;
                break;
            }
        }
        for (int i = position; i >= 0; i--) {
            if (events.get(i).is(EventType.CHECKPOINT)) {
                return Optional.of(events.get(i));
            }
        }
        return Optional.empty();
    }

    /** The checkpoint's id for people: data.checkpointId, or its event id. */
    public static String checkpointName(Event checkpoint) {
        String id = checkpoint.text("checkpointId");
        return id == null ? checkpoint.id() : id;
    }
}
