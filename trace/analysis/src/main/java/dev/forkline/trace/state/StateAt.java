package dev.forkline.trace.state;

/**
 * The five kinds of state, kept apart, right after one event of a run's lineage took effect.
 *
 * @param run      the run whose lineage was followed
 * @param eventId  the event the state is at
 * @param position that event's position in the run's lineage (0-based)
 */
public record StateAt(
        String run,
        String eventId,
        int position,
        SessionState session,
        HarnessState harness,
        WorkspaceState workspace,
        ProcessState process,
        ExternalState external) {
}
