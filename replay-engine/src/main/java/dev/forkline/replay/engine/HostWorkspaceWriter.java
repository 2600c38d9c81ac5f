package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.sandbox.WorkspacePaths;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes a checkpoint's files into a directory on the host without ever leaving it: the directory must be new or
 * empty, paths with {@code ..} or a leading {@code /} are refused, no existing symbolic link is followed (every parent
 * is checked without following links, files are created with {@code CREATE_NEW} and {@code NOFOLLOW_LINKS}), and a
 * symbolic link whose target would point outside the directory is not created (it is reported instead). Setuid,
 * setgid and sticky bits are not restored.
 */
final class HostWorkspaceWriter {

    /** What was written and what was left out, with why. */
    record Written(int files, int links, List<String> skipped) {
    }

    private HostWorkspaceWriter() {
    }

    static Written write(Path directory, List<WorkspaceFile> files) throws IOException {
        Path root = prepare(directory);
        int regular = 0;
        int links = 0;
        List<String> skipped = new ArrayList<>();
        List<WorkspaceFile> sorted = files.stream().sorted(Comparator.comparing(WorkspaceFile::path)).toList();
        for (WorkspaceFile file : sorted) {
            String relative = WorkspacePaths.normalize(file.path());
            Path target = root.resolve(relative).normalize();
            if (!target.startsWith(root) || target.equals(root)) {
                throw new IOException("refused: " + relative + " resolves outside " + root);
            }
            makeParents(root, target.getParent());
            if (file.isSymlink()) {
                Path pointsTo = target.getParent().resolve(file.linkTarget()).normalize();
                if (Path.of(file.linkTarget()).isAbsolute() || !pointsTo.startsWith(root)) {
                    skipped.add(relative + " (a link to " + file.linkTarget() + ", outside the directory)");
                    continue;
                }
                Files.createSymbolicLink(target, Path.of(file.linkTarget()));
                links++;
            } else {
                Files.write(target, file.content(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                try {
                    Files.setPosixFilePermissions(target, permissions(file.mode()));
                } catch (UnsupportedOperationException e) {
                    // not a POSIX file system: the content is what matters
                }
                regular++;
            }
        }
        return new Written(regular, links, skipped);
    }

    private static Path prepare(Path directory) throws IOException {
        Path absolute = directory.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(absolute)) {
            throw new IOException("refused: " + directory + " is a symbolic link");
        }
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(directory.toString(), null, "not a directory");
            }
            try (Stream<Path> entries = Files.list(absolute)) {
                if (entries.findAny().isPresent()) {
                    throw new FileAlreadyExistsException(directory.toString(), null, "the directory is not empty: choose a new or empty --out");
                }
            }
        } else {
            Files.createDirectories(absolute);
        }
        return absolute.toRealPath();
    }

    /** Creates the directories from {@code root} down to {@code parent}, refusing any existing component that is not a real directory. */
    private static void makeParents(Path root, Path parent) throws IOException {
        Path current = root;
        for (Path part : root.relativize(parent)) {
            if (part.toString().isEmpty()) {
                continue;
            }
            current = current.resolve(part);
            if (Files.isSymbolicLink(current)) {
                throw new IOException("refused: " + root.relativize(current) + " is a symbolic link; nothing is written through it");
            }
            if (Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
                if (!Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IOException("refused: " + root.relativize(current) + " is a file and also a directory in the checkpoint");
                }
            } else {
                Files.createDirectory(current);
            }
        }
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {
                PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
                PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
                PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};
        for (int bit = 0; bit < order.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                set.add(order[bit]);
            }
        }
        return set;
    }
}
