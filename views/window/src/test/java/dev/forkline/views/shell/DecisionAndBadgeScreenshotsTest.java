package dev.forkline.views.shell;

import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.QueuedTaskExecutor;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.testdata.MisleadingRuns;
import dev.forkline.views.testdata.Samples;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pictures of the Decide… form (its first step with a verdict chosen, and the summary before signing) and of the run
 * badges on a trace whose fork left the tests deleted. Written to target/screenshots, or to -Dforkline.screenshots.dir
 * (docs/screenshots: decision-form-after.png, decision-form-review-after.png, run-badges-checking.png, run-badges-after.png).
 */
class DecisionAndBadgeScreenshotsTest {

    private static final Path DIR = Path.of(System.getProperty("forkline.screenshots.dir", "target/screenshots"));

    private Samples samples;
    private Stage stage;

    @AfterEach
    void close() {
        HeadlessFx.hideAllWindows();
        if (samples != null) {
            samples.close();
        }
    }

    private Workbench show(int width, int height) {
        return show(width, height, new SameThreadTaskExecutor());
    }

    private Workbench show(int width, int height, dev.forkline.views.concurrent.TaskExecutor executor) {
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(null).withContracts(List.of(Samples.CONTRACT));
        return HeadlessFx.call(() -> {
            stage = new Stage();
            Workbench workbench = Workbench.create(options, executor, width, height);
            stage.setScene(workbench.scene());
            stage.show();
            return workbench;
        });
    }

    @Test
    void theDecisionFormsTwoSteps(@TempDir Path dir) throws Exception {
        samples = Samples.imported(dir, "permission-escalation");
        samples.setUpOwner("dana");
        Workbench workbench = show(1280, 800);
        BufferedImage[] pictures = HeadlessFx.call(() -> {
            QueueItem item = workbench.model().escapeQueue().items().stream().filter(i -> i.kind() == QueueItem.Kind.ESCAPE_ATTEMPT)
                    .findFirst().orElseThrow();
            workbench.view().showDecision(item);
            DecisionPane form = workbench.view().decisionPane;
            form.verdict.setValue(Verdict.DENY);
            form.rationale.setText("Reading /etc/shadow is never part of this task: deny and keep the sandbox closed.");
            BufferedImage edit = image(form.getScene());
            form.review.fire();
            BufferedImage review = image(form.getScene());
            return new BufferedImage[] {edit, review};
        });
        write(pictures[0], "decision-form-after.png");
        write(pictures[1], "decision-form-review-after.png");
    }

    @Test
    void runBadgesOnAForkThatLeftTheTestsDeleted(@TempDir Path dir) throws Exception {
        samples = Samples.empty(dir);
        samples.library.importTrace(MisleadingRuns.write(dir.resolve("bundle")), Progress.NONE);
        QueuedTaskExecutor executor = new QueuedTaskExecutor();
        Workbench workbench = show(1600, 1000, executor);
        BufferedImage[] trees = HeadlessFx.call(() -> {
            executor.runAllNewestFirst();
            workbench.model().openStored(Samples.traceId("wrong-tool-call"));
            executor.runAllBut(dev.forkline.views.viewmodel.WorkbenchViewModel.CHECK_TESTS);
            var pane = workbench.view().forkTree;
            pane.tree.getRoot().setExpanded(true);
            pane.tree.getRoot().getChildren().forEach(i -> i.setExpanded(true));
            BufferedImage checking = image(pane);
            executor.runAllNewestFirst();
            return new BufferedImage[] {checking, image(pane)};
        });
        write(trees[0], "run-badges-checking.png");
        write(trees[1], "run-badges-after.png");
    }

    private static BufferedImage image(Scene scene) {
        scene.getRoot().applyCss();
        scene.getRoot().layout();
        return SwingFXUtils.fromFXImage(scene.snapshot(null), null);
    }

    private static BufferedImage image(Node node) {
        node.getScene().getRoot().applyCss();
        node.getScene().getRoot().layout();
        return SwingFXUtils.fromFXImage(node.snapshot(null, null), null);
    }

    private static void write(BufferedImage image, String name) throws Exception {
        Files.createDirectories(DIR);
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertThat(colours.size()).as(name + ": a picture, not a blank").isGreaterThan(20);
        ImageIO.write(image, "png", DIR.resolve(name).toFile());
    }
}
