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
                form.verdictProperty().set(item.kind() == QueueItem.Kind.ESCAPE_ATTEMPT ? Verdict.DENY : Verdict.APPROVE);
                form.rationaleProperty().set("reviewed " + item.eventId() + " in the workbench");
                assertThat(form.settlesAnOutcome()).isEqualTo(item.kind() == QueueItem.Kind.UNKNOWN_OUTCOME);
                if (form.settlesAnOutcome()) {
                    form.treatAsProperty().set("failed");
                }
                if (decided == 0) {
                    assertThat(form.ownerProperty().get()).as("no owner remembered yet").isEmpty();
                    form.ownerProperty().set("dana");
                } else {
                    assertThat(form.ownerProperty().get()).as("the owner name is remembered").isEqualTo("dana");
                }
                assertThat(form.canSaveProperty().get()).isTrue();
                form.save();
                assertThat(form.state()).as(form.messageProperty().get()).isEqualTo(DecisionFormViewModel.State.SAVED);
                assertThat(form.messageProperty().get()).startsWith("Saved: ").contains("signed by dana");
                assertThat(form.canSaveProperty().get()).as("saved once").isFalse();
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
            WorkbenchViewModel workbench = samples.workbench(new SameThreadTaskExecutor(), null);
            QueueItem item = workbench.escapeQueue().items().getFirst();
            DecisionFormViewModel form = workbench.escapeQueue().decide(item);
            form.ownerProperty().set("dana");
            assertThat(form.canSaveProperty().get()).as("no rationale").isFalse();
            form.save();
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).contains("rationale");

            form.rationaleProperty().set("narrow it down");
            form.verdictProperty().set(Verdict.MODIFY);
            form.argumentsProperty().set("[1, 2]");
            form.save();
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).contains("JSON object");

            form.argumentsProperty().set("{\"command\": \"ls\"}");
            form.save();
            assertThat(form.state()).as(form.messageProperty().get()).isEqualTo(DecisionFormViewModel.State.SAVED);
            assertThat(workbench.escapeQueue().items()).extracting(QueueItem::eventId).doesNotContain(item.eventId());
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
            form.ownerProperty().set("dana");
            form.rationaleProperty().set("x");
            form.save();
            assertThat(form.state()).isEqualTo(DecisionFormViewModel.State.FAILED);
            assertThat(form.messageProperty().get()).isEqualTo(EscapeQueueViewModel.NO_KEY_RING);
        }
    }
}
