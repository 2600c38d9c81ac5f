package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.Importers;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.testing.SharedSamples;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The line {@code forkline import} keeps on a terminal's stderr while it imports: written over in place, no more often
 * than every 200 ms, then erased so that the result line starts clean.
 */
class ImportProgressLineTest {

    @TempDir
    Path dir;

    private final StringWriter written = new StringWriter();
    private final AtomicLong now = new AtomicLong();

    @Test
    void saysHowFarTheFileWasReadHowManyEventsWereMadeAndCheckedThenErasesItself() throws Exception {
        ImportProgressLine line = new ImportProgressLine(new PrintWriter(written), dir.resolve("rollout.jsonl"), now::get);

        line.read(100_000_000L, 400_000_000L, null);
        assertThat(written.toString()).isEqualTo("\rforkline: importing rollout.jsonl · 100.0 MB of 400.0 MB");

        now.addAndGet(ImportProgressLine.EVERY_NANOS / 2);
        line.read(150_000_000L, 400_000_000L, null);
        assertThat(written.toString()).as("not again within 200 ms").isEqualTo("\rforkline: importing rollout.jsonl · 100.0 MB of 400.0 MB");

        now.addAndGet(ImportProgressLine.EVERY_NANOS);
        line.read(400_000_000L, 400_000_000L, null);
        String widest = "forkline: importing rollout.jsonl · 400.0 MB of 400.0 MB";
        assertThat(written.toString()).endsWith("\r" + widest);

        line.step("checking 8,192 events");
        String step = "forkline: checking 8,192 events (rollout.jsonl)";
        assertThat(written.toString()).as("written over the longer line before it")
                .endsWith("\r" + step + " ".repeat(widest.length() - step.length()));

        line.checked(2_048, 8_192);
        assertThat(written.toString()).as("the step stays for 200 ms").endsWith("\r" + step + " ".repeat(widest.length() - step.length()));
        now.addAndGet(ImportProgressLine.EVERY_NANOS);
        line.checked(4_096, 8_192);
        String checked = "forkline: checking 4,096 of 8,192 events (rollout.jsonl)";
        assertThat(written.toString()).endsWith("\r" + checked + " ".repeat(widest.length() - checked.length()));

        line.clear();
        String all = written.toString();
        assertThat(all).endsWith("\r" + " ".repeat(widest.length()) + "\r");
        line.clear();
        assertThat(written.toString()).as("erased once").isEqualTo(all);
    }

    /** A real Codex rollout imported through {@link Importers#readWatched}: the line follows its reading to its end. */
    @Test
    void followsARealImportToItsEnd() throws Exception {
        Path rollout = SharedSamples.require(SharedSamples.CODEX_ROLLOUT);
        ImportProgressLine line = new ImportProgressLine(new PrintWriter(written), rollout,
                () -> now.addAndGet(ImportProgressLine.EVERY_NANOS));

        var trace = Importers.builtIn().readWatched(rollout, new EventBatchSink() {
            @Override
            public void begin(String eventsFile, Manifest manifest, BlobSource blobs) {
            }

            @Override
            public void accept(EventBatch batch) {
            }
        }, line);

        String size = String.format("%,.1f MB", Files.size(rollout) / 1e6);
        assertThat(written.toString()).startsWith("\rforkline: importing " + rollout.getFileName() + " · ").contains(" of " + size)
                .endsWith(String.format(" · %,d events", trace.bundle().events().size()));
    }
}
