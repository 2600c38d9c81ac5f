package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.views.data.RunLineage;

import java.util.Optional;

/**
 * Where "Replay from here", "Revert to here" and a fork with an edit start: the nearest checkpoint of the shown run's
 * state (its own events, then its ancestors' up to the fork point). Found from the trace's columns; only the
 * checkpoint itself is read.
 */
public final class ReplayTargets {

    private ReplayTargets() {
    }

    /** The last checkpoint at or before {@code eventId} in the run's state, or empty when there is none. */
    public static Optional<Event> checkpointAtOrBefore(RunLineage lineage, String run, String eventId) {
        Lineage path = lineage.eventsWithAncestry(run);
        int position = path.positionOf(eventId);
        return position < 0 ? Optional.empty() : latestCheckpointFrom(lineage.columns(), path, position);
    }

    /** The last checkpoint strictly before {@code eventId} in the run's state, or empty when there is none. */
    public static Optional<Event> checkpointBefore(RunLineage lineage, String run, String eventId) {
        Lineage path = lineage.eventsWithAncestry(run);
        int position = path.positionOf(eventId);
        return position < 0 ? Optional.empty() : latestCheckpointFrom(lineage.columns(), path, position - 1);
    }

    private static Optional<Event> latestCheckpointFrom(EventColumns columns, Lineage path, int position) {
        for (int p = position; p >= 0; p--) {
            if (columns.is(path.indexAt(p), EventType.CHECKPOINT)) {
                return Optional.of(path.get(p));
            }
        }
        return Optional.empty();
    }

    /** The checkpoint's id for people: data.checkpointId, or its event id. */
    public static String checkpointName(Event checkpoint) {
        String id = checkpoint.text(CheckpointData.CHECKPOINT_ID);
        return id == null ? checkpoint.id() : id;
    }
}
