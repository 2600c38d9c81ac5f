package dev.forkline.views.shell;

import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.RunComparison;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.testdata.ForkedRuns;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import static org.assertj.core.api.Assertions.assertThat;

/** Comparing a fork with its parent through the real window (headless): alignment by content, hover, open the event. */
class CompareFlowsTest {

    private final FxRobot robot = new FxRobot();
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;

    @BeforeEach
    void showWorkbench() {
        HeadlessFx.ensureStarted();
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            LaunchOptions options = new LaunchOptions(new InMemoryTraceLibrary(ForkedRuns.bundle()), new ReconstructorStateProvider(),
                    null, null, ThemeChoice.LIGHT, null);
            return WorkbenchApp.show(stage, options, new SameThreadTaskExecutor());
        });
        model = workbench.model();
        HeadlessFx.call(() -> {
            model.openStored(ForkedRuns.TRACE_ID);
            return null;
        });
        HeadlessFx.waitForFx();
    }

    @AfterEach
    void close() {
        HeadlessFx.call(() -> {
            javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList().forEach(javafx.stage.Window::hide);
            stage.close();
            return null;
        });
    }

    @Test
    void theForkIsAlignedByContentAndARowOpensItsEvent() {
        ComparePane pane = HeadlessFx.call(() -> {
            model.selectRun("r2");
            workbench.view().showComparison();
            return workbench.view().comparePane;
        });
        HeadlessFx.waitForFx();
        assertThat(pane.summary.getText()).as("call ids differ between the runs, their first steps do not")
                .contains("First divergence at row 4 (only r2 has tool.call)").doesNotContain("step 1");
        RunComparison.Row pytest = pane.table.getItems().get(6);
        assertThat(pytest.left().id()).isEqualTo(ForkedRuns.PYTEST_CALL);
        assertThat(pytest.same()).as("the pytest call is the same in both runs, kept in step after r2's extra call").isTrue();
        assertThat(pane.table.getItems().get(7).change()).isEqualTo(RunComparison.Change.CHANGED);

        TableCell<?, ?> changedLeft = cell(pane, 7, 1);
        assertThat(changedLeft.getTooltip().getText()).startsWith("tool.result · sandbox · exit 5").contains(ForkedRuns.PYTEST_FAILURE);
        var highlighted = changedLeft.lookupAll(".compare-changed-text");
        assertThat(highlighted).as("the exit code is what changed inside the cell").hasSize(1);
        assertThat(((javafx.scene.text.Text) highlighted.iterator().next()).getText()).isEqualTo("5");

        HeadlessFx.call(() -> {
            ((Stage) pane.getScene().getWindow()).toFront();
            return null;
        });
        // a click selects the cell and Enter opens its event (as a double click does; its timing is unreliable on a loaded machine)
        robot.clickOn(cell(pane, 6, 1), MouseButton.PRIMARY);
        robot.type(javafx.scene.input.KeyCode.ENTER);
        HeadlessFx.waitForFx();
        assertThat(model.currentRun()).isEqualTo("r1");
        assertThat(model.timeline().selectedEvent().id()).isEqualTo(ForkedRuns.PYTEST_CALL);
    }

    @Test
    void helpHasTheDocumentationAndAboutAndTheLibraryRowSaysItsWholeTitle() {
        var help = HeadlessFx.call(() -> ((javafx.scene.control.MenuBar) workbench.view().getTop()).getMenus().stream()
                .filter(m -> m.getText().equals("Help")).findFirst().orElseThrow());
        var docs = help.getItems().stream().filter(i -> "help-docs".equals(i.getId())).findFirst().orElseThrow();
        var about = help.getItems().stream().filter(i -> "help-about".equals(i.getId())).findFirst().orElseThrow();
        HeadlessFx.call(() -> {
            docs.fire();
            return null;
        });
        HeadlessFx.waitForFx();
        javafx.scene.control.DialogPane docsDialog = robot.lookup("#docs-dialog").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(docsDialog.getContentText()).as("run from the checkout: its docs folder").contains("/docs/");
        HeadlessFx.call(() -> {
            docsDialog.getScene().getWindow().hide();
            about.fire();
            return null;
        });
        HeadlessFx.waitForFx();
        javafx.scene.control.DialogPane aboutDialog = robot.lookup("#about-dialog").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(aboutDialog.getHeaderText()).startsWith("Forkline ");
        assertThat(aboutDialog.getContentText()).contains("Java " + Runtime.version());

        var row = HeadlessFx.call(() -> workbench.view().library.list.lookup(".list-cell"));
        assertThat(((javafx.scene.control.ListCell<?>) row).getTooltip().getText()).startsWith("Tests deleted, then run\n").endsWith(ForkedRuns.TRACE_ID);
    }

    private static TableCell<?, ?> cell(ComparePane pane, int row, int column) {
        return HeadlessFx.call(() -> {
            pane.table.scrollTo(row);
            pane.table.layout();
            for (Node node : pane.table.lookupAll(".table-cell")) {
                if (node instanceof TableCell<?, ?> cell && cell.getIndex() == row && cell.getTableColumn() == pane.table.getColumns().get(column)) {
                    return cell;
                }
            }
            throw new AssertionError("no cell at row " + row + ", column " + column);
        });
    }
}
