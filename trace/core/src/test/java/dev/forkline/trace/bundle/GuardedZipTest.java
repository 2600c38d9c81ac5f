package dev.forkline.trace.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuardedZipTest {

    private static final GuardedZip.Limits ROOMY = new GuardedZip.Limits(100, 1024 * 1024);

    @TempDir
    Path temp;

    private Path zip(String... namesAndContents) throws IOException {
        Path file = temp.resolve("a.zip");
        try (var out = new ZipArchiveOutputStream(file.toFile())) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                out.putArchiveEntry(new ZipArchiveEntry(namesAndContents[i]));
                out.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                out.closeArchiveEntry();
            }
        }
        return file;
    }

    @Test
    void listsFileEntriesInArchiveOrderAndReadsThem() throws Exception {
        Path file = zip("b.json", "{}", "dir/", "", "dir/a.txt", "hello");
        assertThat(GuardedZip.isZip(file)).isTrue();
        try (GuardedZip zip = GuardedZip.open(file, ROOMY)) {
            assertThat(zip.names()).containsExactly("b.json", "dir/a.txt");
            assertThat(zip.has("dir/a.txt")).isTrue();
            assertThat(zip.has("dir/")).as("directories are not files").isFalse();
            try (InputStream in = zip.open("dir/a.txt")) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("hello");
            }
            assertThatThrownBy(() -> zip.open("missing.json")).isInstanceOf(TraceFormatException.class)
                    .hasMessageContaining("the archive holds no missing.json");
        }
    }

    @Test
    void enforcesTheCallersLimits() throws Exception {
        Path file = zip("a", "1", "b", "2", "c", "3");
        assertThatThrownBy(() -> GuardedZip.open(file, new GuardedZip.Limits(2, 1024)).close())
                .isInstanceOf(TraceFormatException.class).hasMessageContaining("more than 2 entries");
        Path big = zip("big.txt", "x".repeat(2000));
        assertThatThrownBy(() -> GuardedZip.open(big, new GuardedZip.Limits(10, 1000)).close())
                .isInstanceOf(TraceFormatException.class).hasMessageContaining("big.txt").hasMessageContaining("more than the limit of 1000");
    }

    @Test
    void rejectsTraversalAndDuplicatesNamingTheEntry() throws Exception {
        assertThatThrownBy(() -> GuardedZip.open(zip("ok", "1", "x/../../evil", "2"), ROOMY).close())
                .isInstanceOf(TraceFormatException.class).hasMessageContaining("x/../../evil").hasMessageContaining("'..'");
        assertThatThrownBy(() -> GuardedZip.open(zip("same", "1", "same", "2"), ROOMY).close())
                .isInstanceOf(TraceFormatException.class).hasMessageContaining("same").hasMessageContaining("duplicate entry name");
    }

    @Test
    void corruptCompressedDataNamesTheArchiveAndEntry() throws Exception {
        Path file = zip("data.txt", "some text that deflate compresses ".repeat(50));
        byte[] bytes = Files.readAllBytes(file);
        int nameLength = (bytes[26] & 0xFF) | (bytes[27] & 0xFF) << 8;
        int extraLength = (bytes[28] & 0xFF) | (bytes[29] & 0xFF) << 8;
        bytes[30 + nameLength + extraLength] = (byte) 0xFF; // a final block of the reserved type 11
        Files.write(file, bytes);
        try (GuardedZip zip = GuardedZip.open(file, ROOMY); InputStream in = zip.open("data.txt")) {
            assertThatThrownBy(in::readAllBytes).isInstanceOf(IOException.class)
                    .hasMessageContaining("a.zip!/data.txt").hasMessageContaining("unreadable archive entry");
        }
    }

    @Test
    void aFileThatIsNotAZipIsNeitherSniffedNorOpened() throws Exception {
        Path text = temp.resolve("t.json");
        Files.writeString(text, "{}");
        assertThat(GuardedZip.isZip(text)).isFalse();
        assertThat(GuardedZip.isZip(temp)).isFalse();
        assertThatThrownBy(() -> GuardedZip.open(text, ROOMY).close()).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("not a readable zip archive");
    }
}
