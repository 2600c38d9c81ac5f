package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** An import's blobs beyond the memory budget: equal when read back, in the order added, never left on disk. */
class SpilledBlobsTest {

    @TempDir
    Path folder;

    private static byte[] text(String content) {
        return content.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void blobsBeyondTheBudgetAreReadBackFromTheFileInTheOrderAdded() throws IOException {
        SpilledBlobs blobs = new SpilledBlobs(10, folder);
        String small = blobs.put(text("0123456789"));
        assertThat(blobs.handedOut()).isInstanceOf(MemoryBlobStore.class);
        String first = blobs.put(text("first beyond the budget"));
        String second = blobs.put(text("second"));
        assertThat(blobs.put(text("first beyond the budget"))).isEqualTo(first);
        assertThat(first).isEqualTo(Hashes.sha256(text("first beyond the budget")));
        assertThat(blobs.handedOut()).isSameAs(blobs);
        assertThat(blobs.contains(small)).isTrue();
        assertThat(blobs.contains(second)).isTrue();
        assertThat(blobs.contains(Hashes.sha256(text("never added")))).isFalse();
        assertThat(blobs.read(first)).hasValueSatisfying(content -> assertThat(content).isEqualTo(text("first beyond the budget")));
        assertThat(blobs.read(second)).hasValueSatisfying(content -> assertThat(content).isEqualTo(text("second")));
        assertThat(blobs.read(small)).hasValueSatisfying(content -> assertThat(content).isEqualTo(text("0123456789")));
        assertThat(blobs.read(Hashes.sha256(text("never added")))).isEmpty();
        List<String> all = new ArrayList<>();
        blobs.forEach(content -> all.add(new String(content, StandardCharsets.UTF_8)));
        assertThat(all).containsExactly("0123456789", "first beyond the budget", "second");
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "an open file cannot be deleted there; it is deleted when closed instead")
    void theFileIsNeverLeftInItsFolder() throws IOException {
        SpilledBlobs blobs = new SpilledBlobs(0, folder);
        blobs.put(text("spilled"));
        try (Stream<Path> left = Files.list(folder)) {
            assertThat(left).isEmpty();
        }
        assertThat(blobs.read(Hashes.sha256(text("spilled")))).isPresent();
    }
}
