package dev.forkline.views.shell;

import dev.forkline.trace.testing.SharedSamples;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.inspector.EventDetails;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.geometry.Point2D;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Path;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

/** A real Claude Code session (shared/samples) through the real window: title, subagent lanes, failed results, arguments, gate. */
class ClaudeCodeSessionFlowsTest {

    private static final String TASK_CALL = "a2bbaa8d-3c70-46f0-8abf-933c123d557d";
    private static final String LANE_1_FIRST = "32ce720f-9211-41a9-86f9-ade2bc49183f";
    private static final String LANE_2_TASK = "cfca867b-e0bb-4682-a5ff-2dd1b228a44f#2";
    private static final String LANE_2_EVENT = "3057c97c-8e0d-44f2-845d-730187ae7af5";
    private static final String TREE_FAILURE = "51f9be78-18cd-45ef-a1ba-b6b25931d4c4";

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
    void aRealSessionReadsAsWhatTheAgentDid(@TempDir Path dir) throws Exception {
        Path session = SharedSamples.require(SharedSamples.CLAUDE_CODE);
        samples = Samples.empty(dir);
        String traceId = samples.library.importTrace(session, Progress.NONE).trace().traceId();
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(null);
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        model = workbench.model();
        // no trace open: the recovery panel says so, not "no failures" or "nothing measured"
        HeadlessFx.call(() -> {
            workbench.view().showBottomTab("recovery");
            return null;
        });
        assertThat(HeadlessFx.call(() -> workbench.view().recoveryPane.summary.getText())).isEqualTo("No trace open");
        assertThat(HeadlessFx.call(() -> ((javafx.scene.control.Label) workbench.view().recoveryPane.incidents.getPlaceholder()).getText())).isEmpty();
        assertThat(HeadlessFx.call(() -> workbench.view().recoveryPane.noCharts.isVisible())).isFalse();
        HeadlessFx.call(() -> {
            workbench.view().showBottomTab("state");
            model.openStored(traceId);
            return null;
        });
        awaitFx(() -> model.opened() != null);
        assertThat(model.opened().bundle().manifest().title()).as("the slash command the session ran, not its UUID")
                .isEqualTo("/orchestrator @CLAUDE.md を最新の状態にアップデートしてください");
        assertThat(workbench.view().library.list.getItems().getFirst().title()).doesNotContain("5c0375b4");

        // the Task call: the agent's own work, its prompt as text, a link to the lane it started
        select(TASK_CALL);
        EventDetails task = model.inspector().details();
        assertThat(task.title()).isEqualTo("Tool call · Task: Check package configuration");
        assertThat(field(task, "Effect class")).isEqualTo("read");
        EventDetails.Text arguments = (EventDetails.Text) task.sections().stream().filter(s -> s.title().equals("Arguments")).findFirst().orElseThrow();
        assertThat(arguments.text()).contains("Focus on:\n1. Dependencies").doesNotContain("\\n");
        InspectorPane inspector = workbench.view().inspector;
        var lane = CauseFlowsTest.link(inspector, "Subagent", "Open the lane agent:general-purpose-1");
        HeadlessFx.call(() -> {
            lane.fire();
            return null;
        });
        awaitFx(() -> LANE_1_FIRST.equals(selectedId()));

        // the lane header of the second subagent leads back to its Task call
        TimelineCanvas canvas = workbench.view().timelineCanvas();
        int laneEvent = HeadlessFx.call(() -> model.timeline().events().positionOf(LANE_2_EVENT));
        Point2D header = HeadlessFx.call(() -> canvas.canvas().localToScreen(40, canvas.yOfEvent(laneEvent)));
        robot.clickOn(header);
        awaitFx(() -> LANE_2_TASK.equals(selectedId()));

        // a failed result is headed by what failed
        select(TREE_FAILURE);
        assertThat(model.inspector().details().title()).isEqualTo("Failed · Bash: tree /path/to/Demo -I 'node_modules|.git' -L 3");

        // model turns that only called tools are not blank in the session history
        HeadlessFx.call(() -> {
            model.timeline().end();
            return null;
        });
        awaitFx(() -> model.state().snapshot() != null && !model.state().snapshot().session().isEmpty());
        assertThat(model.state().snapshot().session()).allSatisfy(turn -> assertThat(turn.text()).isNotBlank());
        assertThat(model.state().snapshot().session()).anySatisfy(turn -> assertThat(turn.text()).startsWith("called "));

        // the samples' contract names other traces in its scenarios: the gate says which contract applies and that none
        // of its scenarios is about this session, and no empty chart is drawn
        HeadlessFx.call(() -> {
            workbench.view().showBottomTab("recovery");
            model.recovery().chooseContract(Samples.CONTRACT);
            return null;
        });
        RecoveryPane recovery = workbench.view().recoveryPane;
        awaitFx(() -> recovery.gateSummary.getText().startsWith("Contract "));
        assertThat(recovery.gateSummary.getText()).startsWith("Contract forkline-samples (recovery-contract.yaml) applies: gate failed")
                .contains("None of its 5 scenarios names this trace: only its general clauses are checked.");
        assertThat(recovery.recoveryChart.isVisible()).isFalse();
        assertThat(recovery.costChart.isVisible()).isFalse();
        assertThat(recovery.noCharts.isVisible()).isTrue();
    }

    private String selectedId() {
        var event = model.timeline().selectedEvent();
        return event == null ? null : event.id();
    }

    private void select(String eventId) throws InterruptedException {
        HeadlessFx.call(() -> model.selectEvent(eventId));
        awaitFx(() -> model.inspector().details().subtitle().endsWith(eventId));
    }

    private static String field(EventDetails details, String name) {
        return details.sections().stream().filter(s -> s instanceof EventDetails.Fields).flatMap(s -> ((EventDetails.Fields) s).fields().stream())
                .filter(f -> f.name().equals(name)).findFirst().orElseThrow().value();
    }
}
