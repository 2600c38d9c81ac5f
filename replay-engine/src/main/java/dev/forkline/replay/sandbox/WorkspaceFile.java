package dev.forkline.replay.sandbox;

import java.util.Objects;

/**
 * One file to place in a sandbox's workspace: a regular file with content and mode, or a symbolic link.
 *
 * @param path       relative to the workspace root, '/'-separated, no '..' segments
 * @param content    file bytes (empty for a link)
 * @param mode       permission bits, e.g. {@code 0644}
 * @param linkTarget the target of a symbolic link, or null for a regular file
 */
public record WorkspaceFile(String path, byte[] content, int mode, String linkTarget) {

    public WorkspaceFile {
        path = WorkspacePaths.normalize(path);
        Objects.requireNonNull(content, "content");
        if ((mode & ~07777) != 0) {
            throw new IllegalArgumentException("mode " + Integer.toOctalString(mode) + " has bits beyond 07777");
        }
    }

    public static WorkspaceFile regular(String path, byte[] content, int mode) {
        return new WorkspaceFile(path, content, mode, null);
    }

    public static WorkspaceFile symlink(String path, String target) {
        return new WorkspaceFile(path, new byte[0], 0777, target);
    }

    public boolean isSymlink() {
        return linkTarget != null;
    }
}
