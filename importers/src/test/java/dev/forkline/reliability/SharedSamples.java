package dev.forkline.reliability;

import dev.forkline.importers.support.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The real traces in {@code shared/samples/} beside the repository, and the repository's own {@code sample-traces/}
 * bundles, both found by walking up from the module directory.
 */
final class SharedSamples {

    private SharedSamples() {
    }

    static Optional<Path> sharedSamplesDir() {
        return findUp(dir -> dir.resolve("shared").resolve("samples"));
    }

    static Optional<Path> repositorySampleTraces() {
        return findUp(dir -> dir.resolve("sample-traces"));
    }

    /** Every trace under shared/samples: not the SOURCES list, a README or an oracle file ({@link Samples#isTrace}). */
    static List<Path> sharedSampleFiles() {
        return Samples.traceFiles();
    }

    /**
     * The real or hand-made samples of formats without a shared sample, kept in this module's test resources (aider,
     * cline, gemini): every file under those folders.
     */
    static List<Path> resourceSamples() throws IOException {
        List<Path> files = new java.util.ArrayList<>();
        for (String folder : List.of("aider", "cline", "gemini")) {
            Path dir = Path.of("src", "test", "resources", folder);
            if (Files.isDirectory(dir)) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    walk.filter(Files::isRegularFile).sorted().forEach(files::add);
                }
            }
        }
        return files;
    }

    /** Bundle directories (holding manifest.json) under the repository's sample-traces/. */
    static List<Path> sampleBundles() throws IOException {
        Optional<Path> dir = repositorySampleTraces();
        if (dir.isEmpty()) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir.get())) {
            return walk.filter(p -> Files.isRegularFile(p.resolve("manifest.json"))).sorted().toList();
        }
    }

    private static Optional<Path> findUp(java.util.function.Function<Path, Path> candidateIn) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = candidateIn.apply(dir);
            if (Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
            dir = dir.getParent();
        }
        return Optional.empty();
    }
}
