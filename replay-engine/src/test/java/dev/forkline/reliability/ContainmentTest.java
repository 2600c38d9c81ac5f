package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.DockerTestSupport;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.sandbox.SandboxLabels;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.lint.LintCodes;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.verify.Verifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Containment: escape attempts run in the default boundary ({@link IsolationBoundary#strict()}, image forkline/sandbox:1).
 * Each is contained, the host is unaffected (sentinel file unchanged, memory and processes fine), Forkline still
 * answers (engine ping and a fresh sandbox's exec), and the attempt is recorded as an escape.attempt event with
 * blocked=true in a trace that verifies and lints without escape-not-blocked.
 */
@Tag("docker")
class ContainmentTest {

    private static final Duration CALL = Duration.ofSeconds(20);
    private static final long HOST_MEMORY_FLOOR = 256L * 1024 * 1024;

    @TempDir
    static Path hostDir;

    private static HostWatch host;
    private static EscapeLedger ledger;
    private static int contained;

    private DockerEngine engine;

    @BeforeAll
    static void ledger() throws Exception {
        host = new HostWatch(hostDir);
        ledger = new EscapeLedger(IsolationBoundary.strict().toJson());
    }

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
    }

    @AfterEach
    void hostUnaffectedAndForklineResponsive() throws Exception {
        if (engine == null) {
            return; // skipped: no engine answered
        }
        assertThat(host.sentinelUnchanged()).as("host sentinel file").isTrue();
        assertThat(HostWatch.availableMemoryBytes()).as("host available memory").isGreaterThan(HOST_MEMORY_FLOOR);
        engine.ping();
        try (Sandbox fresh = start()) {
            assertThat(exec(fresh, "echo alive").stdoutText()).isEqualTo("alive\n");
        }
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    @AfterAll
    static void theTraceRecordsEveryAttemptAsBlocked() throws Exception {
        List<Event> events = ledger.events();
        assertThat(Verifier.verify(events, null, null, List.of()).problems()).isEmpty();
        assertThat(Linter.lint(dev.forkline.trace.index.TraceIndex.of(events), null).stream().map(f -> f.code()).toList()).doesNotContain(LintCodes.ESCAPE_NOT_BLOCKED);
        Reliability.record("containment", contained + " escape attempts contained in the strict boundary, each recorded as"
                + " a blocked escape.attempt (" + (events.size() - 1) + " events); host after: " + HostWatch.describe());
    }

    @Test
    void networkEgressGoesNowhere() {
        try (Sandbox sandbox = start()) {
            ExecResult nc = exec(sandbox, "nc -w 2 203.0.113.1 80 </dev/null");
            ExecResult wget = exec(sandbox, "wget -T 2 -q -O - http://203.0.113.1/");
            ExecResult interfaces = exec(sandbox, "ls /sys/class/net");
            ExecResult routes = exec(sandbox, "tail -n +2 /proc/net/route");

            assertThat(nc.exitCode()).isNotZero();
            assertThat(nc.stderrText()).contains("unreachable");
            assertThat(wget.exitCode()).isNotZero();
            assertThat(interfaces.stdoutText().strip()).isEqualTo("lo");
            assertThat(routes.stdoutText()).isBlank();
            contained("network", "connect 203.0.113.1:80 with nc and wget");
        }
    }

    @Test
    void writingOutsideTheWorkspaceFails() {
        try (Sandbox sandbox = start()) {
            for (String target : List.of("/etc/passwd", "/bin/sh", "/x", "/home/forkline/.profile", "/proc/sys/kernel/hostname")) {
                ExecResult write = exec(sandbox, "echo pwned > " + target);
                assertThat(write.exitCode()).as("write %s", target).isNotZero();
            }
            ExecResult execFromTmp = exec(sandbox, "cp /bin/busybox /tmp/bb && /tmp/bb true");
            assertThat(execFromTmp.exitCode()).as("running a program from noexec /tmp").isNotZero();
            assertThat(exec(sandbox, "echo fine > /workspace/inside && cat /workspace/inside").stdoutText()).isEqualTo("fine\n");
            contained("filesystem", "write /etc/passwd, /bin/sh, /, home and /proc/sys; execute from /tmp");
        }
    }

    @Test
    void hostFilesAreNotVisible() {
        try (Sandbox sandbox = start()) {
            assertThat(exec(sandbox, "cat " + host.sentinel()).exitCode()).as("host sentinel visible").isNotZero();
            assertThat(exec(sandbox, "cat /etc/shadow").exitCode()).as("an /etc/shadow to read").isNotZero();
            ExecResult mounts = exec(sandbox, "cat /proc/mounts");
            assertThat(mounts.stdoutText()).doesNotContain(hostDir.toString()).doesNotContain("docker.sock");
            assertThat(exec(sandbox, "ls /var/run/docker.sock /run/docker.sock").exitCode()).isNotZero();
            contained("filesystem", "read the host's files, /etc/shadow and the engine socket");
        }
    }

    @Test
    void noPrivilegeCanBeGained() {
        try (Sandbox sandbox = start()) {
            ExecResult status = exec(sandbox, "grep -E '^(CapEff|CapPrm|NoNewPrivs|Uid)' /proc/self/status");
            assertThat(status.stdoutText()).contains("CapEff:\t0000000000000000").contains("CapPrm:\t0000000000000000")
                    .contains("NoNewPrivs:\t1").doesNotContain("Uid:\t0");
            ExecResult setuid = exec(sandbox, "cp /bin/busybox /workspace/id && chmod 4755 /workspace/id && /workspace/id -u");
            assertThat(setuid.stdoutText().strip()).isEqualTo("10001");
            assertThat(exec(sandbox, "su -c id root").exitCode()).isNotZero();
            assertThat(exec(sandbox, "chown 0:0 /workspace/id").exitCode()).isNotZero();
            assertThat(exec(sandbox, "mount -t tmpfs none /workspace").exitCode()).isNotZero();
            contained("privilege", "setuid binary, su, chown to root, mount");
        }
    }

    @Test
    void aForkBombHitsThePidsLimit() throws Exception {
        long hostBefore = HostWatch.hostProcesses();
        try (Sandbox sandbox = start()) {
            ExecResult bomb = sandbox.exec(List.of("sh", "-c", "f(){ f | f & }; f; sleep 3"), "/workspace", Map.of(), Duration.ofSeconds(15));
            assertThat(bomb.stderrText()).contains("can't fork");
            ExecResult count = sandbox.exec(List.of("cat", "/sys/fs/cgroup/pids/pids.current"), "/", Map.of(), CALL);
            if (count.succeeded()) {
                assertThat(Long.parseLong(count.stdoutText().strip())).isLessThanOrEqualTo(IsolationBoundary.strict().pidsLimit());
            }
            assertThat(HostWatch.hostProcesses()).as("host processes").isLessThan(hostBefore + IsolationBoundary.strict().pidsLimit() + 64);
        }
        contained("process", "fork bomb f(){ f | f & }");
    }

    @Test
    void aMemoryBombIsKilledByTheMemoryLimit() throws Exception {
        IsolationBoundary boundary = IsolationBoundary.strict();
        try (Sandbox sandbox = start(boundary)) {
            ExecResult bomb = sandbox.exec(List.of("sh", "-c", "x=$(head -c 2000000000 /dev/zero | tr '\\0' a); echo ${#x}"),
                    "/workspace", Map.of(), Duration.ofSeconds(60));
            assertThat(bomb.exitCode()).as("the hog is SIGKILLed").isEqualTo(137);
            assertThat(bomb.oomKilled()).as("by the out-of-memory killer, as the sandbox's cgroup counted").isTrue();
            assertThat(sandbox.outOfMemoryError()).isEqualTo("killed by the out-of-memory killer at the sandbox's memory limit (512 MiB)");
            ExecResult killedOtherwise = sandbox.exec(List.of("sh", "-c", "kill -KILL $$"), "/", Map.of(), CALL);
            assertThat(killedOtherwise.exitCode()).isEqualTo(137);
            assertThat(killedOtherwise.oomKilled()).as("the earlier kill is not counted again").isFalse();
            // The container itself survives (its init is not the hog), so the engine does not mark it OOM-killed.
            assertThat(sandbox.state().running()).isTrue();
        }
        contained("resource", "allocate 2 GB in a 512 MiB sandbox");
    }

    @Test
    void fillingTmpStopsAtItsSizeLimit() {
        try (Sandbox sandbox = start()) {
            ExecResult fill = exec(sandbox, "dd if=/dev/zero of=/tmp/fill bs=1M count=200 2>&1; du -k /tmp/fill");
            assertThat(fill.stdoutText()).contains("No space left");
            long kib = Long.parseLong(fill.stdoutText().lines().reduce((a, b) -> b).orElseThrow().split("\\s+")[0]);
            assertThat(kib * 1024).isLessThanOrEqualTo(IsolationBoundary.strict().tmpSizeBytes());
        }
        contained("resource", "fill /tmp with 200 MiB");
    }

    @Test
    void aRestoredSymlinkPointingOutOfTheWorkspaceStaysInsideTheContainer() {
        try (Sandbox sandbox = start()) {
            sandbox.replaceWorkspace(List.of(
                    WorkspaceFile.symlink("passwd", "/etc/passwd"),
                    WorkspaceFile.symlink("sentinel", host.sentinel().toString()),
                    WorkspaceFile.regular("notes.txt", "hello\n".getBytes(StandardCharsets.UTF_8), 0644)));
            assertThat(exec(sandbox, "cat /workspace/sentinel").exitCode()).as("host sentinel through a link").isNotZero();
            assertThat(exec(sandbox, "echo pwned > /workspace/passwd").exitCode()).as("write through a link").isNotZero();
            Map<String, WorkspaceFile> pulled = sandbox.pullWorkspace();
            assertThat(pulled.get("passwd").isSymlink()).as("pulled back as a link, never followed").isTrue();
            assertThat(pulled.get("sentinel").linkTarget()).isEqualTo(host.sentinel().toString());
            assertThat(pulled.get("sentinel").content()).isEmpty();
            // A link climbing out of the workspace is refused by the engine when the checkpoint is copied in.
            assertThatThrownBy(() -> sandbox.putFiles(List.of(WorkspaceFile.symlink("up", "../../../../"))))
                    .isInstanceOf(SandboxException.class).hasMessageContaining("copying files into the workspace failed");
            assertThat(exec(sandbox, "cat notes.txt").stdoutText()).isEqualTo("hello\n");
        }
        assertThatThrownBy(() -> WorkspaceFile.regular("../outside", new byte[1], 0644)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WorkspaceFile.regular("/etc/passwd", new byte[1], 0644)).isInstanceOf(IllegalArgumentException.class);
        contained("filesystem", "checkpoint with links to /etc/passwd, the host sentinel and ../../../..");
    }

    @Test
    void aHugeStdoutIsCapped() {
        try (Sandbox sandbox = start()) {
            ExecResult flood = sandbox.exec(List.of("sh", "-c", "yes 0123456789abcdef | head -c 100000000"), "/workspace", Map.of(),
                    Duration.ofSeconds(60));
            assertThat(flood.stdoutTruncated()).isTrue();
            assertThat(flood.stdout().length).isLessThanOrEqualTo(Sandbox.OUTPUT_LIMIT);
        }
        contained("resource", "write 100 MB to stdout");
    }

    private static void contained(String boundary, String attempt) {
        ledger.record(boundary, attempt, true);
        contained++;
    }

    private Sandbox start() {
        return start(IsolationBoundary.strict());
    }

    private Sandbox start(IsolationBoundary boundary) {
        return engine.start(boundary, new SandboxLabels("containment", "r1"), List.of());
    }

    private static ExecResult exec(Sandbox sandbox, String script) {
        return sandbox.exec(List.of("sh", "-c", script), "/workspace", Map.of(), CALL);
    }

}
