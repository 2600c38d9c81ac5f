package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

/** What applying one recorded {@code state.mutation} to the current workspace gave. */
public sealed interface MutationOutcome {

    /** One line for people: what happened or what is wrong. */
    String summary();

    /** Whether the mutation applied with its precondition met. */
    default boolean applied() {
        return this instanceof Applied;
    }

    /**
     * The precondition held and the content after is known.
     *
     * @param file the file after the mutation (its path is where it now lies), or null when the mutation deleted it
     * @param note a discrepancy that did not stop it, e.g. the recorded content after differs from applying the recorded
     *             edits (the recorded content wins), or null
     * @param hash the {@code sha256:} name of the file's content when it is known without hashing it (the content is
     *             the recorded {@code after} blob, which the blob source checked against that name), else null
     */
    record Applied(WorkspaceFile file, String note, String hash) implements MutationOutcome {

        public Applied(WorkspaceFile file, String note) {
            this(file, note, null);
        }

        public boolean deleted() {
            return file == null;
        }

        @Override
        public String summary() {
            String what = file == null ? "deleted" : "applied";
            return note == null ? what : what + "; " + note;
        }
    }

    /**
     * The file is not what the session made the edit on.
     *
     * @param message  names the file and what differs, e.g. {@code src/x.py: old string not found (edit 1: "def f(")}
     * @param recorded the state the trace records after the mutation (content after, deletion or link), which a
     *                 rebuild takes so that later events see what the session saw; null when the trace records none
     */
    record PreconditionFailed(String message, Applied recorded) implements MutationOutcome {

        @Override
        public String summary() {
            return message;
        }
    }

    /** The trace records neither the content after the mutation nor a way to compute it; the file is left as it was. */
    record Unknown(String why) implements MutationOutcome {

        @Override
        public String summary() {
            return why;
        }
    }

    /** The mutation was not applied because of where it points (outside the workspace, no path). */
    record Skipped(String why) implements MutationOutcome {

        @Override
        public String summary() {
            return why;
        }
    }
}
