package dev.forkline.importers.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.testing.SharedSamples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The real sample traces kept next to the repository ({@code shared/samples}), read-only and never copied in.
 *
 * <p>Not every file there is a trace: {@code SOURCES.tsv} lists where they come from, a {@code README*} describes a
 * folder, and an oracle ({@code *.chatml.json}: the source tool's own rendering of the trace beside it) is what a test
 * checks an import against. {@link #isTrace} is that rule, in one place for every test that walks the samples.
 */
public final class Samples {

    /** How an oracle file's name ends: Langfuse's own ChatML rendering of the trace of the same stem. */
    public static final String ORACLE_SUFFIX = ".chatml.json";

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

    /** Whether a file under shared/samples is a trace to import (not the sources list, a README or an oracle). */
    public static boolean isTrace(Path file) {
        String name = file.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        return Files.isRegularFile(file) && !name.equals("SOURCES.tsv") && !lower.startsWith("readme") && !lower.endsWith(ORACLE_SUFFIX);
    }

    /** Every trace under shared/samples (see {@link #isTrace}), sorted; empty where the samples are absent. */
    public static List<Path> traceFiles() {
        Path root = root();
        if (root == null) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Samples::isTrace).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
    }

    /** Walks up from the working directory looking for a {@code shared/samples} folder in an ancestor or beside one. */
    public static Path root() {
        return folder("samples");
    }

    private static Path folder(String name) {
        return SharedSamples.sharedFolder(name);
    }
}
