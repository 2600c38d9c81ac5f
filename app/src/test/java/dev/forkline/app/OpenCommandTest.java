package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.store.TraceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code forkline open} imports as the window opens. */
class OpenCommandTest {

    @TempDir
    Path temp;

    @Test
    void anEmptyStoreGetsTheBundledSamplesAndAStoreWithTracesNothingUnasked() throws Exception {
        Path samples = Files.createDirectories(temp.resolve("sample-traces"));
        Path given = temp.resolve("given.jsonl");
        String before = System.getProperty("forkline.samples");
        System.setProperty("forkline.samples", samples.toString());
        try {
            Path db = temp.resolve("db/store");
            try (TraceStore store = TraceStore.open(db)) {
                assertThat(OpenCommand.filesToImport(List.of(), store)).containsExactly(samples);
                assertThat(OpenCommand.filesToImport(List.of(given), store)).containsExactly(given);
            }
            assertThat(CliTest.run("import", CliTest.writeBundle(temp.resolve("bundle")).toString(), "--db", db.toString()).code()).isZero();
            try (TraceStore store = TraceStore.open(db)) {
                assertThat(OpenCommand.filesToImport(List.of(), store)).isEmpty();
                assertThat(OpenCommand.filesToImport(List.of(given), store)).containsExactly(given);
            }
        } finally {
            if (before == null) {
                System.clearProperty("forkline.samples");
            } else {
                System.setProperty("forkline.samples", before);
            }
        }
    }
}
