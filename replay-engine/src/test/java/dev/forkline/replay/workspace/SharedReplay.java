package dev.forkline.replay.workspace;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.testing.SharedSamples;
import java.nio.file.Files;
import java.nio.file.Path;

/** The real replay material kept next to the repository ({@code shared/replay}), read-only and never copied in. */
public final class SharedReplay {

    private SharedReplay() {
    }

    /** The file, or the test is skipped with a message saying where it was looked for. */
    public static Path require(String relative) {
        Path root = root();
        assumeTrue(root != null, "shared/replay not found beside the repository: real-material test skipped");
        Path file = root.resolve(relative);
        assumeTrue(Files.exists(file), file + " is absent: real-material test skipped");
        return file;
    }

    /** Walks up from the working directory looking for a {@code shared/replay} folder in an ancestor. */
    private static Path root() {
        return SharedSamples.sharedFolder("replay");
    }
}
