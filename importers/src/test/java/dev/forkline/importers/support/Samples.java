package dev.forkline.importers.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** The real sample traces kept next to the repository ({@code shared/samples}), read-only and never copied in. */
public final class Samples {

    private Samples() {
    }

    /** The sample file, or the test is skipped with a message saying where it was looked for. */
    public static Path require(String relative) {
        Path root = root();
        assumeTrue(root != null, "shared/samples not found beside the repository: real-sample test skipped");
        Path file = root.resolve(relative);
        assumeTrue(Files.exists(file), "sample " + file + " is absent: real-sample test skipped");
        return file;
    }

    /**
     * A file of the replay material ({@code shared/replay}: real sessions with the trees they started from), or the
     * test is skipped with a message saying where it was looked for.
     */
    public static Path requireReplay(String relative) {
        Path root = folder("replay");
        assumeTrue(root != null, "shared/replay not found beside the repository: real-session test skipped");
        Path file = root.resolve(relative);
        assumeTrue(Files.exists(file), "replay file " + file + " is absent: real-session test skipped");
        return file;
    }

    /** Walks up from the working directory looking for a {@code shared/samples} folder in an ancestor or beside one. */
    static Path root() {
        return folder("samples");
    }

    private static Path folder(String name) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("shared").resolve(name);
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        return null;
    }
}
