package dev.forkline.views.viewmodel;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.gate.ClauseResult;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.testdata.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The owner clears the escape queue of the sample library; every decision is on disk, signed, and verifies. */
class EscapeQueueViewModelTest {

    @Test
    void theOwnerClearsTheSampleLibrarysQueueWithSignedDecisions(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir)) {
            samples.setUpOwner("dana");
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            EscapeQueueViewModel queue = workbench.escapeQueue();
            int waiting = queue.countProperty().get();
            assertThat(waiting).as("approval requests, escape attempts and the payment of unknown outcome").isGreaterThanOrEqualTo(5);
            assertThat(queue.items()).extracting(QueueItem::kind).contains(QueueItem.Kind.APPROVAL_REQUEST,
                    QueueItem.Kind.ESCAPE_ATTEMPT, QueueItem.Kind.UNKNOWN_OUTCOME);
            assertThat(queue.items()).isSortedAccordingTo((a, b) -> b.ts().compareTo(a.ts()));

            int decided = 0;
            while (!queue.items().isEmpty() && decided < 40) {
                QueueItem item = queue.items().getFirst();
                queue.open(item);
                assertThat(workbench.timeline().selectedEvent().id()).as("selecting an item opens the trace at its event").isEqualTo(item.eventId());
                DecisionFormViewModel form = queue.decide(item);
                assertThat(form.verdictProperty().get()).as("no verdict is chosen for the owner").isNull();
                assertThat(form.canReviewProperty().get()).isFalse();
                form.verdictProperty().set(item.kind() == QueueItem.Kind.ESCAPE_ATTEMPT ? Verdict.DENY : Verdict.APPROVE);
                form.rationaleProperty().set("reviewed " + item.eventId() + " in the workbench");
                assertThat(form.settlesAnOutcome()).isEqualTo(item.kind() == QueueItem.Kind.UNKNOWN_OUTCOME);
                if (form.settlesAnOutcome()) {
                    form.treatAsProperty().set("failed");
                }
                assertThat(form.ownerProperty().get()).as("the only owner with a key, then the one remembered").isEqualTo("dana");
                assertThat(form.canReviewProperty().get()).isTrue();
                form.review();
                assertThat(form.summaryProperty().get()).contains("Signed by dana").contains("cannot be undone");
                assertThat(form.needsPassphrase()).as("the key is unlocked once per window").isEqualTo(decided == 0);
                form.confirm(decided == 0 ? Samples.PASSPHRASE.toCharArray() : new char[0]);
                assertThat(form.state()).as(form.messageProperty().get()).isEqualTo(DecisionFormViewModel.State.SAVED);
                assertThat(form.messageProperty().get()).startsWith("Saved: ").contains("signed by dana");
                assertThat(form.canReviewProperty().get()).as("saved once").isFalse();
                decided++;
            }
            assertThat(decided).isEqualTo(waiting);
            assertThat(queue.items()).isEmpty();
            assertThat(queue.countProperty().get()).isZero();

            for (String name : Samples.NAMES) {
                try (Bundle bundle = BundleReader.read(samples.copy(name))) {
                    List<DecisionCheck> checks = DecisionVerifier.verify(bundle, samples.keys.trustedKeys());
                    if (name.equals("sandbox-lost-mid-effect")) {
                        assertThat(bundle.events()).filteredOn(e -> e.type().equals("approval.decision"))
                                .as("the unknown payment is settled as failed, signed").singleElement()
                                .satisfies(e -> assertThat(e.text("treatAs")).isEqualTo("failed"));
                    }
                    assertThat(checks).allSatisfy(check -> {
                        assertThat(check.signatureValid()).isTrue();
                        assertThat(check.ok()).as(check.describe()).isTrue();
                    });
                }
            }
            assertThat(samples.settings.get(Settings.OWNER)).contains("dana");

            // the gate panel now sees dana's trusted decisions: the escapes clause holds
            workbench.recovery().shownProperty().set(true);
            workbench.openStored(Samples.traceId("permission-escalation"));
            assertThat(workbench.recovery().clauses()).filteredOn(c -> c.clause().equals(ClauseResult.ESCAPES))
                    .singleElement().satisfies(c -> assertThat(c.passed()).as(c.message()).isTrue());
        }
    }

    @Test
    void aDecisionNeedsARationaleAndValidArguments(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "permission-escalation")) {
            samples.setUpOwner("dana");
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            QueueItem item = workbench.escapeQueue().items().getFirst();
            DecisionFormViewModel form = workbench.escapeQueue().decide(item);
            form.verdictProperty().set(Verdict.DENY);
            assertThat(form.canReviewProperty().get()).as("no rationale").isFalse();
            form.review();
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).contains("rationale");

            form.rationaleProperty().set("narrow it down");
            form.verdictProperty().set(Verdict.MODIFY);
            form.argumentsProperty().set("[1, 2]");
            form.review();
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).contains("JSON object");

            form.argumentsProperty().set("{\"command\": \"ls\"}");
            form.review();
            form.confirm(Samples.PASSPHRASE.toCharArray());
            assertThat(form.state()).as(form.messageProperty().get()).isEqualTo(DecisionFormViewModel.State.SAVED);
            assertThat(workbench.escapeQueue().items()).extracting(QueueItem::eventId).doesNotContain(item.eventId());
        }
    }

    @Test
    void aTypedNameWithoutAKeyCannotSignAndAWrongPassphraseWritesNothing(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "permission-escalation")) {
            samples.setUpOwner("dana");
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            QueueItem item = workbench.escapeQueue().items().getFirst();
            DecisionFormViewModel form = workbench.escapeQueue().decide(item);
            form.verdictProperty().set(Verdict.DENY);
            form.rationaleProperty().set("no");
            form.ownerProperty().set("mallory");
            assertThat(form.canReviewProperty().get()).as("mallory has no key").isFalse();
            form.review();
            assertThat(form.messageProperty().get()).contains("no key is set up for 'mallory'");
            assertThat(samples.keys.hasKey("mallory")).as("typing a name creates no key").isFalse();

            form.ownerProperty().set("dana");
            form.confirm(Samples.PASSPHRASE.toCharArray());
            assertThat(form.state()).as("not before the summary was shown").isEqualTo(DecisionFormViewModel.State.FAILED);
            form.review();
            long before = java.nio.file.Files.readAllLines(samples.copy("permission-escalation").resolve("trace.jsonl")).size();
            form.confirm("wrong horse battery".toCharArray());
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).contains("does not unlock dana's key").contains("nothing was written");
            assertThat(java.nio.file.Files.readAllLines(samples.copy("permission-escalation").resolve("trace.jsonl"))).hasSize((int) before);
            assertThat(form.reviewingProperty().get()).as("the summary stays up to try again").isTrue();
            form.confirm(Samples.PASSPHRASE.toCharArray());
            assertThat(form.state()).as(form.messageProperty().get()).isEqualTo(DecisionFormViewModel.State.SAVED);
        }
    }

    @Test
    void anUnprotectedKeyIsRefusedUntilProtectedInTheWindow(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "permission-escalation")) {
            samples.keys.loadOrCreate("dana"); // as an older Forkline wrote it
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            EscapeQueueViewModel queue = workbench.escapeQueue();
            DecisionFormViewModel form = queue.decide(queue.items().getFirst());
            form.verdictProperty().set(Verdict.DENY);
            form.rationaleProperty().set("no");
            form.review();
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).contains("not protected by a passphrase").contains("forkline keys protect --owner dana");

            OwnerKeySetupViewModel setup = new OwnerKeySetupViewModel(queue);
            setup.ownerProperty().set("dana");
            assertThat(setup.protectsExisting()).isTrue();
            setup.submit(Samples.PASSPHRASE.toCharArray(), Samples.PASSPHRASE.toCharArray(), name -> { });
            assertThat(samples.keys.protection("dana")).isEqualTo(dev.forkline.trace.decision.KeyProtection.PASSPHRASE);
            form.review();
            assertThat(form.needsPassphrase()).as("protected in this window: unlocked").isFalse();
            form.confirm(new char[0]);
            assertThat(form.state()).as(form.messageProperty().get()).isEqualTo(DecisionFormViewModel.State.SAVED);
        }
    }

    @Test
    void withoutAKeyRingDecisionsSayWhy(@TempDir Path dir) throws Exception {
        try (Samples samples = Samples.imported(dir, "permission-escalation")) {
            WorkbenchViewModel workbench = new WorkbenchViewModel(new SameThreadTaskExecutor(), samples.library,
                    new dev.forkline.views.state.ReconstructorStateProvider(), new RecentFiles(null));
            EscapeQueueViewModel queue = workbench.escapeQueue();
            assertThat(queue.canDecide()).isFalse();
            DecisionFormViewModel form = queue.decide(queue.items().getFirst());
            form.verdictProperty().set(Verdict.DENY);
            form.ownerProperty().set("dana");
            form.rationaleProperty().set("x");
            form.review();
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).isEqualTo(EscapeQueueViewModel.NO_KEY_RING);
        }
    }
}
