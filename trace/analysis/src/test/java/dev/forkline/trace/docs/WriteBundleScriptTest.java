package dev.forkline.trace.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.testing.RepositoryFiles;
import dev.forkline.trace.verify.Verifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/examples/write_bundle.py writes a bundle from the format description alone; Forkline must accept it as is. */
class WriteBundleScriptTest {

    static final Path SCRIPT = RepositoryFiles.resolve("docs", "examples", "write_bundle.py");

    @TempDir
    Path temp;

    static boolean python3Available() {
        try {
            Process probe = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            return probe.waitFor(20, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void theHandWrittenBundleVerifiesAndLintsClean() throws Exception {
        assertThat(SCRIPT).exists();
        Assumptions.assumeTrue(python3Available(), "python3 is not installed");
        Path out = temp.resolve("bundle");
        Process script = new ProcessBuilder("python3", SCRIPT.toString(), out.toString()).redirectErrorStream(true).start();
        assertThat(script.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(script.exitValue()).as(output).isZero();

        try (Bundle bundle = BundleReader.read(out)) {
            assertThat(bundle.events()).hasSize(9);
            assertThat(Verifier.verify(bundle).problems()).isEmpty();
            assertThat(Linter.lint(bundle)).extracting(Finding::code).isEmpty();
            TraceIndex index = TraceIndex.of(bundle.events());
            assertThat(index.run("retry").orElseThrow().parentRun()).isEqualTo("main");
            assertThat(index.lineage("retry")).hasSize(4);
            assertThat(bundle.manifest().traceId()).isEqualTo("hand-written-example");
        }
        try (var blobs = Files.list(out.resolve("blobs"))) {
            assertThat(blobs).hasSize(3);
        }
    }
}
