package dev.forkline.replay.sandbox;

import dev.forkline.replay.docker.DockerEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Debian sandbox image ({@link SandboxImages#DEBIAN}) runs what real agents' sessions run (Python, flake8, git, bash)
 * inside Forkline's strict boundary, as root where a session ran as root, and in a workspace at a recorded path the
 * image lacks.
 */
@Tag("docker")
class DebianImageTest {

    private static final Duration CALL = Duration.ofSeconds(60);
    private static final String UNDEFINED_NAME = "print(undefined_name)\n";

    private DockerEngine engine;

    @BeforeEach
    void engineAndImage() {
        engine = DockerTestSupport.engineOrSkip();
        DockerTestSupport.ensureImage(engine, SandboxImages.DEBIAN);
    }

    @AfterEach
    void nothingOutlivesTheTest() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    private Sandbox start(IsolationBoundary boundary, List<WorkspaceFile> files) {
        return engine.start(boundary, new SandboxLabels("test-session", "r1"), files);
    }

    private static ExecResult run(Sandbox sandbox, String... argv) {
        return sandbox.exec(List.of(argv), null, Map.of(), CALL);
    }

    private static WorkspaceFile file(String path, String content) {
        return WorkspaceFile.regular(path, content.getBytes(StandardCharsets.UTF_8), 0644);
    }

    @Test
    void pythonFlake8GitAndBashRunInTheStrictBoundary() {
        IsolationBoundary strict = IsolationBoundary.strict().withImage(SandboxImages.DEBIAN);
        try (Sandbox sandbox = start(strict, List.of(file("ok.py", "print(1 + 1)\n"), file("bad.py", UNDEFINED_NAME)))) {
            assertThat(run(sandbox, "id", "-u").stdoutText()).isEqualTo("10001\n");

            ExecResult python = run(sandbox, "python3", "-c", "import sys; print(sys.version_info[0], 6 * 7)");
            assertThat(python.exitCode()).isZero();
            assertThat(python.stdoutText()).isEqualTo("3 42\n");
            assertThat(run(sandbox, "python", "ok.py").stdoutText()).as("python is python3").isEqualTo("2\n");

            ExecResult flake8Version = run(sandbox, "flake8", "--version");
            assertThat(flake8Version.exitCode()).isZero();
            assertThat(flake8Version.stdoutText()).contains("pyflakes").contains("pycodestyle");
            ExecResult lint = run(sandbox, "flake8", "--select=F", "ok.py", "bad.py");
            assertThat(lint.exitCode()).isEqualTo(1);
            assertThat(lint.stdoutText()).isEqualTo("bad.py:1:7: F821 undefined name 'undefined_name'\n");

            assertThat(run(sandbox, "git", "--version").stdoutText()).startsWith("git version 2.");
            // bash itself, not a POSIX sh: arrays and BASH_VERSINFO
            ExecResult bash = run(sandbox, "bash", "-c", "words=(a b c); echo \"${#words[@]} ${BASH_VERSINFO[0]} $0\"");
            assertThat(bash.stdoutText()).isEqualTo("3 5 bash\n");

            ExecResult write = run(sandbox, "bash", "-c", "echo escape > /etc/forkline");
            assertThat(write.exitCode()).isNotZero();
            assertThat(write.stderrText()).contains("Read-only file system");
        }
    }

    /** SWE-agent's submit: git add -A; git diff --cached in the repository, as the sandbox user with a read-only home. */
    @Test
    void gitCommitsAndDiffsInTheWorkspace() {
        IsolationBoundary strict = IsolationBoundary.strict().withImage(SandboxImages.DEBIAN);
        try (Sandbox sandbox = start(strict, List.of(file("src/app.py", "x = 1\n")))) {
            ExecResult base = run(sandbox, "bash", "-c", "git init -q && git add -A"
                    + " && git -c user.name=t -c user.email=t@example.org commit -qm base && git rev-list --count HEAD");
            assertThat(base.exitCode()).as(base.stderrText()).isZero();
            assertThat(base.stdoutText()).isEqualTo("1\n");
            ExecResult diff = run(sandbox, "bash", "-c", "echo 'y = 2' >> src/app.py && git add -A && git diff --cached");
            assertThat(diff.exitCode()).as(diff.stderrText()).isZero();
            assertThat(diff.stdoutText()).contains("+++ b/src/app.py").contains("\n x = 1\n+y = 2\n");
        }
    }

    /**
     * SWE-agent runs as root in /testbed (absent from the image, so the workspace volume is root's), installs its tools
     * under /root and runs pip install flake8 there, offline.
     */
    @Test
    void rootWritesUnderRootAndInItsWorkspaceAndPipFindsFlake8Installed() {
        IsolationBoundary strict = IsolationBoundary.strict();
        IsolationBoundary asRoot = new IsolationBoundary(SandboxImages.DEBIAN, strict.network(), "0:0", false, strict.capDrop(),
                strict.noNewPrivileges(), strict.memoryBytes(), strict.nanoCpus(), strict.pidsLimit(), strict.tmpSizeBytes(),
                "/testbed");
        try (Sandbox sandbox = start(asRoot, List.of(file("reproduce.py", "print(345)\n")))) {
            assertThat(run(sandbox, "id", "-u").stdoutText()).isEqualTo("0\n");
            ExecResult tools = run(sandbox, "bash", "-c", "mkdir -p /root/tools/defaults/bin"
                    + " && echo ok > /root/tools/defaults/bin/open && cat /root/tools/defaults/bin/open"
                    + " && python reproduce.py > out.txt && cat out.txt && pwd");
            assertThat(tools.exitCode()).as(tools.stderrText()).isZero();
            assertThat(tools.stdoutText()).isEqualTo("ok\n345\n/testbed\n");
            ExecResult pip = run(sandbox, "pip", "install", "flake8");
            assertThat(pip.exitCode()).as(pip.stderrText()).isZero();
            assertThat(pip.stdoutText()).contains("Requirement already satisfied: flake8");
        }
    }

    /** A Claude Code session's cwd (a macOS path) as the workspace: absent from the image, yet writable and a git repo. */
    @Test
    void aWorkspaceAtARecordedPathTheImageLacksTakesFilesAndGit() {
        IsolationBoundary strict = IsolationBoundary.strict();
        IsolationBoundary deep = new IsolationBoundary(SandboxImages.DEBIAN, strict.network(), strict.user(), true, strict.capDrop(),
                strict.noNewPrivileges(), strict.memoryBytes(), strict.nanoCpus(), strict.pidsLimit(), strict.tmpSizeBytes(),
                "/Users/alex/workspace/cli/.worktrees/2");
        try (Sandbox sandbox = start(deep, List.of(file("main.go", "package main\n")))) {
            ExecResult work = run(sandbox, "bash", "-c", "pwd && cat main.go && echo new > new.txt && git init -q"
                    + " && git add -A && git status --porcelain");
            assertThat(work.exitCode()).as(work.stderrText()).isZero();
            assertThat(work.stdoutText()).isEqualTo("/Users/alex/workspace/cli/.worktrees/2\npackage main\nA  main.go\nA  new.txt\n");
            assertThat(sandbox.manifest().entries().keySet()).contains("main.go", "new.txt");
        }
    }
}
