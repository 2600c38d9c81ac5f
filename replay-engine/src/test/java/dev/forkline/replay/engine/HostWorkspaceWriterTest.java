package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.WorkspaceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HostWorkspaceWriterTest {

    @TempDir
    Path tmp;

    private static WorkspaceFile file(String path, String content, int mode) {
        return WorkspaceFile.regular(path, content.getBytes(StandardCharsets.UTF_8), mode);
    }

    @Test
    void writesFilesWithModesAndLinksThatStayInside() throws Exception {
        Path out = tmp.resolve("restored");
        HostWorkspaceWriter.Written written = HostWorkspaceWriter.write(out, List.of(
                file("src/run.sh", "#!/bin/sh\n", 0755), file("README", "hi\n", 0644),
                WorkspaceFile.symlink("src/latest", "run.sh"), WorkspaceFile.symlink("escape", "../../etc/passwd"),
                WorkspaceFile.symlink("absolute", "/etc/passwd")));
        assertThat(written.files()).isEqualTo(2);
        assertThat(written.links()).isEqualTo(1);
        assertThat(written.skipped()).hasSize(2).allMatch(s -> s.contains("outside the directory"));
        assertThat(Files.readString(out.resolve("src/run.sh"))).isEqualTo("#!/bin/sh\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("src/run.sh")))).isEqualTo("rwxr-xr-x");
        assertThat(Files.readSymbolicLink(out.resolve("src/latest"))).isEqualTo(Path.of("run.sh"));
        assertThat(Files.exists(out.resolve("escape"), java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void neverWritesThroughALinkItCreated() throws Exception {
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Path out = tmp.resolve("restored");
        // "d" is a link to a directory inside; "d/x" would be written through it
        assertThatThrownBy(() -> HostWorkspaceWriter.write(out, List.of(
                file("real/keep", "k", 0644), WorkspaceFile.symlink("d", "real"), file("d/x", "x", 0644))))
                .hasMessageContaining("symbolic link");
        assertThat(outside).isEmptyDirectory();
        assertThat(out.resolve("real/x")).doesNotExist();
    }

    @Test
    void refusesANonEmptyDirectoryAndALinkedTarget() throws Exception {
        Path busy = Files.createDirectory(tmp.resolve("busy"));
        Files.writeString(busy.resolve("keep"), "mine");
        assertThatThrownBy(() -> HostWorkspaceWriter.write(busy, List.of(file("a", "a", 0644))))
                .isInstanceOf(FileAlreadyExistsException.class);
        Path link = Files.createSymbolicLink(tmp.resolve("link"), busy);
        assertThatThrownBy(() -> HostWorkspaceWriter.write(link, List.of(file("a", "a", 0644)))).hasMessageContaining("symbolic link");
        assertThat(Files.readString(busy.resolve("keep"))).isEqualTo("mine");
    }

    @Test
    void pathsThatClimbOutAreRefusedBeforeAnythingIsWritten() {
        assertThatThrownBy(() -> WorkspaceFile.regular("../evil", new byte[0], 0644)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WorkspaceFile.regular("/etc/evil", new byte[0], 0644)).isInstanceOf(IllegalArgumentException.class);
    }
}
