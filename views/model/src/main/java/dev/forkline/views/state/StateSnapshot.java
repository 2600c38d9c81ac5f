package dev.forkline.views.state;

import java.util.List;

/**
 * The five kinds of state at the cursor, kept apart, in the shape the state panel shows them.
 *
 * @param atEventId       the event the state is taken after
 * @param lastCheckpoint  label of the last checkpoint at or before the cursor, or null
 * @param sessionSummary  model calls, tokens, cost and outcome so far, in one line
 * @param session         the end of the session history (its last turns, oldest first)
 * @param sessionTurns    how many turns the whole history holds (more than {@code session} shows in a long run)
 */
public record StateSnapshot(String atEventId, String lastCheckpoint, String sessionSummary, List<HistoryEntry> session, int sessionTurns,
                            Harness harness, List<FileEntry> workspace, List<ProcessEntry> processes, List<EffectEntry> external) {

    public static final StateSnapshot EMPTY = new StateSnapshot(null, null, "", List.of(), 0, new Harness(List.of(), List.of(), List.of()),
            List.of(), List.of(), List.of());

    public StateSnapshot {
        session = List.copyOf(session);
        workspace = List.copyOf(workspace);
        processes = List.copyOf(processes);
        external = List.copyOf(external);
    }

    /** A turn of the session history: a message, a model call, a handoff. */
    public record HistoryEntry(String eventId, String actor, String kind, String text) {
    }

    /** What the harness is waiting for, and the escape attempts it has seen. */
    public record Harness(List<String> pendingCalls, List<String> pendingApprovals, List<String> escapeAttempts) {
        public Harness {
            pendingCalls = List.copyOf(pendingCalls);
            pendingApprovals = List.copyOf(pendingApprovals);
            escapeAttempts = List.copyOf(escapeAttempts);
        }
    }

    /** A file of the workspace; change is relative to the last checkpoint: unchanged, created, modified, deleted. */
    public record FileEntry(String path, String blob, String mode, String change) {
        public boolean changed() {
            return !"unchanged".equals(change);
        }
    }

    public record ProcessEntry(long pid, String command, String status) {
    }

    /** An external effect; status is committed, in flight, or unknown. */
    public record EffectEntry(String eventId, String callId, String tool, String summary, String status) {
    }
}
