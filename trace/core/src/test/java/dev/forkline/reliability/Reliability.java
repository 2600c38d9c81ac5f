package dev.forkline.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the figures of a run to target/reliability/<name>.txt (and stdout) for docs/reliability.md. Shared through
 * trace core's test jar with the reliability tests of the modules above (importers, replay-engine).
 */
public final class Reliability {

    private Reliability() {
    }

    public static void record(String name, String figures) throws IOException {
        System.out.println("[reliability] " + name + ": " + figures);
        Path reports = Files.createDirectories(Path.of("target", "reliability"));
        Files.writeString(reports.resolve(name + ".txt"), figures + "\n", StandardCharsets.UTF_8);
    }
}
