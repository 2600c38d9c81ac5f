package dev.forkline.replay.docker;

import dev.forkline.replay.sandbox.*;
import com.github.dockerjava.api.command.InspectContainerResponse;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Tag("docker")
class SandboxTest {

    private static final Duration CALL = Duration.ofSeconds(30);

    private DockerEngine engine;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    private DockerSandbox start(List<WorkspaceFile> files) {
        return DockerSandbox.start(engine, IsolationBoundary.strict(), new SandboxLabels("test-session", "r1"), files);
    }

    private ExecResult sh(Sandbox sandbox, String script) {
        return sandbox.exec(List.of("sh", "-c", script), null, Map.of(), CALL);
    }

    @Test
    void egressFailsBecauseThereIsNoNetworkButLoopback() {
        try (DockerSandbox sandbox = start(List.of())) {
            // network none: no route exists, so these fail locally and nothing leaves the machine
            // (no -T: busybox 1.35 wget crashes with a timeout option)
            ExecResult wget = sh(sandbox, "wget -O - http://1.1.1.1/");
            assertThat(wget.exitCode()).isNotZero();
            assertThat(wget.stderrText()).containsIgnoringCase("unreachable");
            ExecResult nc = sh(sandbox, "echo x | nc -w 3 1.1.1.1 53");
            assertThat(nc.exitCode()).isNotZero();
            assertThat(sh(sandbox, "ls /sys/class/net").stdoutText().strip()).isEqualTo("lo");
        }
    }

    @Test
    void writesOutsideTheWorkspaceFailAndTheUserIsNotRoot() {
        try (DockerSandbox sandbox = start(List.of())) {
            assertThat(sh(sandbox, "id -u").stdoutText().strip()).isEqualTo("10001");
            for (String target : List.of("/etc/forkline", "/forkline", "/bin/forkline", "/home/forkline/x")) {
                ExecResult write = sh(sandbox, "echo escape > " + target);
                assertThat(write.exitCode()).as("write to %s", target).isNotZero();
                assertThat(write.stderrText()).as("write to %s", target).containsIgnoringCase("read-only file system");
            }
            assertThat(sh(sandbox, "echo ok > /workspace/inside && cat /workspace/inside").stdoutText()).isEqualTo("ok\n");
            assertThat(sh(sandbox, "echo ok > /tmp/scratch && cat /tmp/scratch").stdoutText()).isEqualTo("ok\n");
            ExecResult capabilities = sh(sandbox, "grep CapEff /proc/self/status");
            assertThat(capabilities.stdoutText()).contains("0000000000000000");
        }
    }

    @Test
    void memoryAndProcessLimitsApplyAsInspectedAndAsSeenInside() {
        IsolationBoundary boundary = IsolationBoundary.strict().withLimits(96L * 1024 * 1024, 500_000_000L, 64);
        try (DockerSandbox sandbox = DockerSandbox.start(engine, boundary, new SandboxLabels("test-session", "r1"), List.of())) {
            InspectContainerResponse inspected = engine.client().inspectContainerCmd(sandbox.containerId()).exec();
            assertThat(inspected.getHostConfig().getMemory()).isEqualTo(96L * 1024 * 1024);
            assertThat(inspected.getHostConfig().getPidsLimit()).isEqualTo(64L);
            assertThat(inspected.getHostConfig().getNanoCPUs()).isEqualTo(500_000_000L);
            assertThat(inspected.getHostConfig().getReadonlyRootfs()).isTrue();
            assertThat(inspected.getHostConfig().getNetworkMode()).isEqualTo("none");
            String memory = sh(sandbox, "cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.max")
                    .stdoutText().strip();
            String pids = sh(sandbox, "cat /sys/fs/cgroup/pids/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids.max").stdoutText().strip();
            assertThat(memory).isEqualTo(Long.toString(96L * 1024 * 1024));
            assertThat(pids).isEqualTo("64");
        }
    }

    @Test
    void aCallPastItsTimeoutIsKilled() {
        try (DockerSandbox sandbox = start(List.of())) {
            ExecResult slow = sandbox.exec(List.of("sleep", "100"), null, Map.of(), Duration.ofSeconds(2));
            assertThat(slow.timedOut()).isTrue();
            assertThat(slow.exitCode()).isEqualTo(137);
            assertThat(slow.oomKilled()).isFalse();
            assertThat(slow.durationMs()).isBetween(1_900L, 15_000L);
            assertThat(sh(sandbox, "ps -o comm | grep -c '^sleep$' || true").stdoutText().strip())
                    .as("only the idle init sleeps").isEqualTo("1");
            assertThat(sh(sandbox, "echo alive").stdoutText()).isEqualTo("alive\n");
        }
    }

    @Test
    void outputBeyondTheLimitIsCutAndFlagged() {
        try (DockerSandbox sandbox = start(List.of())) {
            ExecResult big = sh(sandbox, "yes 0123456789 | head -c 3000000; echo tail >&2");
            assertThat(big.stdout()).hasSize(Sandbox.OUTPUT_LIMIT);
            assertThat(big.stdoutTruncated()).isTrue();
            assertThat(big.stderrText()).isEqualTo("tail\n");
            assertThat(big.stderrTruncated()).isFalse();
        }
    }

    @Test
    void filesGoInAsTarAndComeBackWithTheSameBytesModesAndHashes() {
        List<WorkspaceFile> files = List.of(
                WorkspaceFile.regular("README.md", "hello\n".getBytes(StandardCharsets.UTF_8), 0644),
                WorkspaceFile.regular("bin/run.sh", "#!/bin/sh\necho run\n".getBytes(StandardCharsets.UTF_8), 0755),
                WorkspaceFile.regular("odd/with space and\nnewline", new byte[]{0, 1, 2, (byte) 255}, 0600),
                WorkspaceFile.regular("odd/-dash", new byte[0], 0644),
                WorkspaceFile.regular("odd/ünïcødé.txt", "ü".getBytes(StandardCharsets.UTF_8), 0640),
                WorkspaceFile.symlink("link-to-readme", "README.md"));
        try (DockerSandbox sandbox = start(files)) {
            assertThat(sh(sandbox, "./bin/run.sh").stdoutText()).isEqualTo("run\n");
            assertThat(sh(sandbox, "stat -c %U:%G /workspace/bin /workspace/README.md").stdoutText())
                    .isEqualTo("forkline:forkline\nforkline:forkline\n");

            WorkspaceManifest manifest = sandbox.manifest();
            assertThat(manifest.entries().keySet()).containsExactlyInAnyOrder(
                    "README.md", "bin/run.sh", "odd/with space and\nnewline", "odd/-dash", "odd/ünïcødé.txt", "link-to-readme");
            for (WorkspaceFile file : files) {
                ManifestEntry entry = manifest.get(file.path());
                if (file.isSymlink()) {
                    assertThat(entry.linkTarget()).isEqualTo(file.linkTarget());
                } else {
                    assertThat(entry.sha256()).as(file.path()).isEqualTo(Hashes.sha256(file.content()));
                    assertThat(entry.mode()).as(file.path()).isEqualTo(file.mode());
                    assertThat(entry.size()).isEqualTo(file.content().length);
                }
            }

            Map<String, WorkspaceFile> pulled = sandbox.pullWorkspace();
            for (WorkspaceFile file : files) {
                WorkspaceFile back = pulled.get(file.path());
                assertThat(back).as(file.path()).isNotNull();
                assertThat(back.content()).isEqualTo(file.content());
                assertThat(back.linkTarget()).isEqualTo(file.linkTarget());
                if (!file.isSymlink()) {
                    assertThat(back.mode()).isEqualTo(file.mode());
                }
            }
            assertThat(sandbox.pullFiles(List.of("bin/run.sh", "absent"))).containsOnlyKeys("bin/run.sh");
        }
    }

    @Test
    void theInitListsTheWorkspaceAtStartAsAnExecWouldUntilSomethingRuns() {
        List<WorkspaceFile> files = List.of(
                WorkspaceFile.regular("E", "looks like the end record".getBytes(StandardCharsets.UTF_8), 0644),
                WorkspaceFile.regular("bin/run.sh", "#!/bin/sh\necho run\n".getBytes(StandardCharsets.UTF_8), 0755),
                WorkspaceFile.regular("odd/with space and\nnewline", new byte[]{0, 1, 2, (byte) 255}, 0600),
                WorkspaceFile.symlink("link-to-run", "bin/run.sh"));
        try (DockerSandbox sandbox = start(files)) {
            WorkspaceManifest atStart = sandbox.listedAtStart().orElseThrow();
            assertThat(sandbox.manifest()).isSameAs(atStart);
            assertThat(atStart.entries().keySet()).containsExactlyInAnyOrder("E", "bin/run.sh", "odd/with space and\nnewline", "link-to-run");
            assertThat(atStart.get("bin/run.sh").sha256()).isEqualTo(Hashes.sha256(files.get(1).content()));
            assertThat(sh(sandbox, "ps -o pid,comm | awk '$1 == 1 {print $2}'").stdoutText().strip()).as("the init is idle").isEqualTo("sleep");
            assertThat(sandbox.listedAtStart()).as("a call may have changed the workspace").isEmpty();
            assertThat(sandbox.manifest()).as("read again by an exec").isEqualTo(atStart);
        }
        try (DockerSandbox sandbox = start(files)) {
            sandbox.putFiles(List.of(WorkspaceFile.regular("more.txt", new byte[]{1}, 0644)));
            assertThat(sandbox.listedAtStart()).isEmpty();
            assertThat(sandbox.manifest().entries()).containsKey("more.txt");
        }
    }

    @Test
    void manifestChangesShowWhatACallDid() {
        try (DockerSandbox sandbox = start(List.of(
                WorkspaceFile.regular("a.txt", "a".getBytes(StandardCharsets.UTF_8), 0644),
                WorkspaceFile.regular("b.txt", "b".getBytes(StandardCharsets.UTF_8), 0644),
                WorkspaceFile.regular("c.sh", "c".getBytes(StandardCharsets.UTF_8), 0644)))) {
            WorkspaceManifest before = sandbox.manifest();
            sh(sandbox, "echo changed > a.txt; rm b.txt; chmod 755 c.sh; echo new > d.txt");
            List<WorkspaceManifest.Change> changes = before.changesTo(sandbox.manifest());
            assertThat(changes).extracting(WorkspaceManifest.Change::path, WorkspaceManifest.Change::kind).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("a.txt", WorkspaceManifest.ChangeKind.MODIFY),
                    org.assertj.core.groups.Tuple.tuple("b.txt", WorkspaceManifest.ChangeKind.DELETE),
                    org.assertj.core.groups.Tuple.tuple("c.sh", WorkspaceManifest.ChangeKind.MODE),
                    org.assertj.core.groups.Tuple.tuple("d.txt", WorkspaceManifest.ChangeKind.CREATE));
        }
    }

    @Test
    void replacingTheWorkspaceRestoresExactlyTheGivenFiles() {
        try (DockerSandbox sandbox = start(List.of(WorkspaceFile.regular("keep.txt", "v1".getBytes(StandardCharsets.UTF_8), 0644)))) {
            sh(sandbox, "mkdir -p junk/deep && echo x > junk/deep/y && echo v2 > keep.txt && echo h > .hidden");
            sandbox.replaceWorkspace(List.of(WorkspaceFile.regular("keep.txt", "v1".getBytes(StandardCharsets.UTF_8), 0644)));
            assertThat(sandbox.manifest().entries().keySet()).containsExactly("keep.txt");
            assertThat(sh(sandbox, "cat keep.txt").stdoutText()).isEqualTo("v1");
        }
    }

    @Test
    void aWorkspaceTheImageDoesNotPrepareIsStillWritableByTheSandboxUser() {
        IsolationBoundary elsewhere = new IsolationBoundary(IsolationBoundary.DEFAULT_IMAGE, "none", "10001:10001", true,
                List.of("ALL"), true, 256L << 20, 1_000_000_000L, 128, 16L << 20, "/data");
        String imageId = engine.client().inspectImageCmd(IsolationBoundary.DEFAULT_IMAGE).exec().getId();
        // the second start knows the owner (root) from the first and must still open the directory up
        for (int start = 1; start <= 2; start++) {
            try (DockerSandbox sandbox = DockerSandbox.start(engine, elsewhere, new SandboxLabels("test-session", "r1"),
                    List.of(WorkspaceFile.regular("in.txt", "x".getBytes(StandardCharsets.UTF_8), 0644)))) {
                ExecResult write = sh(sandbox, "echo y > /data/new.txt && cat /data/in.txt /data/new.txt && pwd");
                assertThat(write.stdoutText()).as("start %d", start).isEqualTo("xy\n/data\n");
                assertThat(sandbox.manifest().entries().keySet()).containsExactly("in.txt", "new.txt");
            }
            assertThat(WorkspaceOwners.known(imageId, "/data")).as("learnt from the first start").hasValue(0);
        }
    }

    @Test
    void theWorkspaceOwnerIsLearntFromTheFirstSandboxOfAnImage() {
        String imageId = engine.client().inspectImageCmd(IsolationBoundary.DEFAULT_IMAGE).exec().getId();
        try (DockerSandbox sandbox = start(List.of())) {
            assertThat(WorkspaceOwners.known(imageId, IsolationBoundary.WORKSPACE)).hasValue(10001);
            assertThat(sh(sandbox, "stat -c %u /workspace").stdoutText().strip()).isEqualTo("10001");
        }
        assertThat(WorkspaceOwners.known("sha256:not-an-image", IsolationBoundary.WORKSPACE)).isEmpty();
        assertThat(WorkspaceOwners.known(null, IsolationBoundary.WORKSPACE)).isEmpty();
    }

    @Test
    void aKilledContainerIsReportedLostWithItsState() {
        try (DockerSandbox sandbox = start(List.of())) {
            Thread killer = Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                sandbox.kill();
            });
            assertThatThrownBy(() -> sandbox.exec(List.of("sleep", "30"), null, Map.of(), CALL))
                    .isInstanceOfSatisfying(SandboxLostException.class, lost -> {
                        assertThat(lost.state().running()).isFalse();
                        assertThat(lost.state().exitCode()).isEqualTo(137);
                    });
            killer.interrupt();
            assertThat(sandbox.state().running()).isFalse();
        }
    }

    @Test
    void aCallThatKillsItselfInALiveSandboxIsAResultNotALoss() {
        try (DockerSandbox sandbox = start(List.of())) {
            ExecResult killed = sh(sandbox, "kill -KILL $$");
            assertThat(killed.exitCode()).isEqualTo(137);
            assertThat(killed.timedOut()).isFalse();
            assertThat(killed.oomKilled()).as("killed, but not for memory").isFalse();
            assertThat(sh(sandbox, "echo alive").stdoutText()).isEqualTo("alive\n");
        }
    }

    @Test
    void aContainerThatStoppedBetweenCallsIsReportedLostByTheNextCall() {
        try (DockerSandbox sandbox = start(List.of())) {
            assertThat(sh(sandbox, "true").exitCode()).isZero();
            sandbox.kill();
            assertThatThrownBy(() -> sh(sandbox, "true"))
                    .isInstanceOfSatisfying(SandboxLostException.class, lost -> assertThat(lost.state().running()).isFalse());
        }
    }

    @Test
    void theEnvironmentIdentityIsReadFromTheContainer() {
        try (DockerSandbox sandbox = start(List.of())) {
            EnvironmentIdentity identity = sandbox.identity();
            assertThat(identity.image()).isEqualTo(IsolationBoundary.DEFAULT_IMAGE);
            assertThat(identity.imageId()).startsWith("sha256:");
            assertThat(identity.os()).contains("BusyBox");
            assertThat(identity.user()).startsWith("uid=10001(forkline)");
            assertThat(identity.toJson(sandbox.boundary()).path("isolation").path("network").asText()).isEqualTo("none");
        }
    }
}
