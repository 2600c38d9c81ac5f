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

    /** Walks up from the working directory looking for a {@code shared/samples} folder in an ancestor or beside one. */
    static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("shared").resolve("samples");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        return null;
    }
}
