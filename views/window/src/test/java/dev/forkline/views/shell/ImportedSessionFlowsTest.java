package dev.forkline.views.shell;

import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.state.RebuiltWorkspace;
import dev.forkline.views.testdata.ImportedSessions;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import dev.forkline.views.viewmodel.RebuiltWorkspaceViewModel;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

/** Replaying an imported session through the real window (headless): the set-up dialog, the replay pane, the state panel. */
class ImportedSessionFlowsTest {

    private static final String CLAUDE_CODE_SESSION = "claude-code/a47cfcb669b1/0/full.jsonl";
    private static final String CLAUDE_CODE_TREE = "repos/entireio__cli@e4e7a027.tar.gz";
    /** Events of that session: the Write of docs/generated/.gitignore, its mutation, the mutation of the accepted Edit. */
    private static final String WRITE_CALL = "8654f724-87a0-4b13-a364-26b039c3ffdd#2";
    private static final String WRITE_MUTATION = "dd66d91e-588a-4ae2-885f-e655722a1bc8#2";
    private static final String EDIT_MUTATION = "19c02b48-88fe-409a-ae28-692129d28f71#2";

    private final FxRobot robot = new FxRobot();
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;
    private ScriptedReplayBackend backend;

    private void show(Path dir, Path trace) throws Exception {
        samples = Samples.empty(dir);
        String traceId = samples.library.importTrace(trace, Progress.NONE).trace().traceId();
        backend = ScriptedReplayBackend.goMissing();
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(backend);
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        model = workbench.model();
        HeadlessFx.call(() -> {
            model.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (test)"));
            // where writes go is asked before the first one (DecisionFormFlowsTest): answered here
            model.bundleWrites().settle(traceId, dev.forkline.views.viewmodel.BundleWrites.Choice.WRITE_TO_BUNDLE);
            model.openStored(traceId);
            return null;
        });
        awaitFx(() -> model.opened() != null && model.opened().bundle().manifest().traceId().equals(traceId)
                && model.replay().availableProperty().get());
    }

    @AfterEach
    void close() {
        if (stage != null) {
            HeadlessFx.call(() -> {
                javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList().forEach(javafx.stage.Window::hide);
                stage.close();
                return null;
            });
        }
        executor.close();
        if (samples != null) {
            samples.close();
        }
    }

    private WorkbenchView view() {
        return workbench.view();
    }

    @Test
    void replayFromHereAsksForTheStartingTreeRejectsAMissingFolderAndRemembersTheAnswers(@TempDir Path dir) throws Exception {
        show(dir, ImportedSessions.writeBundle(dir.resolve("imported")));
        select("r1.7");
        MenuItem replay = item("Replay from here…");
        assertThat(replay.isDisable()).isFalse();
        HeadlessFx.call(() -> {
            replay.fire();
            return null;
        });
        awaitFx(() -> view().setupPane != null && view().setupStage.isShowing());
        SessionSetupPane setup = view().setupPane;
        assertThat(setup.suggestion.getText()).contains("The trace suggests: branch main, worked in " + ImportedSessions.ROOT,
                "Supply the tree that was at " + ImportedSessions.ROOT);
        assertThat(setup.folderOrArchive.isSelected()).isTrue();
        assertThat(setup.path.getText()).as("pre-filled with the folder the session worked in").isEqualTo(ImportedSessions.ROOT);
        assertThat(setup.lookup("#setup-tools")).as("no SWE-agent tools in a Claude Code session").isNull();

        Path missing = dir.resolve("gone");
        HeadlessFx.call(() -> {
            setup.path.setText(missing.toString());
            return null;
        });
        robot.clickOn(setup.submit);
        awaitFx(() -> !setup.problem.getText().isEmpty());
        assertThat(setup.problem.getText()).isEqualTo("the workspace source " + missing + " does not exist");
        assertThat(view().setupStage.isShowing()).isTrue();
        assertThat(backend.replays).isEmpty();

        Path tree = ImportedSessions.startingTree(dir.resolve("tree"), ImportedSessions.CONFIG_BEFORE);
        HeadlessFx.call(() -> {
            setup.path.setText(tree.toString());
            setup.image.getEditor().setText("forkline/sandbox-debian:1");
            setup.setupCommands.setText("make deps");
            return null;
        });
        robot.clickOn(setup.submit);
        awaitFx(() -> !view().setupStage.isShowing() && model.replay().resultProperty().get() != null);
        assertThat(backend.replays).singleElement().satisfies(request -> {
            assertThat(request.setup().tree().files()).hasSize(2);
            assertThat(request.image()).isEqualTo("forkline/sandbox-debian:1");
        });

        // the replay pane: each step's class and cause, the set-up notes, the counts by class
        ReplayPane pane = view().replayPane;
        assertThat(HeadlessFx.call(() -> view().bottomTabs.getSelectionModel().getSelectedItem() == view().replayTab)).isTrue();
        awaitFx(() -> pane.steps.getItems().size() == 2);
        HeadlessFx.waitForFx();
        List<String> row = cellsOfRow(pane, 1);
        assertThat(row).contains("diverged (environment)");
        assertThat(row).anySatisfy(text -> assertThat(text).startsWith("`go`: command not found in forkline/sandbox-debian:1 — exitCode: 0 → 127"));
        assertThat(cellsOfRow(pane, 0)).contains("matched");
        assertThat(pane.setupNotes.getText()).isEqualTo("Set-up: ran set-up command: make deps");
        assertThat(pane.summary.getText()).contains("(by class: 0 behaviour, 1 environment, 0 workspace; environment ones do not fail it)");
        HeadlessFx.call(() -> {
            pane.steps.getSelectionModel().select(1);
            return null;
        });
        assertThat(pane.stepDetail.getText()).startsWith("r1.60 tool.call c7 (Bash, process): diverged (environment): `go`: command not found")
                .contains("compared after normalising: crlf", "exitCode: expected \"0\", got \"127\"");

        // the next replay of this trace starts from the answers given
        HeadlessFx.call(() -> {
            item("Replay from here…").fire();
            return null;
        });
        awaitFx(() -> view().setupPane != setup && view().setupStage.isShowing());
        SessionSetupPane again = view().setupPane;
        assertThat(again.path.getText()).isEqualTo(tree.toString());
        assertThat(again.image.getEditor().getText()).isEqualTo("forkline/sandbox-debian:1");
        assertThat(again.setupCommands.getText()).isEqualTo("make deps");
        assertThat(again.suggestion.getText()).contains("The answers given last time for this trace are filled in.");
    }

    @Test
    void theStatePanelListsTheRealFilesOfAClaudeCodeSessionRebuiltFromItsTree(@TempDir Path dir) throws Exception {
        Path session = ImportedSessions.requireReplay(CLAUDE_CODE_SESSION);
        Path archive = ImportedSessions.requireReplay(CLAUDE_CODE_TREE);
        show(dir, session);
        select(WRITE_CALL);
        HeadlessFx.call(() -> {
            view().showBottomTab("state");
            view().state.tabs.getSelectionModel().select(view().state.workspace);
            return null;
        });
        RebuiltWorkspacePane rebuilt = view().state.rebuilt;
        awaitFx(() -> view().state.workspace.getContent() == rebuilt && rebuilt.giveTree.isVisible());
        assertThat(rebuilt.message.getText()).contains("Give the tree it started from", "branch alex/ent-221-better-state-tracking-for-sessions");
        robot.clickOn(rebuilt.giveTree);
        awaitFx(() -> view().setupPane != null && view().setupStage.isShowing());
        SessionSetupPane setup = view().setupPane;
        assertThat(setup.submit.getText()).isEqualTo("Show the workspace");
        assertThat(setup.path.getText()).isEqualTo("/Users/alex/workspace/cli/.worktrees/2");
        HeadlessFx.call(() -> {
            setup.path.setText(archive.toString());
            return null;
        });
        robot.clickOn(setup.submit);
        awaitFx(() -> !view().setupStage.isShowing() && model.state().rebuilt().mode() == RebuiltWorkspaceViewModel.Mode.REBUILT
                && rebuilt.files.getRoot() != null);
        assertThat(backend.replays).as("only the state panel asked").isEmpty();

        List<String> before = HeadlessFx.call(() -> filesOf(rebuilt.files.getRoot()));
        assertThat(before).contains("go.mod", "cmd/entire/cli/session/phase_test.go").doesNotContain("docs/generated/.gitignore");
        assertThat(rebuilt.message.getText()).startsWith("Rebuilt after " + WRITE_CALL + " from archive");

        select(WRITE_MUTATION);
        awaitFx(() -> HeadlessFx.call(() -> filesOf(rebuilt.files.getRoot())).contains("docs/generated/.gitignore"));
        RebuiltWorkspace.Listing listing = model.state().rebuilt().listingProperty().get();
        assertThat(entry(listing, "docs/generated/.gitignore").change()).isEqualTo("created");
        RebuiltWorkspace.Entry edited = entry(listing, "cmd/entire/cli/session/phase_test.go");
        assertThat(edited.change()).as("the accepted Edit " + EDIT_MUTATION + " applied").isEqualTo("modified");
        assertThat(edited.problem()).as("its precondition held on the start tree").isNull();
        assertThat(listing.failed()).isZero();
        assertThat(view().state.workspace.getText()).startsWith("Workspace (" + listing.files().size() + " · 2 changed");

        HeadlessFx.call(() -> {
            view().showWorkspaceFile("docs/generated/.gitignore");
            return null;
        });
        awaitFx(() -> !rebuilt.content.getText().isEmpty());
        assertThat(rebuilt.content.getText()).isNotBlank().doesNotStartWith("(");
    }

    private void select(String eventId) throws InterruptedException {
        HeadlessFx.call(() -> model.selectEvent(eventId));
        awaitFx(() -> model.timeline().selectedEvent() != null && model.timeline().selectedEvent().id().equals(eventId));
    }

    private MenuItem item(String text) {
        return view().runMenu.getItems().stream().filter(i -> text.equals(i.getText())).findFirst()
                .orElseThrow(() -> new AssertionError("no menu item " + text + " in " + view().runMenu.getItems().stream().map(MenuItem::getText).toList()));
    }

    private static List<String> cellsOfRow(ReplayPane pane, int index) {
        return HeadlessFx.call(() -> pane.steps.lookupAll(".table-cell").stream()
                .filter(n -> n instanceof TableCell<?, ?> cell && cell.getIndex() == index && cell.getItem() != null)
                .map(n -> String.valueOf(((TableCell<?, ?>) n).getItem())).toList());
    }

    private static List<String> filesOf(TreeItem<RebuiltWorkspacePane.Item> root) {
        List<String> paths = new ArrayList<>();
        collect(root, paths);
        return paths;
    }

    private static void collect(TreeItem<RebuiltWorkspacePane.Item> item, List<String> paths) {
        for (TreeItem<RebuiltWorkspacePane.Item> child : item.getChildren()) {
            if (child.getValue().entry() != null) {
                paths.add(child.getValue().entry().path());
            } else {
                collect(child, paths);
            }
        }
    }

    private static RebuiltWorkspace.Entry entry(RebuiltWorkspace.Listing listing, String path) {
        return listing.files().stream().filter(e -> e.path().equals(path)).findFirst().orElseThrow(() -> new AssertionError("no " + path));
    }
}
