package dev.forkline.importers.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** Every imported sample can be stored as a native bundle and read back unchanged (events, hashes, blobs). */
class PartTwoRoundTripTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
            "swe-agent/v0_gpt4_pydicom__pydicom-1458.traj",
            "mini-swe-agent/github_issue.messages-only.traj.json",
            "openhands/tests_runtime_trajs_basic_gui_mode.json",
            "inspect-ai/2025-05-12T20-27-36-04-00_browser.json",
            "langfuse/pydantic-ai-tools-2025-12-04.trace.json"})
    void storesAndReadsBack(String sample) throws Exception {
        ImportedTrace imported = Importers.builtIn().read(SampleFiles.require(sample));
        Path target = dir.resolve("bundle");
        try (BundleWriter writer = BundleWriter.create(target, imported.bundle().manifest())) {
            for (Map.Entry<String, byte[]> blob : ((MemoryBlobStore) imported.bundle().blobs()).all().entrySet()) {
                assertThat(writer.putBlob(blob.getValue())).isEqualTo(blob.getKey());
            }
            for (Event event : imported.bundle().events()) {
                writer.write(event);
            }
            target = writer.commit();
        }
        try (Bundle read = BundleReader.read(target)) {
            assertThat(read.events()).hasSameSizeAs(imported.bundle().events());
            for (int i = 0; i < read.events().size(); i++) {
                assertThat(read.events().get(i).hash()).isEqualTo(imported.bundle().events().get(i).hash());
            }
            assertThat(read.manifest().sourceFormat()).isEqualTo(imported.bundle().manifest().sourceFormat());
        }
    }
}
