package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A foreign file's previews import its part read so far again, each on the cores the import itself needs: they start
 * as the reading grows, and stop before they would have read more than half the file in all.
 */
class ImportPreviewBudgetTest {

    private static final long FILE = 500_000_000L;
    private static final long BLOCK = 256 * 1024;

    @TempDir
    Path dir;

    @Test
    void previewsOfAForeignFileReadAtMostHalfOfItInAll() throws Exception {
        List<Long> previewedParts = new ArrayList<>();
        ImportPreview preview = foreignFilePreview("rollout.jsonl");

        for (long read = BLOCK; read <= FILE; read += BLOCK) {
            long part = read;
            preview.read(read, FILE, stopped -> {
                previewedParts.add(part);
                // what matters here is which parts were asked for; a part that cannot be read leaves the next to come
                throw new java.io.IOException("not imported in this test");
            });
        }

        assertThat(previewedParts).as("a first frame at once, then the timeline filling in").hasSizeGreaterThanOrEqualTo(10)
                .startsWith(BLOCK).isSorted();
        assertThat(previewedParts.stream().mapToLong(Long::longValue).sum()).isLessThanOrEqualTo(FILE / 2);
        assertThat(previewedParts.getLast()).as("the largest part previewed").isGreaterThan(FILE / 8);
    }

    @Test
    void aFileSmallerThanTwoBlocksStillGetsItsFirstFrame() throws Exception {
        List<Long> previewedParts = new ArrayList<>();
        ImportPreview preview = foreignFilePreview("session.jsonl");

        preview.read(BLOCK, BLOCK + 1_000, stopped -> {
            previewedParts.add(BLOCK);
            throw new java.io.IOException("not imported in this test");
        });

        assertThat(previewedParts).containsExactly(BLOCK);
    }

    /** The preview of an import of a foreign file (no bundle directory), its previews prepared on the calling thread. */
    private ImportPreview foreignFilePreview(String name) throws Exception {
        ImportPreview preview = new ImportPreview(dir.resolve(name), new SameThreadTaskExecutor(), bundle -> null, shown -> {
        }, Progress.NONE, () -> false);
        preview.begin(name, null, null);
        return preview;
    }
}
