package dev.forkline.trace.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies of bundle directories for tests that change them. For tests of this module and the modules above it. */
public final class DirectoryTrees {

    private DirectoryTrees() {
    }

    /** Copies the tree under {@code from} to {@code to} (created), file by file; returns {@code to}. */
    public static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
        return to;
    }
}
