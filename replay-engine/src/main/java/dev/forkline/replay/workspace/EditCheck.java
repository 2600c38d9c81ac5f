package dev.forkline.replay.workspace;

/**
 * How one recorded {@code state.mutation} fared when the workspace was rebuilt.
 *
 * @param position the event's index in the events given to {@link WorkspaceRebuilder#of}
 * @param eventId  the event's id
 * @param path     the mutation's path as recorded (workspace-relative once resolved; as written when it could not be)
 * @param outcome  what applying it gave
 */
public record EditCheck(int position, String eventId, String path, MutationOutcome outcome) {

    /** Whether the mutation applied with its precondition met. */
    public boolean ok() {
        return outcome.applied();
    }
}
