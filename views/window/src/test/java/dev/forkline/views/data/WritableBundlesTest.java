package dev.forkline.views.data;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.verify.Verifier;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.testdata.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

class WritableBundlesTest {

    @Test
    void aTraceImportedFromABundleDirectoryIsWrittenInThatDirectory(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WritableBundles bundles = new WritableBundles(samples.library, dir.resolve("exports"));
            assertThat(bundles.directoryFor(Samples.traceId("wrong-tool-call")))
                    .isEqualTo(samples.copy("wrong-tool-call").toAbsolutePath());
            assertThat(dir.resolve("exports")).doesNotExist();
        }
    }

    @Test
    void aTraceImportedFromAZipIsExportedOnceAndTheStoreTakesWhatIsAppended(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir)) {
            Path zip = dir.resolve("poisoned.zip");
            zip(samples.copy("poisoned-artifact"), zip);
            samples.store.close();
        }
        try (var store = dev.forkline.trace.store.TraceStore.open(dir.resolve("db2").resolve("forkline").toAbsolutePath())) {
            StoreTraceLibrary library = new StoreTraceLibrary(store);
            String traceId = library.importTrace(dir.resolve("poisoned.zip"), Progress.NONE).trace().traceId();
            WritableBundles bundles = new WritableBundles(library, dir.resolve("exports"));

            Path exported = bundles.directoryFor(traceId);
            assertThat(exported).isEqualTo(dir.resolve("exports").resolve(traceId).toAbsolutePath());
            try (Bundle copy = BundleReader.read(exported)) {
                assertThat(copy.events()).hasSize(library.load(traceId).events().size());
                assertThat(Verifier.verify(copy).problems()).isEmpty();
            }
            assertThat(bundles.directoryFor(traceId)).as("the copy is current: reused").isEqualTo(exported);

            // a decision appended to the copy reaches the store as an update
            var recorded = new dev.forkline.trace.decide.DecisionRecorder(new dev.forkline.trace.decision.OwnerKeys(dir.resolve("owners")))
                    .record(exported, dev.forkline.trace.decision.Decision.of("r1.5", dev.forkline.trace.decision.Verdict.DENY, "dana",
                            "the fetched guide was poisoned"));
            ImportResult again = bundles.reimport(exported, Progress.NONE);
            assertThat(again.trace().eventCount()).isEqualTo(library.load(traceId).events().size());
            assertThat(library.load(traceId).events()).extracting(e -> e.id()).contains(recorded.id());
            assertThat(store.find(traceId).orElseThrow().sourcePath()).endsWith("poisoned.zip");
            assertThat(bundles.directoryFor(traceId)).as("still current after the update").isEqualTo(exported);
        }
    }

    @Test
    void folderNamesKeepOnlySafeCharacters() {
        assertThat(WritableBundles.fileName("a/b\\c:d")).isEqualTo("a_b_c_d");
        assertThat(WritableBundles.fileName("..")).isEqualTo("_..");
        assertThat(WritableBundles.defaultExportRoot(Map.of("XDG_DATA_HOME", "/data"), "/home/u")).isEqualTo(Path.of("/data/forkline/bundles"));
        assertThat(WritableBundles.defaultExportRoot(Map.of(), "/home/u")).isEqualTo(Path.of("/home/u/.local/share/forkline/bundles"));
    }

    private static void zip(Path bundle, Path zip) throws Exception {
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream z = new ZipOutputStream(out);
             var paths = Files.walk(bundle)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                z.putNextEntry(new ZipEntry(bundle.relativize(path).toString().replace('\\', '/')));
                Files.copy(path, z);
                z.closeEntry();
            }
        }
    }
}
