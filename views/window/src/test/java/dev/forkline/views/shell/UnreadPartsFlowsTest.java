package dev.forkline.views.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.testing.SharedSamples;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * A trace imported without parts of its file (TestFX, headless): its library row is marked incomplete; opening it
 * shows, above the timeline, that it may be
 * incomplete and which line could not be read, and its postmortem lists that line first among its findings; a trace
 * read whole shows nothing of the kind.
 */
class UnreadPartsFlowsTest {

    private final FxRobot robot = new FxRobot();
    @TempDir
    Path dir;
    private TraceStore store;
    private StoreTraceLibrary library;
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;

    @BeforeEach
    void openStore() throws Exception {
        store = TraceStore.open(dir.resolve("db").resolve("forkline").toAbsolutePath());
        library = new StoreTraceLibrary(store);
    }

    @AfterEach
    void close() {
        if (stage != null) {
            HeadlessFx.call(() -> {
                stage.close();
                return null;
            });
        }
        store.close();
    }

    @Test
    void aTranscriptWhoseLastLineWasCutSaysItMayBeIncomplete() throws Exception {
        List<String> lines = Files.readAllLines(SharedSamples.require(SharedSamples.CLAUDE_CODE), StandardCharsets.UTF_8);
        List<String> cut = new ArrayList<>(lines.subList(0, lines.size() - 1));
        cut.add(lines.getLast().substring(0, lines.getLast().length() / 2));
        Path file = dir.resolve("session.jsonl");
        Files.write(file, cut, StandardCharsets.UTF_8);
        String traceId = library.importTrace(file, Progress.NONE).trace().traceId();
        Path whole = SharedSamples.require(SharedSamples.CODEX_ROLLOUT);
        String wholeId = library.importTrace(whole, Progress.NONE).trace().traceId();
        show();
        assertThat(incompleteBadge(traceId)).as("the cut transcript's library row").isTrue();
        assertThat(incompleteBadge(wholeId)).as("the whole rollout's").isFalse();

        open(traceId);
        UnreadPartsBanner banner = workbench.view().unreadPartsBanner;
        assertThat(banner.isVisible()).isTrue();
        assertThat(banner.headline.getText()).startsWith("Incomplete: Forkline could not read a part of the file");
        assertThat(banner.detail.getText()).contains(file + ":" + lines.size() + ":");
        assertThat(HeadlessFx.call(() -> banner.localToScene(banner.getBoundsInLocal()).getMaxY()
                <= workbench.view().timelineCanvas().localToScene(workbench.view().timelineCanvas().getBoundsInLocal()).getMinY()))
                .as("above the timeline").isTrue();

        Path report = dir.resolve("report.html");
        HeadlessFx.call(() -> {
            model.recovery().exportReport(report);
            return null;
        });
        String findings = Files.readString(report).substring(Files.readString(report).indexOf("<section id=\"findings\">"));
        assertThat(findings.substring(findings.indexOf("<tbody>"), findings.indexOf("</tr>", findings.indexOf("<tbody>"))))
                .as("the report's first finding").contains("<code>malformed-line</code>");

        open(wholeId);
        assertThat(banner.isVisible()).as("a trace read whole").isFalse();
        assertThat(banner.isManaged()).isFalse();
    }

    private void show() {
        HeadlessFx.ensureStarted();
        LaunchOptions options = new LaunchOptions(library, new ReconstructorStateProvider(), null, null, ThemeChoice.LIGHT, null);
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, new SameThreadTaskExecutor());
        });
        model = workbench.model();
        HeadlessFx.waitForFx();
    }

    private boolean incompleteBadge(String traceId) {
        Node cell = LibraryRows.of(robot, traceId);
        return HeadlessFx.call(() -> cell.lookup(".incomplete-badge") != null);
    }

    private void open(String traceId) {
        Node cell = LibraryRows.of(robot, traceId);
        robot.clickOn(cell);
        HeadlessFx.waitForFx();
        assertThat(model.opened().bundle().manifest().traceId()).isEqualTo(traceId);
    }
}
