package dev.forkline.replay.engine;

import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.DockerTestSupport;
import dev.forkline.replay.sandbox.ImageUnavailableException;
import dev.forkline.replay.sandbox.SandboxImages;
import dev.forkline.replay.workspace.FileHistory;
import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.replay.workspace.WorkspaceSource;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.forkline.replay.engine.SharedReplayMaterial.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Real agents' sessions replayed in a fresh container against the tree they started from (shared/replay): SWE-agent
 * trajectories with SWE-agent's own tool bundles, and a Claude Code session. The acceptance of "replay real agents'
 * sessions".
 */
@Tag("docker")
class ImportedSessionReplayTest {

    private DockerEngine engine;

    @TempDir
    Path dir;

    @BeforeEach
    void engine() {
        engine = DockerTestSupport.engineOrSkip();
        DockerTestSupport.ensureImage(engine, SandboxImages.DEBIAN);
    }

    @AfterEach
    void noContainerLeft() {
        DockerTestSupport.assertNoContainerLeft(engine);
    }

    private static SessionSetup sweAgentSetup() throws Exception {
        StartingTree tree = WorkspaceSource.forTrace(require(MARSHMALLOW_TREE).toString(), "bfd2593d4b416122e30cdefe0c72d322ef471611").load();
        return new SessionSetup(tree, require(SWE_TOOLS), List.of(INSTALL_REPOSITORY), Map.of());
    }

    private ReplayResult replay(Path bundle, SessionSetup setup, EventEdit... edits) throws Exception {
        ReplayRequest.Builder request = ReplayRequest.builder(bundle).checkpoint("start").setup(setup);
        for (EventEdit edit : edits) {
            request.edit(edit);
        }
        return new ReplayEngine(engine).replay(request.build(), null);
    }

    private static String replayedOutput(Path bundle, ReplayResult result, int step) {
        StepResult s = result.steps().get(step - 1);
        Event written = Bundles.events(bundle).stream().filter(e -> e.id().equals(s.replayEventId())).findFirst().orElseThrow();
        return Bundles.stdout(bundle, written);
    }

    @Test
    void aSweAgentTrajectoryReplaysEveryActionAsRecorded() throws Exception {
        Path bundle = importedBundle(SWE_FUNCTION_CALLING, dir);
        ReplayResult result = replay(bundle, sweAgentSetup());

        assertThat(result.steps()).hasSize(11).allSatisfy(step -> assertThat(step.status()).as(step.label()).isEqualTo(StepStatus.MATCHED));
        assertThat(result.exitCode()).isZero();
        assertThat(replayedOutput(bundle, result, 3)).as("python reproduce.py before the fix").isEqualTo("344");
        assertThat(replayedOutput(bundle, result, 9)).as("python reproduce.py after the fix").isEqualTo("345");
        assertThat(replayedOutput(bundle, result, 7)).as("the linter refuses the first edit")
                .contains("Your proposed edit has introduced new syntax error(s)").contains("E999 IndentationError: unexpected indent");
        String submission = Bundles.events(bundle).stream().filter(e -> e.run().equals("r1") && e.is(EventType.SESSION_END))
                .findFirst().orElseThrow().text("submission");
        assertThat(replayedOutput(bundle, result, 11).replace("\r\n", "\n")).as("submit's diff").isEqualTo(submission.replace("\r\n", "\n"));
        assertThat(result.setupNotes()).anySatisfy(note -> assertThat(note).contains("installed SWE-agent tool bundles"));
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void theSecondConfigurationsTrajectoryReplaysToo() throws Exception {
        Path bundle = importedBundle(SWE_FUNCTION_CALLING_REPLACE, dir);
        ReplayResult result = replay(bundle, sweAgentSetup());
        assertThat(result.steps()).hasSize(11).allSatisfy(step -> assertThat(step.status()).as(step.label()).isEqualTo(StepStatus.MATCHED));
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void aTrajectoryRecordedBySweAgentZeroSaysItsToolsPrintedDifferently() throws Exception {
        Path bundle = importedBundle(SWE_DEFAULT, dir);
        ReplayResult result = replay(bundle, sweAgentSetup());
        assertThat(result.steps()).hasSize(11);
        assertThat(result.diverged()).as("nothing diverges by behaviour").isZero();
        assertThat(result.exitCode()).isZero();
        assertThat(replayedOutput(bundle, result, 3).strip()).isEqualTo("344");
        assertThat(replayedOutput(bundle, result, 9).strip()).isEqualTo("345");
        assertThat(result.steps().stream().filter(s -> s.divergence() == DivergenceClass.ENVIRONMENT))
                .isNotEmpty().allSatisfy(s -> assertThat(s.cause()).contains("recorded by SWE-agent 0.x"));
        assertThat(result.steps().get(10).status()).as("submit").isEqualTo(StepStatus.MATCHED);
    }

    @Test
    void aForkWithoutTheFixDivergesAsBehaviourAtTheSecondRunOfTheReproduction() throws Exception {
        Path bundle = importedBundle(SWE_FUNCTION_CALLING, dir);
        Event successfulEdit = Bundles.events(bundle).stream().filter(e -> e.is(EventType.TOOL_CALL)).toList().get(7);
        assertThat(successfulEdit.data().path("sweAgent").path("action").asText()).startsWith("edit 1475:1475\n        return");
        ReplayResult result = replay(bundle, sweAgentSetup(), EventEdit.parse(successfulEdit.id() + "={\"drop\":true}"));

        assertThat(result.steps().get(7).status()).isEqualTo(StepStatus.DROPPED);
        StepResult first = result.steps().stream().filter(s -> s.divergence() != null).findFirst().orElseThrow();
        assertThat(first.number()).as("the second python reproduce.py").isEqualTo(9);
        assertThat(first.divergence()).isEqualTo(DivergenceClass.BEHAVIOUR);
        assertThat(first.status()).isEqualTo(StepStatus.EXPECTED_DIVERGENCE);
        assertThat(first.diffs()).anySatisfy(d -> {
            assertThat(d.field()).isEqualTo("stdout");
            assertThat(d.expected()).isEqualTo("345");
            assertThat(d.actual()).isEqualTo("344");
        });
    }

    @Test
    void aClaudeCodeSessionRebuildsItsWorkspaceAndNamesWhatTheEnvironmentLacks() throws Exception {
        Path bundle = importedBundle(CLAUDE_A47, dir);
        StartingTree tree = WorkspaceSource.forTrace(require(CLI_E4E7).toString(), null).load();
        ReplayResult result = replay(bundle, new SessionSetup(tree, null, List.of(), Map.of()));

        assertThat(result.exitCode()).isZero();
        assertThat(result.divergences(DivergenceClass.BEHAVIOUR)).isZero();
        assertThat(result.divergences(DivergenceClass.WORKSPACE)).as("every Edit's precondition holds").isZero();
        assertThat(result.steps()).filteredOn(s -> "Read".equals(s.tool())).isNotEmpty()
                .allSatisfy(s -> assertThat(s.status()).isEqualTo(StepStatus.MATCHED));
        assertThat(result.steps()).filteredOn(s -> "Edit".equals(s.tool()) || "Write".equals(s.tool()))
                .extracting(StepResult::status).contains(StepStatus.MATCHED).doesNotContain(StepStatus.DIVERGED);
        assertThat(result.steps()).anySatisfy(s -> {
            assertThat(s.divergence()).isEqualTo(DivergenceClass.ENVIRONMENT);
            assertThat(s.cause()).isEqualTo("`go`: command not found in " + SandboxImages.DEBIAN);
        });
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void aTreeThatContradictsAnEditIsAWorkspaceDivergenceNamingTheFile() throws Exception {
        Path bundle = importedBundle(CLAUDE_A47, dir);
        StartingTree real = WorkspaceSource.forTrace(require(CLI_E4E7).toString(), null).load();
        String edited = "cmd/entire/cli/session/phase_test.go";
        List<dev.forkline.replay.sandbox.WorkspaceFile> files = real.files().stream()
                .map(f -> f.path().equals(edited) ? dev.forkline.replay.sandbox.WorkspaceFile.regular(f.path(),
                        "package session\n// not the file the session edited\n".getBytes(StandardCharsets.UTF_8), f.mode()) : f)
                .toList();
        ReplayResult result = replay(bundle, new SessionSetup(new StartingTree("a changed tree", files, null, List.of()), null, List.of(), Map.of()));

        StepResult edit = result.steps().stream().filter(s -> s.divergence() == DivergenceClass.WORKSPACE).findFirst().orElseThrow();
        assertThat(edit.tool()).isEqualTo("Edit");
        assertThat(edit.diffs()).anySatisfy(d -> assertThat(d.field()).isEqualTo("workspace:" + edited));
        assertThat(result.exitCode()).isEqualTo(3);
    }

    @Test
    void aFileHistoryBackupSuppliesTheFileTheTreeLacksBeforeTheEditIsApplied() throws Exception {
        Path bundle = importedBundle(CLAUDE_A47, dir);
        StartingTree real = WorkspaceSource.forTrace(require(CLI_E4E7).toString(), null).load();
        String edited = "cmd/entire/cli/session/phase_test.go";
        StartingTree lacking = new StartingTree("the tree without " + edited,
                real.files().stream().filter(f -> !f.path().equals(edited)).toList(), null, List.of());
        // the layout Claude Code writes: sha256 of the file's absolute path, 16 hex digits, @v<version>
        String backup = dev.forkline.trace.Hashes.sha256(("/Users/alex/workspace/cli/.worktrees/2/" + edited).getBytes(StandardCharsets.UTF_8))
                .substring(7, 23) + "@v1";
        Path history = Files.createDirectories(dir.resolve("file-history"));
        Files.write(history.resolve(backup), real.byPath().get(edited).content());

        ReplayResult result = replay(bundle, new SessionSetup(lacking, null, List.of(), Map.of(), FileHistory.open(history)));

        StepResult snapshot = result.steps().stream().filter(s -> s.note() != null && s.note().contains("file-history backup"))
                .findFirst().orElseThrow();
        assertThat(snapshot.status()).isEqualTo(StepStatus.MATCHED);
        assertThat(snapshot.note()).contains(edited + ": not in the workspace; supplied from Claude Code's file-history backup " + backup);
        assertThat(result.divergences(DivergenceClass.WORKSPACE)).as("the Edit fits the supplied file").isZero();
        assertThat(result.steps()).filteredOn(s -> "Edit".equals(s.tool())).extracting(StepResult::status).contains(StepStatus.MATCHED);
        assertThat(result.exitCode()).isZero();
        assertThat(Bundles.verify(bundle).problems()).isEmpty();
    }

    @Test
    void badInputIsRefusedBeforeAnyContainerExists() throws Exception {
        Path bundle = importedBundle(SWE_FUNCTION_CALLING, dir);
        long lines = Bundles.events(bundle).size();
        assertThatThrownBy(() -> replay(bundle, SessionSetup.NONE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--workspace").hasMessageContaining("testbed@bfd2593d4b416122e30cdefe0c72d322ef471611");
        StartingTree tree = WorkspaceSource.forTrace(require(MARSHMALLOW_TREE).toString(), null).load();
        assertThatThrownBy(() -> replay(bundle, new SessionSetup(tree, dir, List.of(), Map.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no bundle 'tools/defaults'");
        assertThatThrownBy(() -> new ReplayEngine(engine).replay(ReplayRequest.builder(bundle).checkpoint("start")
                .setup(new SessionSetup(tree, require(SWE_TOOLS), List.of(), Map.of())).image("forkline/no-such-image:0").build(), null))
                .isInstanceOf(ImageUnavailableException.class).hasMessageContaining("forkline/no-such-image:0 does not exist");
        assertThat(Bundles.events(bundle)).as("nothing was appended").hasSize((int) lines);
    }
}
