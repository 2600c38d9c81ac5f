package dev.forkline.views.shell;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.testdata.ForkedRuns;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.List;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

/** A failure's causes through the real window (headless): links, the chain back to the call, pinning the why as a note. */
class CauseFlowsTest {

    private final FxRobot robot = new FxRobot();
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;

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

    @Test
    void theFailureShowsItsChainOfCausesWhoseLinksOpenAndTheReviewerPinsTheWhy(@TempDir Path dir) throws Exception {
        Path bundle = ForkedRuns.writeBundle(dir.resolve("forked"));
        samples = Samples.empty(dir);
        samples.library.importTrace(bundle, Progress.NONE);
        samples.settings.put(dev.forkline.views.viewmodel.Settings.OWNER, "dana");
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(null);
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        model = workbench.model();
        HeadlessFx.call(() -> {
            model.openStored(ForkedRuns.TRACE_ID);
            return null;
        });
        awaitFx(() -> model.opened() != null);
        select(ForkedRuns.PYTEST_FAILURE);
        InspectorPane inspector = workbench.view().inspector;
        assertThat(inspector.title.getText()).isEqualTo("Failed · bash: python -m pytest -q");

        List<String> chain = links(inspector, "Chain of causes");
        assertThat(chain).as("back to the rm that looked normal").containsExactly(
                "call · bash: python -m pytest -q  (r1.7)",
                "model · Now run the tests. ⏎ called bash  (r1.6)",
                "result · exit 0 · bash: rm -rf tests  (r1.5)",
                "call · bash: rm -rf tests  (r1.4)",
                "model · Clean up the old tests. ⏎ called bash  (r1.3)");

        HeadlessFx.call(() -> { // the reviewer already chose to write into the bundle they opened (BundleWrites asks once)
            model.bundleWrites().settle(ForkedRuns.TRACE_ID, dev.forkline.views.viewmodel.BundleWrites.Choice.WRITE_TO_BUNDLE);
            return null;
        });
        robot.clickOn(pinButton(inspector, ForkedRuns.RM_CALL));
        awaitFx(() -> workbench.view().pinDialog != null && workbench.view().pinDialog.isShowing());
        HeadlessFx.call(() -> {
            workbench.view().pinDialog.getEditor().setText("the tests were deleted before they ran");
            return null;
        });
        robot.clickOn((Node) robot.lookup("#pin-cause-ok").query());
        awaitFx(() -> inspector.pinStatus.getText().startsWith("Pinned"));
        awaitFx(() -> !links(inspector, "Pinned cause").isEmpty());
        assertThat(inspector.pinStatus.getText()).contains("written to " + bundle);
        assertThat(links(inspector, "Pinned cause")).containsExactly("call · bash: rm -rf tests  (r1.4)");
        try (var written = BundleReader.read(bundle)) {
            Event note = written.events().getLast();
            assertThat(note.type()).isEqualTo("note");
            assertThat(note.actor()).isEqualTo("human:dana");
            assertThat(note.causes()).containsExactly(ForkedRuns.RM_CALL, ForkedRuns.PYTEST_FAILURE);
            assertThat(note.data().path("pin").path("why").asText()).isEqualTo("the tests were deleted before they ran");
        }

        Hyperlink cause = link(inspector, "Causes", "call · bash: python -m pytest -q  (r1.7)");
        HeadlessFx.call(() -> {
            cause.fire(); // the link sits below the fold of the inspector's scroll pane
            return null;
        });
        awaitFx(() -> model.timeline().selectedEvent() != null && model.timeline().selectedEvent().id().equals(ForkedRuns.PYTEST_CALL));
    }

    private void select(String eventId) throws InterruptedException {
        HeadlessFx.call(() -> model.selectEvent(eventId));
        awaitFx(() -> workbench.view().inspector.title.getText().contains("·") && model.inspector().details().subtitle().endsWith(eventId));
    }

    /** The labels of the links in the inspector section with this title. */
    static List<String> links(InspectorPane inspector, String section) {
        return HeadlessFx.call(() -> sectionLinks(inspector, section).stream().map(Hyperlink::getText).toList());
    }

    static Hyperlink link(InspectorPane inspector, String section, String label) {
        return HeadlessFx.call(() -> sectionLinks(inspector, section).stream().filter(l -> l.getText().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no link '" + label + "' in " + section)));
    }

    private static List<Hyperlink> sectionLinks(InspectorPane inspector, String section) {
        inspector.applyCss();
        inspector.layout();
        for (Node box : inspector.lookupAll(".event-links")) {
            Node header = ((javafx.scene.layout.VBox) box.getParent()).getChildren().getFirst();
            if (header instanceof javafx.scene.control.Label label && label.getText().equalsIgnoreCase(section)) {
                return box.lookupAll(".event-link").stream().map(Hyperlink.class::cast).toList();
            }
        }
        return List.of();
    }

    private static Button pinButton(InspectorPane inspector, String eventId) {
        return HeadlessFx.call(() -> {
            for (Hyperlink link : sectionLinks(inspector, "Chain of causes")) {
                if (link.getText().endsWith("(" + eventId + ")")) {
                    return (Button) link.getParent().lookup(".pin-cause");
                }
            }
            throw new AssertionError("no pin button for " + eventId);
        });
    }
}
