package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * forkline replay of a trace in another format (a real SWE-agent trajectory and Claude Code transcript): the input it
 * needs is asked for by name with exit 2, a missing engine is exit 4, and a bundle written for a replay that could not
 * start is removed again. The replays themselves are tested with an engine in replay-engine (ImportedSessionReplayTest).
 */
class ImportedReplayCliTest {

    @TempDir
    Path work;

    @AfterEach
    void forgetEngine() {
        System.clearProperty("forkline.dockerHost");
    }

    private static Path shared(String relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("replay").resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        assumeTrue(false, "shared/replay/" + relative + " not found beside the repository: test skipped");
        return null;
    }

    @Test
    void aForeignTraceWithoutItsStartingTreeIsExitTwoNamingWhatToGive() {
        Path trajectory = shared("swe-agent/replay__marshmallow-code__marshmallow-1867__function_calling__install-1.traj");
        Path out = work.resolve("kept");
        var run = CliTest.run("replay", trajectory.toString(), "--from", "start", "--out", out.toString());
        assertThat(run.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).contains("--workspace").contains("testbed@bfd2593d4b416122e30cdefe0c72d322ef471611");
        assertThat(out).as("the bundle written for the replay is removed again").doesNotExist();
    }

    @Test
    void aMissingWorkspaceOrToolsFolderIsExitTwo() {
        Path trajectory = shared("swe-agent/replay__marshmallow-code__marshmallow-1867__function_calling__install-1.traj");
        Path tree = shared("repos/marshmallow-code__marshmallow@bfd2593d.tar.gz");
        var missingTree = CliTest.run("replay", trajectory.toString(), "--from", "start", "--workspace", work.resolve("nowhere").toString());
        assertThat(missingTree.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(missingTree.err()).contains("nowhere");
        var noTools = CliTest.run("replay", trajectory.toString(), "--from", "start", "--workspace", tree.toString(),
                "--tools", work.toString(), "--out", work.resolve("kept").toString());
        assertThat(noTools.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noTools.err()).contains("has no bundle 'tools/defaults'");
        assertThat(work.resolve("kept")).doesNotExist();
    }

    @Test
    void aFileHistoryThatIsNoFolderIsExitTwoAndNothingIsKept() {
        Path transcript = shared("claude-code/a47cfcb669b1/0/full.jsonl");
        Path tree = shared("repos/entireio__cli@e4e7a027.tar.gz");
        var run = CliTest.run("replay", transcript.toString(), "--from", "start", "--workspace", tree.toString(),
                "--file-history", work.resolve("no-such-session").toString(), "--out", work.resolve("kept").toString());
        assertThat(run.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).contains("--file-history").contains("no-such-session").contains("is not a directory");
        assertThat(work.resolve("kept")).doesNotExist();
    }

    @Test
    void anExistingOutIsRefusedAndABundleTakesNoOut() throws Exception {
        Path transcript = shared("claude-code/a47cfcb669b1/0/full.jsonl");
        Path existing = Files.createDirectories(work.resolve("existing"));
        var exists = CliTest.run("replay", transcript.toString(), "--from", "start", "--out", existing.toString());
        assertThat(exists.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(exists.err()).contains("already exists");
        Path bundle = ReplayCliTest.copySample("wrong-tool-call", work);
        var withOut = CliTest.run("replay", bundle.toString(), "--from", "cp-green", "--out", work.resolve("x").toString());
        assertThat(withOut.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(withOut.err()).contains("appended to in place");
    }

    @Test
    void noEngineIsExitFourAndNothingIsKept() {
        Path transcript = shared("claude-code/a47cfcb669b1/0/full.jsonl");
        Path tree = shared("repos/entireio__cli@e4e7a027.tar.gz");
        System.setProperty("forkline.dockerHost", "tcp://127.0.0.1:9");
        Path out = work.resolve("kept");
        var run = CliTest.run("replay", transcript.toString(), "--from", "start", "--workspace", tree.toString(), "--out", out.toString());
        assertThat(run.code()).isEqualTo(ExitCodes.ENVIRONMENT);
        assertThat(out).doesNotExist();
    }
}
