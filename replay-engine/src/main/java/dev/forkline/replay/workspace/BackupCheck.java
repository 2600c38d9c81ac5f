package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

/**
 * What one Claude Code file-history backup said of the workspace at its snapshot ({@link FileHistory}).
 *
 * @param position the snapshot note's position in the run's events
 * @param eventId  the snapshot note's id
 * @param path     the workspace-relative path (the recorded one when it could not be resolved)
 * @param backup   the backup it was compared with
 * @param verdict  how the workspace compared
 * @param message  one line for people, naming the file and the backup
 * @param file     the file the backup says was there (null: absent); the workspace takes it for {@link Verdict#SUPPLIED}
 *                 and {@link Verdict#DIFFERED}
 */
public record BackupCheck(int position, String eventId, String path, FileHistory.TrackedBackup backup, Verdict verdict,
                          String message, WorkspaceFile file) {

    public enum Verdict {
        /** The workspace held exactly what the backup holds (or lacked the file, as the backup says it was absent). */
        MATCHED,
        /** The workspace lacked the file; the backup supplies it (e.g. a file the starting tree's commit does not hold). */
        SUPPLIED,
        /** The workspace held another file (or one where the backup says none was): a divergence of the workspace. */
        DIFFERED,
        /** The folder does not hold the backup the snapshot names: nothing compared. */
        MISSING,
        /** The path lies outside the workspace: nothing compared. */
        SKIPPED;

        /** Whether the workspace takes the backup's state. */
        public boolean overlays() {
            return this == SUPPLIED || this == DIFFERED;
        }
    }
}
