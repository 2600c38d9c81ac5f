package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;

/** Compares a workspace file with the Claude Code file-history backup of it ({@link BackupCheck}). */
public final class BackupComparison {

    private BackupComparison() {
    }

    /**
     * @param backup  the backup a snapshot names
     * @param root    the session's directory, against which absolute tracked paths are resolved (may be null)
     * @param current the file the workspace holds at that path now, or null; looked up by the caller with {@link #path}
     * @throws IOException when reading the backup fails
     */
    public static BackupCheck compare(FileHistory history, FileHistory.TrackedBackup backup, String root, WorkspaceFile current)
            throws IOException {
        MutationPaths.Resolved resolved = MutationPaths.resolve(backup.recordedPath(), root);
        if (resolved.path() == null) {
            return check(backup, backup.recordedPath(), BackupCheck.Verdict.SKIPPED, "file-history backup " + backup.describe()
                    + " not compared: " + resolved.refusal(), null);
        }
        String path = resolved.path();
        if (backup.backupFileName() == null) {
            return current == null
                    ? check(backup, path, BackupCheck.Verdict.MATCHED, path + ": absent, as at Claude Code's file-history snapshot", null)
                    : check(backup, path, BackupCheck.Verdict.DIFFERED, path + ": the workspace holds the file ("
                            + MutationApplier.shortHash(MutationApplier.hashOf(current)) + "), which did not exist at Claude Code's"
                            + " file-history snapshot " + backup.describe() + "; removed", null);
        }
        Optional<byte[]> content = history.read(backup.backupFileName());
        if (content.isEmpty()) {
            return check(backup, path, BackupCheck.Verdict.MISSING, path + ": the file-history backup " + backup.backupFileName()
                    + " is not in " + history.directory() + "; not compared", null);
        }
        int mode = current != null && !current.isSymlink() ? current.mode() : 0644;
        WorkspaceFile backedUp = WorkspaceFile.regular(path, content.get(), mode);
        String name = backup.backupFileName() + " (" + MutationApplier.shortHash(MutationApplier.hashOf(backedUp)) + ")";
        if (current == null) {
            return check(backup, path, BackupCheck.Verdict.SUPPLIED, path + ": not in the workspace; supplied from Claude Code's"
                    + " file-history backup " + name, backedUp);
        }
        if (!current.isSymlink() && Arrays.equals(current.content(), content.get())) {
            return check(backup, path, BackupCheck.Verdict.MATCHED, path + ": matches Claude Code's file-history backup " + name, backedUp);
        }
        return check(backup, path, BackupCheck.Verdict.DIFFERED, path + ": the workspace's file ("
                + MutationApplier.shortHash(MutationApplier.hashOf(current)) + ") differs from Claude Code's file-history backup "
                + name + ", taken " + (backup.backupTime() == null ? "at that snapshot" : backup.backupTime()) + "; the backup is used",
                backedUp);
    }

    /** The workspace-relative path a backup's recorded path resolves to, or null when it lies outside. */
    public static String path(FileHistory.TrackedBackup backup, String root) {
        return MutationPaths.resolve(backup.recordedPath(), root).path();
    }

    private static BackupCheck check(FileHistory.TrackedBackup backup, String path, BackupCheck.Verdict verdict, String message,
                                     WorkspaceFile file) {
        return new BackupCheck(backup.position(), backup.eventId(), path, backup, verdict, message, file);
    }
}
