package dev.forkline.importers.samples;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real traces in {@code shared/samples/} beside the repository (read-only, never copied into the project). Found by
 * walking up from the working directory; a test that needs one is skipped, with a message, where they are absent.
 */
public final class SampleFiles {

    private SampleFiles() {
    }

    public static Path require(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("shared").resolve("samples").resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        assumeTrue(false, "sample shared/samples/" + relative + " not found beside the repository: skipped");
        throw new IllegalStateException("unreachable");
    }
}
