package dev.forkline.views.viewmodel;

import dev.forkline.replay.engine.DivergenceClass;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.state.RebuiltWorkspace;
import dev.forkline.views.testdata.ImportedSessions;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import dev.forkline.views.viewmodel.SessionSetupAnswers.TreeSource;
import dev.forkline.views.viewmodel.SessionSetupViewModel.Purpose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Replaying an imported session from the window's view models: the set-up dialog, its memory, the rebuilt workspace. */
class ImportedSessionViewModelTest {

    private static WorkbenchViewModel opened(Samples samples, ScriptedReplayBackend backend, Path dir, String... toolBundles) throws Exception {
        samples.library.importTrace(ImportedSessions.writeBundle(dir.resolve("imported"), toolBundles), Progress.NONE);
        WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), backend);
        workbench.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (test)"));
        workbench.openStored(ImportedSessions.TRACE_ID);
        return workbench;
    }

    @Test
    void theDialogStartsFromTheTracesSuggestionAndRejectsAMissingFolderInWords(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.empty(dir)) {
            ScriptedReplayBackend backend = ScriptedReplayBackend.goMissing();
            WorkbenchViewModel workbench = opened(samples, backend, dir);
            workbench.selectEvent("r1.7");
            assertThat(workbench.replay().startsFromSuppliedTreeProperty().get()).isTrue();
            SessionSetupViewModel form = workbench.sessionSetup(Purpose.REPLAY);

            assertThat(form.remembered()).isFalse();
            assertThat(form.sourceProperty().get()).as("no commit recorded: the folder it worked in").isEqualTo(TreeSource.FOLDER_OR_ARCHIVE);
            assertThat(form.pathProperty().get()).isEqualTo(ImportedSessions.ROOT);
            assertThat(form.start().suggestion()).isEqualTo("The trace suggests: branch main, worked in " + ImportedSessions.ROOT + ".");
            assertThat(form.toolsNeeded()).isFalse();
            assertThat(form.images()).as("the engine's images, to choose from").contains("forkline/sandbox-debian:1");

            form.pathProperty().set(dir.resolve("no-such-tree").toString());
            AtomicInteger closed = new AtomicInteger();
            assertThat(form.submit(closed::incrementAndGet)).isFalse();
            assertThat(form.problemProperty().get()).isEqualTo("the workspace source " + dir.resolve("no-such-tree") + " does not exist");
            assertThat(closed).hasValue(0);
            assertThat(backend.replays).isEmpty();
            assertThat(new RememberedSetups(samples.settings).recall(ImportedSessions.TRACE_ID)).as("nothing remembered").isEmpty();

            form.envProperty().set("GOFLAGS=-mod=mod\nnot a variable");
            form.pathProperty().set(ImportedSessions.startingTree(dir.resolve("tree"), ImportedSessions.CONFIG_BEFORE).toString());
            assertThat(form.submit(closed::incrementAndGet)).isFalse();
            assertThat(form.problemProperty().get()).isEqualTo("Line 2 of the variables is not NAME=VALUE: 'not a variable'.");

            form.sourceProperty().set(TreeSource.GIT_COMMIT);
            form.repositoryProperty().set(dir.toString());
            form.envProperty().set("");
            assertThat(form.submit(closed::incrementAndGet)).isFalse();
            assertThat(form.problemProperty().get()).startsWith("Name the commit the session started from");
        }
    }

    @Test
    void theAnswersStartTheReplayWithTheTreeAndComeBackForTheSameTrace(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.empty(dir)) {
            ScriptedReplayBackend backend = ScriptedReplayBackend.goMissing();
            WorkbenchViewModel workbench = opened(samples, backend, dir);
            workbench.selectEvent("r1.7");
            assertThat(backend.prepared).as("no tree known yet: nothing to prepare").isEmpty();
            SessionSetupViewModel form = workbench.sessionSetup(Purpose.REPLAY);
            Path tree = ImportedSessions.startingTree(dir.resolve("tree"), ImportedSessions.CONFIG_BEFORE);
            form.pathProperty().set(tree.toString());
            form.imageProperty().set("forkline/sandbox-debian:1");
            form.setupCommandsProperty().set("make deps\n\n  git status  ");
            form.envProperty().set("GOFLAGS=-mod=mod\nCI=1");
            form.strictEnvironmentProperty().set(true);
            AtomicInteger closed = new AtomicInteger();
            assertThat(form.submit(closed::incrementAndGet)).isTrue();
            assertThat(form.problemProperty().get()).isNull();
            assertThat(closed).hasValue(1);

            ReplayRequest request = backend.replays.getFirst();
            assertThat(request.checkpointId()).isEqualTo("r1.2");
            assertThat(request.setup().tree().files()).extracting(f -> f.path()).containsExactly("README.md", "config.toml");
            assertThat(request.setup().commands()).containsExactly("make deps", "git status");
            assertThat(request.setup().env()).isEqualTo(Map.of("GOFLAGS", "-mod=mod", "CI", "1"));
            assertThat(request.image()).isEqualTo("forkline/sandbox-debian:1");
            assertThat(request.strictEnvironment()).isTrue();

            ReplayViewModel replay = workbench.replay();
            assertThat(replay.failureProperty().get()).isNull();
            assertThat(replay.steps()).hasSize(2);
            assertThat(replay.setupNotes()).containsExactly("ran set-up command: make deps");
            assertThat(replay.summaryProperty().get()).contains("1 matched, 1 diverged",
                    "(by class: 0 behaviour, 1 environment, 0 workspace; environment ones fail it: strict)");

            SessionSetupViewModel again = workbench.sessionSetup(Purpose.REPLAY);
            assertThat(again.remembered()).isTrue();
            assertThat(again.pathProperty().get()).isEqualTo(tree.toString());
            assertThat(again.imageProperty().get()).isEqualTo("forkline/sandbox-debian:1");
            assertThat(again.setupCommandsProperty().get()).isEqualTo("make deps\ngit status");
            assertThat(again.envProperty().get()).isEqualTo("GOFLAGS=-mod=mod\nCI=1");
            assertThat(again.strictEnvironmentProperty().get()).isTrue();
            assertThat(Files.readString(dir.resolve("settings.properties"), StandardCharsets.ISO_8859_1))
                    .as("kept with the window's settings").contains("replay.setup.imported-demo");

            // a window opened later on the same settings remembers them too, and prepares the start with them
            ScriptedReplayBackend later = ScriptedReplayBackend.goMissing();
            WorkbenchViewModel reopened = samples.workbench(new SameThreadTaskExecutor(), later);
            reopened.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (test)"));
            reopened.openStored(ImportedSessions.TRACE_ID);
            reopened.selectEvent("r1.9");
            assertThat(later.prepared).singleElement().satisfies(prepared ->
                    assertThat(prepared.setup().tree().files()).hasSize(2));
            reopened.replay().replayFromHere();
            assertThat(later.replays).singleElement().satisfies(r -> assertThat(r.setup().commands()).containsExactly("make deps", "git status"));
        }
    }

    @Test
    void aSessionThatRunsSweAgentToolsAsksForTheirFolderAndNamesAMissingBundle(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.empty(dir)) {
            WorkbenchViewModel workbench = opened(samples, ScriptedReplayBackend.goMissing(), dir, "tools/registry", "tools/edit_linting");
            workbench.selectEvent("r1.7");
            SessionSetupViewModel form = workbench.sessionSetup(Purpose.REPLAY);
            assertThat(form.toolsNeeded()).isTrue();
            form.pathProperty().set(ImportedSessions.startingTree(dir.resolve("tree"), ImportedSessions.CONFIG_BEFORE).toString());
            assertThat(form.submit(() -> { })).isFalse();
            assertThat(form.problemProperty().get()).isEqualTo("The session runs SWE-agent's tool bundles tools/registry, tools/edit_linting: "
                    + "choose the folder that holds them (SWE-agent's tools/ folder).");
            Path tools = dir.resolve("swe-tools");
            Files.createDirectories(tools.resolve("tools/registry/bin"));
            form.toolsProperty().set(tools.toString());
            assertThat(form.submit(() -> { })).isFalse();
            assertThat(form.problemProperty().get()).isEqualTo("The tools folder " + tools + " lacks the bundle tools/edit_linting that the trajectory names.");
        }
    }

    @Test
    void theStatePanelRebuildsTheRealWorkspaceOnceATreeIsGivenAndFlagsAnEditWhosePreconditionFailed(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.empty(dir)) {
            WorkbenchViewModel workbench = opened(samples, ScriptedReplayBackend.goMissing(), dir);
            RebuiltWorkspaceViewModel rebuilt = workbench.state().rebuilt();
            workbench.selectEvent("r1.3");
            assertThat(rebuilt.mode()).isEqualTo(RebuiltWorkspaceViewModel.Mode.NEEDS_TREE);
            assertThat(rebuilt.messageProperty().get()).contains("Give the tree it started from", "branch main");

            // a tree whose config.toml is not what the session edited
            SessionSetupViewModel form = workbench.sessionSetup(Purpose.SHOW_WORKSPACE);
            form.pathProperty().set(ImportedSessions.startingTree(dir.resolve("tree"), "debug = maybe\n").toString());
            assertThat(form.submit(() -> { })).isTrue();
            assertThat(rebuilt.mode()).isEqualTo(RebuiltWorkspaceViewModel.Mode.REBUILT);
            assertThat(paths(rebuilt)).containsExactly("README.md", "config.toml");
            assertThat(rebuilt.messageProperty().get()).startsWith("Rebuilt after r1.3 from directory " + dir.resolve("tree") + " with 0 recorded edits");

            workbench.selectEvent("r1.6");
            assertThat(paths(rebuilt)).containsExactly("README.md", "config.toml", "notes.txt");
            assertThat(entry(rebuilt, "notes.txt").change()).isEqualTo("created");
            rebuilt.selectedFileProperty().set("notes.txt");
            assertThat(rebuilt.fileContentProperty().get()).isEqualTo(ImportedSessions.NOTES);

            workbench.selectEvent("r1.9");
            RebuiltWorkspace.Entry config = entry(rebuilt, "config.toml");
            assertThat(config.problem()).startsWith("edit r1.9: precondition failed: config.toml: the file differs from what the edit was made on");
            assertThat(config.change()).as("the recorded content after is taken").isEqualTo("modified");
            assertThat(rebuilt.listingProperty().get().failed()).isEqualTo(1);
            assertThat(rebuilt.messageProperty().get()).contains("1 edit did not apply as recorded");
            rebuilt.selectedFileProperty().set("config.toml");
            assertThat(rebuilt.fileContentProperty().get()).isEqualTo(ImportedSessions.CONFIG_AFTER);

            // the right tree: every edit applies
            form = workbench.sessionSetup(Purpose.SHOW_WORKSPACE);
            assertThat(form.remembered()).isTrue();
            form.pathProperty().set(ImportedSessions.startingTree(dir.resolve("right-tree"), ImportedSessions.CONFIG_BEFORE).toString());
            assertThat(form.submit(() -> { })).isTrue();
            assertThat(entry(rebuilt, "config.toml").problem()).isNull();
            assertThat(rebuilt.listingProperty().get().failed()).isZero();
        }
    }

    @Test
    void aRecordedTraceKeepsTheRecordedWorkspaceAndAsksForNothing(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "wrong-tool-call")) {
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), ScriptedReplayBackend.goMissing());
            workbench.openStored(Samples.traceId("wrong-tool-call"));
            workbench.selectEvent("r1.15");
            assertThat(workbench.state().rebuilt().mode()).isEqualTo(RebuiltWorkspaceViewModel.Mode.RECORDED);
            assertThat(workbench.replay().startsFromSuppliedTreeProperty().get()).isFalse();
            assertThat(workbench.sessionSetup(Purpose.REPLAY)).isNull();
        }
    }

    @Test
    void summariesCountDivergencesByClass() {
        var backend = ScriptedReplayBackend.goMissing();
        var result = backend.replay(ReplayRequest.builder(Path.of("b")).checkpoint("start").build(), new dev.forkline.replay.engine.ReplayListener() {
        });
        assertThat(result.divergences(DivergenceClass.ENVIRONMENT)).isEqualTo(1);
        assertThat(ReplayViewModel.summarize(result)).startsWith("r1: 1 matched, 0 diverged, 0 stubbed, 0 contained (by class: 0 behaviour, "
                + "1 environment, 0 workspace; environment ones do not fail it)");
    }

    private static List<String> paths(RebuiltWorkspaceViewModel rebuilt) {
        return rebuilt.listingProperty().get().files().stream().map(RebuiltWorkspace.Entry::path).toList();
    }

    private static RebuiltWorkspace.Entry entry(RebuiltWorkspaceViewModel rebuilt, String path) {
        return rebuilt.listingProperty().get().files().stream().filter(e -> e.path().equals(path)).findFirst().orElseThrow();
    }
}
