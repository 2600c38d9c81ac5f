package dev.forkline.importers.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceImporter;
import dev.forkline.importers.inspect.InspectImporter;
import dev.forkline.importers.langfuse.LangfuseImporter;
import dev.forkline.importers.openhands.OpenHandsImporter;
import dev.forkline.importers.sweagent.MiniSweAgentImporter;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.sweagent.SweAgentImporter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Detection is by content: each of these importers accepts its own real samples and none of the others' (including the
 * formats other importers read: Claude Code, Codex rollouts, OpenTelemetry).
 */
class PartTwoDetectionTest {

    private static final Map<String, Class<? extends TraceImporter>> OWNER = Map.of(
            "swe-agent", SweAgentImporter.class,
            "mini-swe-agent", MiniSweAgentImporter.class,
            "openhands", OpenHandsImporter.class,
            "inspect-ai", InspectImporter.class,
            "langfuse", LangfuseImporter.class,
            "langfuse-frameworks", LangfuseImporter.class);

    private final List<TraceImporter> mine = List.of(new SweAgentImporter(), new MiniSweAgentImporter(), new OpenHandsImporter(),
            new InspectImporter(), new LangfuseImporter());

    @Test
    void eachSampleIsAcceptedByItsOwnImporterOnly() throws Exception {
        SampleFiles.require("SOURCES.tsv");
        List<Path> files = Samples.traceFiles();
        assumeTrue(!files.isEmpty(), "no samples");
        for (Path file : files) {
            String dir = file.getParent().getFileName().toString();
            byte[] head = head(file);
            List<String> accepting = mine.stream().filter(i -> i.accepts(file, head)).map(i -> i.getClass().getSimpleName()).toList();
            Class<? extends TraceImporter> owner = OWNER.get(dir);
            if (owner == null) {
                assertThat(accepting).as("importers accepting %s", file).isEmpty();
            } else {
                assertThat(accepting).as("importers accepting %s", file).containsExactly(owner.getSimpleName());
                assertThat(Importers.builtIn().detect(file)).as("built-in detection of %s", file).isInstanceOf(owner);
            }
        }
    }

    @Test
    void garbageEmptyFilesAndPlainFoldersAreAcceptedByNone(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        byte[] noise = new byte[4096];
        new java.util.Random(7).nextBytes(noise);
        Path garbage = Files.write(dir.resolve("noise.bin"), noise);
        Path empty = Files.write(dir.resolve("empty.json"), new byte[0]);
        Path notZip = Files.write(dir.resolve("fake.eval"), "PK\u0003\u0004 but not really a zip".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path folder = Files.createDirectories(dir.resolve("folder"));
        for (Path path : List.of(garbage, empty, notZip, folder)) {
            byte[] head = Files.isRegularFile(path) ? head(path) : new byte[0];
            for (TraceImporter importer : mine) {
                assertThat(importer.accepts(path, head)).as("%s accepts %s", importer.format(), path.getFileName()).isFalse();
            }
        }
    }

    private static byte[] head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(64 * 1024);
        }
    }
}
