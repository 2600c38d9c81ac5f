package dev.forkline.views;

import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.data.ReplayBackend;
import dev.forkline.views.shell.Themes;
import dev.forkline.views.testdata.DockerRequired;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.ThemeChoice;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pictures of the five recorded samples (light and dark, the failure selected), the replay's progress and result, the
 * escape queue with the decide dialog, and the gate panel. Written to target/screenshots, or to the folder named by
 * -Dforkline.screenshots.dir.
 */
class ActionScreenshotsTest {

    private static final Path DIR = Path.of(System.getProperty("forkline.screenshots.dir", "target/screenshots"));

    private Stage stage;
    private Samples samples;

    @AfterEach
    void close() {
        HeadlessFx.hideAllWindows();
        HeadlessFx.call(() -> {
            Themes.apply(false);
            return null;
        });
        if (samples != null) {
            samples.close();
        }
    }

    @Test
    void everyRecordedSampleInLightAndDarkWithItsFailureSelected() throws Exception {
        for (String name : Samples.NAMES) {
            try (var bundle = BundleReader.read(Samples.ROOT.resolve(name))) {
                ScreenshotRequest request = ScreenshotRequest.of(bundle, DIR.resolve(name + "-light.png"));
                BufferedImage light = ImageIO.read(Screenshots.render(request).toFile());
                BufferedImage dark = ImageIO.read(Screenshots.render(request.withTheme(ThemeChoice.DARK)
                        .withOutput(DIR.resolve(name + "-dark.png"))).toFile());
                assertThat(ScreenshotsTest.distinctColours(light)).as(name).isGreaterThan(200);
                assertThat(ScreenshotsTest.meanLuminance(dark)).as(name).isLessThan(ScreenshotsTest.meanLuminance(light) - 60);
            }
        }
    }

    @Test
    void theEscapeQueueWithTheDecideDialogAndTheGatePanel(@TempDir Path dir) throws Exception {
        samples = Samples.imported(dir);
        samples.setUpOwner("dana");
        Workbench workbench = show(dir, false);
        var model = workbench.model();
        BufferedImage composed = HeadlessFx.call(() -> {
            workbench.view().showEscapeQueue();
            Stage queue = stageTitled("Forkline — escape queue");
            QueueItem payment = model.escapeQueue().items().stream().filter(i -> i.kind() == QueueItem.Kind.UNKNOWN_OUTCOME)
                    .findFirst().orElseThrow();
            lookupTable(queue).getSelectionModel().select(payment);
            BufferedImage base = image(queue.getScene());
            workbench.view().showDecision(payment);
            Stage decide = stageTitled("Forkline — decide " + payment.eventId());
            var form = lookupForm(decide);
            form.verdict.setValue(Verdict.APPROVE);
            form.rationale.setText("The payment for order-42 is idempotent by key: re-firing it against the provider is safe.");
            form.review.fire();
            form.passphrase.setText(Samples.PASSPHRASE);
            form.sign.fire();
            BufferedImage dialog = image(decide.getScene());
            BufferedImage out = new BufferedImage(base.getWidth(), base.getHeight() + dialog.getHeight() / 2, BufferedImage.TYPE_INT_ARGB);
            Graphics2D g = out.createGraphics();
            g.setColor(new java.awt.Color(0xf6, 0xf8, 0xfa));
            g.fillRect(0, 0, out.getWidth(), out.getHeight());
            g.drawImage(base, 0, 0, null);
            int x = out.getWidth() - dialog.getWidth() - 24;
            int y = out.getHeight() - dialog.getHeight() - 12;
            g.setColor(new java.awt.Color(0, 0, 0, 60));
            g.fillRect(x + 6, y + 6, dialog.getWidth(), dialog.getHeight());
            g.drawImage(dialog, x, y, null);
            g.setColor(new java.awt.Color(0x8c, 0x95, 0x9f));
            g.drawRect(x - 1, y - 1, dialog.getWidth() + 1, dialog.getHeight() + 1);
            g.dispose();
            return out;
        });
        write(composed, "escape-queue-decide-light.png");
        assertThat(model.escapeQueue().items()).extracting(QueueItem::kind).doesNotContain(QueueItem.Kind.UNKNOWN_OUTCOME);

        HeadlessFx.call(() -> {
            Window.getWindows().stream().filter(w -> w != stage).toList().forEach(Window::hide);
            model.openStored(Samples.traceId("sandbox-lost-mid-effect"));
            workbench.view().showBottomTab("recovery");
            workbench.view().setBottomShare(0.62);
            model.recovery().jumpTo(model.recovery().incidents().getFirst());
            return null;
        });
        write(HeadlessFx.call(() -> image(workbench.scene())), "gate-panel-light.png");
        HeadlessFx.call(() -> {
            model.themeProperty().set(ThemeChoice.DARK);
            model.openStored(Samples.traceId("permission-escalation"));
            workbench.view().showBottomTab("recovery");
            model.recovery().clauses().stream().filter(c -> !c.passed()).flatMap(c -> c.evidence().stream())
                    .filter(e -> e.eventId() != null).findFirst().ifPresent(model.recovery()::jumpTo);
            return null;
        });
        write(HeadlessFx.call(() -> image(workbench.scene())), "gate-panel-dark.png");
    }

    @Test
    @Tag("docker")
    void theReplaysProgressAndResult(@TempDir Path dir) throws Exception {
        DockerRequired.engineOrSkip();
        samples = Samples.imported(dir, "wrong-tool-call");
        Workbench workbench = show(dir, true);
        var model = workbench.model();
        AtomicReference<BufferedImage> progress = new AtomicReference<>();
        HeadlessFx.call(() -> {
            model.checkDocker(DockerProbe.engine());
            model.openStored(Samples.traceId("wrong-tool-call"));
            model.selectEvent("r1.15");
            model.replay().steps().addListener((javafx.collections.ListChangeListener<Object>) c -> {
                if (progress.get() == null && model.replay().steps().size() == 2) {
                    progress.set(image(workbench.scene()));
                }
            });
            model.bundleWrites().settle(Samples.traceId("wrong-tool-call"), dev.forkline.views.viewmodel.BundleWrites.Choice.WRITE_TO_BUNDLE);
            model.replay().replayFromHere();
            return null;
        });
        assertThat(model.replay().failureProperty().get()).isNull();
        assertThat(progress.get()).as("a picture taken while the replay ran").isNotNull();
        write(progress.get(), "replay-progress-light.png");
        HeadlessFx.call(() -> {
            if (!model.replay().goToFirstDivergence()) {
                var events = model.timeline().events();
                for (int i = 0; i < events.size(); i++) {
                    if (events.has(i, dev.forkline.trace.columns.EventFacts.FAILURE)) {
                        model.timeline().select(i);
                        break;
                    }
                }
            }
            workbench.view().showBottomTab("replay");
            return null;
        });
        write(HeadlessFx.call(() -> image(workbench.scene())), "replay-result-light.png");
    }

    private Workbench show(Path dir, boolean docker) {
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(docker ? ReplayBackend.docker() : null).withContracts(List.of(Samples.CONTRACT));
        return HeadlessFx.call(() -> {
            stage = new Stage();
            Workbench workbench = Workbench.create(options, new SameThreadTaskExecutor(), 1600, 1000);
            stage.setScene(workbench.scene());
            stage.show();
            return workbench;
        });
    }

    private static Stage stageTitled(String title) {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && title.equals(s.getTitle())).map(w -> (Stage) w)
                .findFirst().orElseThrow(() -> new AssertionError("no window " + title));
    }

    @SuppressWarnings("unchecked")
    private static javafx.scene.control.TableView<QueueItem> lookupTable(Stage stage) {
        return (javafx.scene.control.TableView<QueueItem>) stage.getScene().lookup("#queue-table");
    }

    private static DecisionControls lookupForm(Stage stage) {
        Scene scene = stage.getScene();
        @SuppressWarnings("unchecked")
        var verdict = (javafx.scene.control.ComboBox<Verdict>) scene.lookup("#decision-verdict");
        return new DecisionControls(verdict, (javafx.scene.control.TextArea) scene.lookup("#decision-rationale"),
                (javafx.scene.control.Button) scene.lookup("#decision-review"), (javafx.scene.control.PasswordField) scene.lookup("#decision-passphrase"),
                (javafx.scene.control.Button) scene.lookup("#decision-sign"));
    }

    private record DecisionControls(javafx.scene.control.ComboBox<Verdict> verdict, javafx.scene.control.TextArea rationale,
                                    javafx.scene.control.Button review, javafx.scene.control.PasswordField passphrase,
                                    javafx.scene.control.Button sign) {
    }

    private static BufferedImage image(Scene scene) {
        scene.getRoot().applyCss();
        scene.getRoot().layout();
        WritableImage snapshot = scene.snapshot(null);
        return SwingFXUtils.fromFXImage(snapshot, null);
    }

    private static void write(BufferedImage image, String name) throws Exception {
        Files.createDirectories(DIR);
        assertThat(ScreenshotsTest.distinctColours(image)).as(name).isGreaterThan(50);
        ImageIO.write(image, "png", DIR.resolve(name).toFile());
    }
}
