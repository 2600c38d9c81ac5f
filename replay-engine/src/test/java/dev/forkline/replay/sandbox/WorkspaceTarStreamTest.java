package dev.forkline.replay.sandbox;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkspaceTarStreamTest {

    private static final byte[] LARGE = new byte[WorkspaceTarStream.SLICE * 2 + 12_345];

    static {
        new Random(7).nextBytes(LARGE);
    }

    private static final List<WorkspaceFile> FILES = List.of(
            WorkspaceFile.regular("README.md", "hello\n".getBytes(StandardCharsets.UTF_8), 0644),
            WorkspaceFile.regular("src/deep/large.bin", LARGE, 0600),
            WorkspaceFile.regular("src/empty", new byte[0], 0755),
            WorkspaceFile.symlink("src/link", "deep/large.bin"),
            WorkspaceFile.regular("a/" + "long-name-".repeat(20) + ".txt", new byte[]{1, 2, 3}, 0644));

    private static byte[] readAll(InputStream in, int bufferSize) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[bufferSize];
        for (int n; (n = in.read(buffer, 0, bufferSize)) >= 0; ) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    private record Read(String name, int mode, long uid, long gid, byte[] content, String link, boolean directory) {
    }

    private static List<Read> entries(byte[] tar) throws IOException {
        List<Read> entries = new ArrayList<>();
        try (TarArchiveInputStream in = new TarArchiveInputStream(new ByteArrayInputStream(tar))) {
            for (TarArchiveEntry e; (e = in.getNextEntry()) != null; ) {
                entries.add(new Read(e.getName(), e.getMode(), e.getLongUserId(), e.getLongGroupId(), in.readAllBytes(),
                        e.isSymbolicLink() ? e.getLinkName() : null, e.isDirectory()));
            }
        }
        return entries;
    }

    @Test
    void directoriesComeFirstThenEveryFileWithItsContentModeAndOwner() throws IOException {
        List<Read> entries = entries(readAll(new WorkspaceTarStream(FILES, 10001, 10002), 64 * 1024));
        assertThat(entries).extracting(Read::name).containsExactly("a/", "src/", "src/deep/", "README.md", "src/deep/large.bin",
                "src/empty", "src/link", FILES.get(4).path());
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.uid()).isEqualTo(10001);
            assertThat(e.gid()).isEqualTo(10002);
        });
        Map<String, Read> byName = new LinkedHashMap<>();
        entries.forEach(e -> byName.put(e.name(), e));
        assertThat(byName.get("src/").directory()).isTrue();
        assertThat(byName.get("src/deep/large.bin").content()).isEqualTo(LARGE);
        assertThat(byName.get("src/deep/large.bin").mode() & 07777).isEqualTo(0600);
        assertThat(byName.get("src/empty").content()).isEmpty();
        assertThat(byName.get("src/empty").mode() & 07777).isEqualTo(0755);
        assertThat(byName.get("src/link").link()).isEqualTo("deep/large.bin");
        assertThat(byName.get(FILES.get(4).path()).content()).containsExactly(1, 2, 3);
    }

    @Test
    void theBytesDoNotDependOnHowTheyAreRead() throws IOException {
        List<WorkspaceFile> small = List.of(FILES.get(0), FILES.get(2), FILES.get(3), FILES.get(4));
        byte[] whole = readAll(new WorkspaceTarStream(FILES, 1, 1), 1 << 20);
        assertThat(readAll(new WorkspaceTarStream(FILES, 1, 1), 4096)).isEqualTo(whole);
        assertThat(readAll(new WorkspaceTarStream(FILES, 1, 1), 777)).isEqualTo(whole);
        ByteArrayOutputStream byByte = new ByteArrayOutputStream();
        try (InputStream in = new WorkspaceTarStream(small, 1, 1)) {
            for (int b; (b = in.read()) >= 0; ) {
                byByte.write(b);
            }
        }
        assertThat(byByte.toByteArray()).isEqualTo(readAll(new WorkspaceTarStream(small, 1, 1), 8192));
        assertThat(whole.length % 512).as("whole tar records").isZero();
    }

    @Test
    void anEmptyWorkspaceIsAnEmptyArchive() throws IOException {
        byte[] tar = readAll(new WorkspaceTarStream(List.of(), 1, 1), 4096);
        assertThat(tar).isNotEmpty();
        assertThat(entries(tar)).isEmpty();
    }

    @Test
    void aClosedStreamRefusesToBeRead() throws IOException {
        WorkspaceTarStream stream = new WorkspaceTarStream(FILES, 1, 1);
        assertThat(stream.read(new byte[10], 0, 10)).isEqualTo(10);
        stream.close();
        assertThatThrownBy(() -> stream.read(new byte[10], 0, 10)).isInstanceOf(IOException.class);
    }
}
