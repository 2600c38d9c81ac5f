package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Reads a directory on disk into a starting tree: every file including dot-files and {@code .git}, symbolic links kept
 * as links and never followed, modes from the file system; sockets and other special files are ignored with a warning.
 * A link pointing outside the directory is kept (it is not followed here) with a warning, since in the container it
 * will name something else than on this machine.
 */
final class DirectoryTreeReader {

    private DirectoryTreeReader() {
    }

    static StartingTree read(Path directory, String description, String commit, TreeLimits limits) throws IOException {
        Path root = directory.toRealPath();
        TreeBuilder tree = new TreeBuilder(description, limits);
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (!dir.equals(root)) {
                    tree.countEntry();
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                tree.countEntry();
                String path = relative(root, file);
                if (attrs.isSymbolicLink()) {
                    String target = Files.readSymbolicLink(file).toString();
                    if (!RelativePaths.linkStaysInside(path, target)) {
                        tree.warn(description + ": " + path + " is a symbolic link to " + target
                                + ", outside the tree; kept as a link, which in the container names something else");
                    }
                    tree.add(WorkspaceFile.symlink(path, target));
                } else if (attrs.isRegularFile()) {
                    if (path.equals(".git")) {
                        tree.warn(description + ": .git is a file (a linked worktree or submodule) pointing at a repository"
                                + " elsewhere on this machine; git will not find it in the container");
                    }
                    tree.countBytes(path, attrs.size());
                    tree.add(WorkspaceFile.regular(path, Files.readAllBytes(file), mode(file)));
                } else {
                    tree.warn(description + ": " + path + " is neither a file, a directory nor a link; ignored");
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return new StartingTree(description, tree.files(), commit, tree.warnings());
    }

    private static String relative(Path root, Path file) {
        StringBuilder path = new StringBuilder();
        for (Path name : root.relativize(file)) {
            if (!path.isEmpty()) {
                path.append('/');
            }
            path.append(name);
        }
        return path.toString();
    }

    private static int mode(Path file) throws IOException {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException notPosix) {
            return Files.isExecutable(file) ? 0755 : 0644;
        }
        int mode = 0;
        for (PosixFilePermission permission : permissions) {
            mode |= 0400 >> permission.ordinal();
        }
        return mode;
    }
}
