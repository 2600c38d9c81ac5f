package dev.forkline.replay.docker;

import dev.forkline.replay.sandbox.*;
import dev.forkline.trace.Hashes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The listing on an image with GNU tools (one pass, changed files sent along) against busybox's loop and the archive API. */
@Tag("docker")
class GnuListingTest {

    private static final Duration CALL = Duration.ofSeconds(30);
    private static final List<WorkspaceFile> FILES = List.of(
            WorkspaceFile.regular("a.txt", bytes("a\n"), 0644),
            WorkspaceFile.regular("b.txt", bytes("b\n"), 0644),
            WorkspaceFile.regular("c.sh", bytes("c\n"), 0644),
            WorkspaceFile.regular("e.txt", bytes("e\n"), 0644),
            WorkspaceFile.regular("odd/with space and\nnewline", new byte[] {0, 1, 2, (byte) 255}, 0600),
            WorkspaceFile.regular("odd/back\\slash", bytes("\\\n"), 0640),
            WorkspaceFile.regular("bin/run.sh", bytes("#!/bin/sh\n"), 0755),
            WorkspaceFile.symlink("link-to-a", "a.txt"));

    private DockerEngine engine;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
        DockerTestSupport.ensureImage(engine, SandboxImages.DEBIAN);
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    private DockerSandbox start(String image) {
        return DockerSandbox.start(engine, IsolationBoundary.strict().withImage(image), new SandboxLabels("test-session", "r1"), FILES);
    }

    @Test
    void bothImagesListTheSameWorkspaceAlikeAndAsTheArchiveHoldsIt() {
        WorkspaceManifest gnu;
        try (DockerSandbox sandbox = start(SandboxImages.DEBIAN)) {
            gnu = sandbox.listedAtStart().orElseThrow();
            sandbox.exec(List.of("true"), null, Map.of(), CALL);
            assertThat(sandbox.manifest()).as("listed again by an exec").isEqualTo(gnu);
            assertMatchesArchive(gnu, sandbox.pullWorkspace());
        }
        try (DockerSandbox sandbox = start(IsolationBoundary.strict().image())) {
            assertThat(sandbox.listedAtStart().orElseThrow()).as("busybox's loop").isEqualTo(gnu);
        }
    }

    @Test
    void aListingAfterACallHashesAndSendsWhatChanged() {
        try (DockerSandbox sandbox = start(SandboxImages.DEBIAN)) {
            WorkspaceManifest before = sandbox.manifest();
            ExecResult call = sandbox.exec(List.of("sh", "-c", "echo changed > a.txt; rm b.txt; chmod 755 c.sh; touch e.txt;"
                    + " echo new > 'odd/new\nfile'; head -c 1100000 /dev/zero > big.bin; echo secret > locked; chmod 000 locked;"
                    + " ln -sf b.txt link-to-a"), null, Map.of(), CALL);
            assertThat(call.exitCode()).as(call.stderrText()).isZero();

            WorkspaceListing listed = sandbox.list();
            WorkspaceManifest after = listed.manifest();
            assertMatchesArchive(after, sandbox.pullWorkspace());
            assertThat(after.get("locked").sha256()).as("unreadable by the sandbox user").isNull();
            assertThat(before.changesTo(after)).extracting(WorkspaceManifest.Change::path, WorkspaceManifest.Change::kind).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("a.txt", WorkspaceManifest.ChangeKind.MODIFY),
                    org.assertj.core.groups.Tuple.tuple("b.txt", WorkspaceManifest.ChangeKind.DELETE),
                    org.assertj.core.groups.Tuple.tuple("big.bin", WorkspaceManifest.ChangeKind.CREATE),
                    org.assertj.core.groups.Tuple.tuple("c.sh", WorkspaceManifest.ChangeKind.MODE),
                    org.assertj.core.groups.Tuple.tuple("link-to-a", WorkspaceManifest.ChangeKind.MODIFY),
                    org.assertj.core.groups.Tuple.tuple("locked", WorkspaceManifest.ChangeKind.CREATE),
                    org.assertj.core.groups.Tuple.tuple("odd/new\nfile", WorkspaceManifest.ChangeKind.CREATE));
            // An unchanged file may be sent again when its change time is not older than the previous listing (same clock
            // tick): the listing errs on the side of hashing. What must never be sent: the large, the unreadable, the gone.
            assertThat(listed.contents().keySet()).as("changed, readable and below the limit")
                    .contains("a.txt", "odd/new\nfile").doesNotContain("big.bin", "locked", "b.txt", "link-to-a");
            assertThat(listed.contents().get("odd/new\nfile")).isEqualTo(bytes("new\n"));

            WorkspaceListing quiet = sandbox.list();
            assertThat(quiet.manifest()).isEqualTo(after);
        }
    }

    private static void assertMatchesArchive(WorkspaceManifest manifest, Map<String, WorkspaceFile> pulled) {
        assertThat(manifest.entries().keySet()).containsExactlyInAnyOrderElementsOf(pulled.keySet());
        pulled.forEach((path, file) -> {
            ManifestEntry entry = manifest.get(path);
            if (file.isSymlink()) {
                assertThat(entry.linkTarget()).as(path).isEqualTo(file.linkTarget());
            } else {
                if (entry.sha256() != null) {
                    assertThat(entry.sha256()).as(path).isEqualTo(Hashes.sha256(file.content()));
                }
                assertThat(entry.mode()).as(path).isEqualTo(file.mode());
                assertThat(entry.size()).as(path).isEqualTo(file.content().length);
            }
        });
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
