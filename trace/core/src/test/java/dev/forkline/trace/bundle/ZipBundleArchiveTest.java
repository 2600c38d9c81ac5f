package dev.forkline.trace.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.verify.Verifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZipBundleArchiveTest {

    @TempDir
    Path temp;

    private static final byte[] BLOB = "hello blob".getBytes(StandardCharsets.UTF_8);

    private static String manifest() {
        return Manifest.of("t1", "title", Instant.parse("2026-01-01T00:00:00Z"), "test").toJson().toString();
    }

    private static String events() {
        var trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        trace.add("r1", "agent:a", EventType.STATE_MUTATION, "{'path':'a','op':'create','before':null,'after':'" + Hashes.sha256(BLOB) + "'}");
        StringBuilder lines = new StringBuilder();
        for (Event event : trace.events()) {
            lines.append(EventCodec.toLine(event)).append('\n');
        }
        return lines.toString();
    }

    private static String blobEntry(byte[] content) {
        return "blobs/" + Hashes.sha256(content).substring(7);
    }

    /** A valid bundle's entries under {@code prefix}. */
    private static Map<String, byte[]> bundleEntries(String prefix) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put(prefix + "manifest.json", manifest().getBytes(StandardCharsets.UTF_8));
        entries.put(prefix + "trace.jsonl", events().getBytes(StandardCharsets.UTF_8));
        entries.put(prefix + blobEntry(BLOB), BLOB);
        return entries;
    }

    private Path zip(String name, Map<String, byte[]> entries, String symlinkName) throws IOException {
        Path file = temp.resolve(name);
        try (var out = new ZipArchiveOutputStream(file.toFile())) {
            for (var entry : entries.entrySet()) {
                ZipArchiveEntry zipEntry = new ZipArchiveEntry(entry.getKey());
                if (entry.getKey().equals(symlinkName)) {
                    zipEntry.setUnixMode(0120777);
                }
                out.putArchiveEntry(zipEntry);
                out.write(entry.getValue());
                out.closeArchiveEntry();
            }
        }
        return file;
    }

    @Test
    void readsAZippedBundleAtTheRootOrUnderOneFolder() throws Exception {
        for (String prefix : new String[] {"", "my-trace/"}) {
            Path file = zip("ok" + prefix.length() + ".zip", bundleEntries(prefix), null);
            try (Bundle bundle = BundleReader.read(file)) {
                assertThat(bundle.manifest().traceId()).isEqualTo("t1");
                assertThat(bundle.events()).hasSize(2);
                assertThat(bundle.lineOf(1)).isEqualTo(2);
                assertThat(bundle.blobs().read(Hashes.sha256(BLOB))).hasValue(BLOB);
                assertThat(Verifier.verify(bundle).ok()).isTrue();
            }
        }
    }

    private void rejected(Path file, String message) {
        assertThatThrownBy(() -> BundleReader.read(file).close()).isInstanceOf(TraceFormatException.class).hasMessageContaining(message);
    }

    @Test
    void rejectsParentSegments() throws Exception {
        Map<String, byte[]> entries = bundleEntries("");
        entries.put("blobs/../../evil", BLOB);
        rejected(zip("dotdot.zip", entries, null), "'..' path segment");
        Map<String, byte[]> backslashes = bundleEntries("");
        backslashes.put("..\\evil", BLOB);
        rejected(zip("backslash.zip", backslashes, null), "'..' path segment");
    }

    @Test
    void rejectsAbsolutePaths() throws Exception {
        Map<String, byte[]> entries = bundleEntries("");
        entries.put("/etc/passwd", BLOB);
        rejected(zip("abs.zip", entries, null), "absolute path");
        Map<String, byte[]> drive = bundleEntries("");
        drive.put("C:/evil", BLOB);
        rejected(zip("drive.zip", drive, null), "absolute path");
    }

    @Test
    void rejectsSymlinks() throws Exception {
        Map<String, byte[]> entries = bundleEntries("");
        String link = blobEntry("/etc/passwd".getBytes(StandardCharsets.UTF_8));
        entries.put(link, "/etc/passwd".getBytes(StandardCharsets.UTF_8));
        rejected(zip("link.zip", entries, link), "link in archive");
    }

    @Test
    void rejectsDuplicateNames() throws Exception {
        Path file = temp.resolve("dup.zip");
        try (var out = new ZipArchiveOutputStream(file.toFile())) {
            for (var entry : bundleEntries("").entrySet()) {
                out.putArchiveEntry(new ZipArchiveEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeArchiveEntry();
            }
            out.putArchiveEntry(new ZipArchiveEntry("trace.jsonl"));
            out.write("{}\n".getBytes(StandardCharsets.UTF_8));
            out.closeArchiveEntry();
        }
        rejected(file, "duplicate entry name");
    }

    @Test
    void rejectsAnEntryWhoseCompressionRatioMarksABomb() throws Exception {
        Map<String, byte[]> entries = bundleEntries("");
        byte[] zeros = new byte[20 * 1024 * 1024];
        entries.put(blobEntry(zeros), zeros);
        rejected(zip("bomb.zip", entries, null), "marks a zip bomb");
    }

    @Test
    void stopsAnEntryThatInflatesBeyondItsDeclaredSize() throws Exception {
        Map<String, byte[]> entries = bundleEntries("");
        byte[] zeros = new byte[300_000];
        String name = blobEntry(zeros);
        entries.put(name, zeros);
        Path file = zip("liar.zip", entries, null);
        declareSize(file, name, 1000);
        try (Bundle bundle = BundleReader.read(file)) {
            assertThatThrownBy(() -> bundle.blobs().read(Hashes.sha256(zeros))).isInstanceOf(IOException.class)
                    .hasMessageContaining("inflates beyond its declared size").hasMessageContaining("zip bomb");
            var report = Verifier.verify(bundle.events(), bundle.lines(), bundle.blobs(), java.util.List.of());
            assertThat(report.ok()).as("the trace itself is fine: the lying blob is not referenced").isTrue();
        }
    }

    /** Rewrites the uncompressed size an entry declares in its local and central headers. */
    private static void declareSize(Path zip, String entryName, int size) throws IOException {
        byte[] bytes = Files.readAllBytes(zip);
        byte[] name = entryName.getBytes(StandardCharsets.UTF_8);
        int patched = 0;
        for (int i = 0; i + 46 < bytes.length; i++) {
            boolean local = bytes[i] == 'P' && bytes[i + 1] == 'K' && bytes[i + 2] == 3 && bytes[i + 3] == 4;
            boolean central = bytes[i] == 'P' && bytes[i + 1] == 'K' && bytes[i + 2] == 1 && bytes[i + 3] == 2;
            int nameAt = local ? i + 30 : central ? i + 46 : -1;
            if (nameAt < 0 || nameAt + name.length > bytes.length
                    || !java.util.Arrays.equals(bytes, nameAt, nameAt + name.length, name, 0, name.length)) {
                continue;
            }
            int sizeAt = local ? i + 22 : i + 24;
            for (int b = 0; b < 4; b++) {
                bytes[sizeAt + b] = (byte) (size >>> (8 * b));
            }
            patched++;
        }
        assertThat(patched).isEqualTo(2);
        Files.write(zip, bytes);
    }

    @Test
    void rejectsWhatIsNotABundle() throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("readme.txt", BLOB);
        rejected(zip("nobundle.zip", entries, null), "holds no manifest.json");
        Path garbage = temp.resolve("garbage.zip");
        Files.write(garbage, new byte[] {'P', 'K', 3, 4, 1, 2, 3});
        rejected(garbage, "not a readable zip archive");
    }
}
