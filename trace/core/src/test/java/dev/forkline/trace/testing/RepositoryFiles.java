package dev.forkline.trace.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files of the repository itself ({@code sample-traces/}, {@code docs/}) for tests, found from the working directory
 * whatever the depth of the module running them ({@code views/} or {@code trace/core/}).
 */
public final class RepositoryFiles {

    private RepositoryFiles() {
    }

    /**
     * The path, relative to the working directory, of a file or folder at the repository's top level: the nearest
     * ancestor holding both {@code pom.xml} and {@code sample-traces/}.
     */
    public static Path resolve(String first, String... more) {
        Path up = Path.of("");
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("sample-traces"))) {
                return up.resolve(Path.of(first, more));
            }
            up = up.resolve("..");
        }
        throw new IllegalStateException("no repository top level (pom.xml and sample-traces/) above " + Path.of("").toAbsolutePath());
    }
}
