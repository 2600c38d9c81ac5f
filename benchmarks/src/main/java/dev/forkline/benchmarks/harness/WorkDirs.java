package dev.forkline.benchmarks.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Clears what an earlier run left in the work directory. */
public final class WorkDirs {

    /** Passes over a tree whose files are still being written: ten, 100 ms apart. */
    private static final int TRIES = 10;

    private WorkDirs() {
    }

    /**
     * Deletes {@code root} and everything under it; nothing happens when it does not exist. A file that appears or goes
     * while the tree is deleted (seen once in CI, in the store of an import the window had just cancelled) is dealt
     * with on another pass.
     */
    public static void deleteTree(Path root) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                deleteOnce(root);
                return;
            } catch (DirectoryNotEmptyException | UncheckedIOException stillWritten) {
                if (attempt == TRIES) {
                    throw stillWritten;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw stillWritten;
                }
            }
        }
    }

    private static void deleteOnce(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
