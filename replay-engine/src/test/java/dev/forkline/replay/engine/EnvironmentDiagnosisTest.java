package dev.forkline.replay.engine;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class EnvironmentDiagnosisTest {

    private static final String IMAGE = "forkline/sandbox-debian:1";
    private static final String ROOT = "/Users/alex/workspace/cli/.worktrees/2";

    @Test
    void aMissingCommandIsNamed() {
        assertThat(EnvironmentDiagnosis.of("bash -c go test ./cmd/... 2>&1", "bash: line 1: go: command not found\n", true, IMAGE,
                null, p -> false, ROOT)).contains("`go`: command not found in " + IMAGE);
        assertThat(EnvironmentDiagnosis.of("sh -c rg foo", "sh: 1: rg: not found", true, IMAGE, null, p -> false, ROOT))
                .contains("`rg`: command not found in " + IMAGE);
    }

    @Test
    void aNotFoundOfAnotherWordIsNotAMissingCommand() {
        assertThat(EnvironmentDiagnosis.of("bash -c python app.py", "error: user: not found", false, IMAGE, null, p -> false, ROOT))
                .isEmpty();
    }

    @Test
    void aMissingModuleNetworkOrRepositoryIsTheEnvironment() {
        assertThat(EnvironmentDiagnosis.of("python -m pytest", "ModuleNotFoundError: No module named 'pytest'", true, IMAGE, null,
                p -> false, ROOT)).contains("missing dependency `pytest` in " + IMAGE);
        assertThat(EnvironmentDiagnosis.of("go mod download", "go: github.com/x/y: dial tcp: lookup proxy.golang.org: no such host",
                true, IMAGE, null, p -> false, ROOT)).get().asString().startsWith("no network in the sandbox");
        assertThat(EnvironmentDiagnosis.of("git ls-tree HEAD docs/", "fatal: not a git repository (or any of the parent directories): .git",
                true, IMAGE, null, p -> false, ROOT)).get().asString().contains("not a git repository");
    }

    @Test
    void aPathTheSuppliedTreeLacksIsTheEnvironmentOnlyWhenNoStepTouchedIt() {
        String command = "bash -c ls -la " + ROOT + "/docs/plans/ 2>&1";
        String output = "ls: cannot access '" + ROOT + "/docs/plans/': No such file or directory";
        assertThat(EnvironmentDiagnosis.of(command, output, true, IMAGE, null, Set.of("docs/plans")::contains, ROOT))
                .get().asString().contains("the supplied tree lacks docs/plans");
        assertThat(EnvironmentDiagnosis.of(command, output, true, IMAGE, null, p -> false, ROOT)).isEmpty();
        assertThat(EnvironmentDiagnosis.of(command, output, false, IMAGE, null, Set.of("docs/plans")::contains, ROOT))
                .as("the recording failed too: nothing the tree lacks explains it").isEmpty();
    }

    @Test
    void anOutputFormattedByAnotherOperatingSystemIsTheEnvironment() {
        assertThat(EnvironmentDiagnosis.of("ls -la docs", "total 8\ndrwxr-xr-x 2 forkline forkline 4096 Dec  1 10:00 .", true, IMAGE,
                "macOS", p -> false, ROOT)).get().asString().contains("ran on macOS");
        assertThat(EnvironmentDiagnosis.of("cat README.md", "other text", true, IMAGE, "macOS", p -> false, ROOT)).isEmpty();
    }

    @Test
    void pathsAreReadAgainstTheRoot() {
        assertThat(EnvironmentDiagnosis.pathsIn("mkdir -p " + ROOT + "/docs/generated && cat src/a.go /etc/passwd", ROOT))
                .containsExactly("docs/generated", "src/a.go");
    }
}
