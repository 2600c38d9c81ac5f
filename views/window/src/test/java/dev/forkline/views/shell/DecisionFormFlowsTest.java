package dev.forkline.views.shell;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.KeyProtection;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.verify.Verifier;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Decide… form and the window's writes, driven with the mouse and keyboard (TestFX, headless): no verdict at
 * first, only the fields the verdict needs, the verdict on the button, a summary to confirm, a key set up in the window
 * (never made by typing a name) and unlocked with its passphrase; the first write into the bundle the reviewer opened
 * says where it goes and offers a copy; the status bar names the file; File › Save bundle as….
 */
class DecisionFormFlowsTest {

    private final FxRobot robot = new FxRobot();
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;
    private Samples samples;
    private ScriptedReplayBackend backend;

    private void show(Path dir, String... names) throws Exception {
        samples = Samples.imported(dir, names);
        backend = new ScriptedReplayBackend(List.of(ScriptedReplayBackend.READ_MATCHED), List.of());
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(backend).withContracts(List.of(Samples.CONTRACT));
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        model = workbench.model();
        awaitFx(() -> !model.library().traces().isEmpty() && !model.escapeQueue().loadingProperty().get());
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

    private DecisionPane decide(QueueItem.Kind kind) throws InterruptedException {
        QueueItem item = model.escapeQueue().items().stream().filter(i -> i.kind() == kind).findFirst().orElseThrow();
        HeadlessFx.call(() -> {
            view().showEscapeQueue();
            view().showDecision(item);
            return null;
        });
        awaitFx(() -> view().decisionPane != null && view().decisionPane.getScene().getWindow().isShowing());
        return view().decisionPane;
    }

    private void choose(DecisionPane form, Verdict verdict) {
        HeadlessFx.call(() -> {
            form.verdict.setValue(verdict);
            return null;
        });
    }

    /** Whether the node is on show: it and every parent visible and laid out. */
    private static boolean shown(javafx.scene.Node node) {
        return HeadlessFx.call(() -> {
            for (javafx.scene.Node n = node; n != null; n = n.getParent()) {
                if (!n.isVisible() || !n.isManaged()) {
                    return false;
                }
            }
            return true;
        });
    }

    @Test
    void theFormStartsWithNoVerdictShowsOnlyWhatTheVerdictNeedsAndNamesItOnTheButton(@TempDir Path dir) throws Exception {
        show(dir, "sandbox-lost-mid-effect");
        samples.setUpOwner("dana");
        DecisionPane form = decide(QueueItem.Kind.UNKNOWN_OUTCOME); // a payment whose outcome is unknown

        assertThat(form.verdict.getValue()).as("no verdict is chosen for the owner, not even for a payment").isNull();
        assertThat(form.review.getText()).isEqualTo("Choose a verdict");
        robot.clickOn(form.rationale).write("the provider shows no charge");
        assertThat(form.review.isDisabled()).as("no verdict yet").isTrue();
        assertThat(shown(form.arguments)).isFalse();
        assertThat(shown(form.treatAs)).isFalse();

        choose(form, Verdict.DENY);
        assertThat(shown(form.arguments)).as("a deny has no new arguments").isFalse();
        assertThat(shown(form.treatAs)).as("a deny may settle the unknown outcome").isTrue();
        assertThat(form.review.getText()).isEqualTo("Deny and sign…");
        assertThat(form.review.isDisabled()).isFalse();

        choose(form, Verdict.MODIFY);
        assertThat(shown(form.arguments)).isTrue();
        assertThat(form.review.getText()).isEqualTo("Approve with new arguments and sign…");

        HeadlessFx.call(() -> {
            form.treatAs.setValue(Decision.TREAT_AS_FAILED);
            return null;
        });
        choose(form, Verdict.ESCALATE);
        assertThat(shown(form.treatAs)).as("escalating settles nothing").isFalse();
        assertThat(shown(form.arguments)).isFalse();
        assertThat(form.review.getText()).isEqualTo("Escalate and sign…");

        choose(form, Verdict.APPROVE);
        assertThat(form.review.getText()).isEqualTo("Approve and sign…");
        robot.clickOn(form.review);
        assertThat(shown(form.summary)).as("a summary before the irreversible write").isTrue();
        assertThat(form.summary.getText()).contains("Approve unknown-outcome", "Signed by dana with the key sha256:",
                "Written to: " + samples.copy("sandbox-lost-mid-effect").resolve("trace.jsonl"), "(the bundle you opened)", "cannot be undone")
                .doesNotContain("Outcome settled as");
        assertThat(form.sign.getText()).isEqualTo("Approve and sign");
        assertThat(shown(form.passphrase)).as("the key is still locked").isTrue();
        long lines = Files.readAllLines(samples.copy("sandbox-lost-mid-effect").resolve("trace.jsonl")).size();
        robot.clickOn(form.back);
        assertThat(shown(form.rationale)).as("back to the form, nothing written").isTrue();
        assertThat(Files.readAllLines(samples.copy("sandbox-lost-mid-effect").resolve("trace.jsonl"))).hasSize((int) lines);
    }

    @Test
    void aKeyIsSetUpInTheWindowNeverByTypingANameAndUnlockedWithItsPassphrase(@TempDir Path dir) throws Exception {
        show(dir, "permission-escalation");
        DecisionPane form = decide(QueueItem.Kind.ESCAPE_ATTEMPT);
        assertThat(form.owner.isEditable()).as("the owner is chosen, not typed").isFalse();
        assertThat(form.owner.getItems()).isEmpty();
        assertThat(shown(form.keyPane)).as("with no key, the form offers to set one up").isTrue();
        robot.clickOn(form.rationale).write("the agent may not read /etc/shadow");
        choose(form, Verdict.DENY);
        assertThat(form.review.isDisabled()).as("no owner with a key yet").isTrue();

        robot.clickOn(form.keyPane.owner).write("dana");
        robot.clickOn(form.keyPane.passphrase).write(Samples.PASSPHRASE);
        robot.clickOn(form.keyPane.repeated).write("correct horse batteyr");
        robot.clickOn(form.keyPane.create);
        awaitFx(() -> form.keyPane.message.getText().contains("differ"));
        assertThat(samples.keys.hasKey("dana")).isFalse();
        robot.clickOn(form.keyPane.passphrase).write(Samples.PASSPHRASE);
        robot.clickOn(form.keyPane.repeated).write(Samples.PASSPHRASE);
        robot.clickOn(form.keyPane.create);
        awaitFx(() -> "dana".equals(form.owner.getValue()));
        assertThat(samples.keys.protection("dana")).isEqualTo(KeyProtection.PASSPHRASE);
        assertThat(Files.readString(samples.keys.ownerDirectory("dana").resolve("private.pem"))).contains("ENCRYPTED PRIVATE KEY");

        robot.clickOn(form.review);
        assertThat(shown(form.passphrase)).as("set up in this window: already unlocked").isFalse();
        robot.clickOn(form.sign);
        awaitFx(() -> form.status.getText().startsWith("Saved: "));
        Path events = samples.copy("permission-escalation").resolve("trace.jsonl");
        assertThat(form.status.getText()).contains("deny signed by dana", events.toString());
        awaitFx(() -> view().statusBar.getRightItems().stream().anyMatch(n -> n instanceof javafx.scene.control.Label l
                && l.getText().startsWith("Decision ") && l.getText().endsWith("written to " + events)));
    }

    @Test
    void theFirstWriteOffersACopyWhichLeavesTheReviewersBundleAsItWas(@TempDir Path dir) throws Exception {
        show(dir, "permission-escalation");
        samples.setUpOwner("dana");
        Path events = samples.copy("permission-escalation").resolve("trace.jsonl");
        List<String> before = Files.readAllLines(events);
        DecisionPane form = decide(QueueItem.Kind.ESCAPE_ATTEMPT);
        robot.clickOn(form.rationale).write("not without a ticket");
        choose(form, Verdict.DENY);
        robot.clickOn(form.review);
        assertThat(shown(form.writeToCopy)).as("the first write into the bundle she opened").isTrue();
        assertThat(form.writeToCopy.getText()).contains(samples.copy("permission-escalation").toString());
        robot.clickOn(form.writeToCopy);
        robot.clickOn(form.passphrase).write("wrong horse battery");
        robot.clickOn(form.sign);
        awaitFx(() -> form.status.getText().contains("does not unlock"));
        assertThat(Files.readAllLines(events)).as("a wrong passphrase writes nothing").isEqualTo(before);
        robot.clickOn(form.passphrase).write(Samples.PASSPHRASE);
        robot.clickOn(form.sign);
        awaitFx(() -> form.status.getText().startsWith("Saved: "));

        assertThat(Files.readAllLines(events)).as("her bundle is as it was").isEqualTo(before);
        Path copy = dir.resolve("exported").resolve(Samples.traceId("permission-escalation")).resolve("trace.jsonl");
        assertThat(Files.readString(copy)).contains("approval.decision");
        assertThat(form.status.getText()).contains(copy.toString());

        HeadlessFx.call(() -> {
            javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList().forEach(javafx.stage.Window::hide);
            return null;
        });
        DecisionPane next = decide(QueueItem.Kind.APPROVAL_REQUEST);
        robot.clickOn(next.rationale).write("fine");
        choose(next, Verdict.APPROVE);
        robot.clickOn(next.review);
        assertThat(shown(next.writeToCopy)).as("asked once per trace").isFalse();
        assertThat(next.summary.getText()).contains("Written to: " + copy, "(Forkline's copy)");
    }

    @Test
    void aReplayIntoTheReviewersBundleAsksWhereToWriteAndSaveBundleAsWritesAVerifiedCopy(@TempDir Path dir) throws Exception {
        show(dir, "wrong-tool-call");
        String traceId = Samples.traceId("wrong-tool-call");
        HeadlessFx.call(() -> {
            model.checkDocker(() -> new DockerProbe.Status(true, "Docker: ready (test)"));
            model.openStored(traceId);
            return null;
        });
        awaitFx(() -> model.opened() != null && model.replay().availableProperty().get());
        HeadlessFx.call(() -> {
            model.selectEvent("r1.9");
            return null;
        });
        Platform.runLater(() -> model.replay().replayFromHere()); // the question is modal: asked from the FX thread
        awaitFx(() -> robot.lookup("#write-target-dialog").tryQuery().isPresent());
        DialogPane question = robot.lookup("#write-target-dialog").queryAs(DialogPane.class);
        assertThat(question.getHeaderText()).isEqualTo("The replay will be appended to the bundle you opened");
        assertThat(question.getContentText()).contains(samples.copy("wrong-tool-call").resolve("trace.jsonl").toString(),
                dir.resolve("exported").resolve(traceId).toString());
        Button toCopy = (Button) question.lookupButton(question.getButtonTypes().stream()
                .filter(b -> b.getText().equals(BundleWritesUi.WRITE_TO_COPY)).findFirst().orElseThrow());
        robot.clickOn(toCopy);
        awaitFx(() -> model.replay().resultProperty().get() != null);
        assertThat(backend.replays).singleElement().satisfies(request ->
                assertThat(request.bundleDirectory()).isEqualTo(dir.resolve("exported").resolve(traceId)));
        awaitFx(() -> view().statusBar.getRightItems().stream().anyMatch(n -> n instanceof javafx.scene.control.Label l
                && l.getText().contains("written to " + dir.resolve("exported").resolve(traceId).resolve("trace.jsonl"))));

        assertThat(view().bundleWrites.saveAsItem().getText()).isEqualTo("Save bundle as…");
        Path saved = dir.resolve("saved").resolve("incident.forkline");
        Files.createDirectories(saved.getParent());
        HeadlessFx.call(() -> {
            view().bundleWrites.saveInto(traceId, saved);
            return null;
        });
        awaitFx(() -> model.bundleWrites().lastWriteProperty().get().equals("Bundle saved as " + saved));
        try (Bundle bundle = BundleReader.read(saved)) {
            assertThat(bundle.manifest().traceId()).isEqualTo(traceId);
            assertThat(Verifier.verify(bundle).ok()).isTrue();
        }
    }
}
