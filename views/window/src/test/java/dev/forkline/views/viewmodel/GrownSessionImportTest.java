package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.SharedSamples;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.ScriptedReplayBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window's twin of {@code forkline import --replace}: a real Claude Code session imported while it was still going
 * on and again once grown is refused with an error that offers to replace the stored trace, and only such an error.
 * Replaced by another process while the window shows it, the trace is not reloaded under the reviewer: she is told.
 */
class GrownSessionImportTest {

    @TempDir
    Path dir;

    private List<String> records;
    private Path session;
    private Samples samples;
    private WorkbenchViewModel workbench;

    /** The session's file cut after 120 of its 217 records, imported through the window's view model: 129 events. */
    @BeforeEach
    void importTheSessionWhileItRan() throws Exception {
        records = Files.readAllLines(SharedSamples.require(SharedSamples.CLAUDE_CODE_SPLIT_MESSAGES));
        session = dir.resolve("session.jsonl");
        Files.write(session, records.subList(0, 120));
        samples = Samples.empty(dir.resolve("store"));
        workbench = samples.workbench(new SameThreadTaskExecutor(), ScriptedReplayBackend.goMissing());
        workbench.importFile(session);
        assertThat(workbench.errorProperty().get()).isNull();
        assertThat(onlyTrace(workbench).eventCount()).isEqualTo(129);
    }

    @AfterEach
    void close() throws Exception {
        if (samples != null) {
            samples.close();
        }
    }

    @Test
    void theRefusalOffersToReplaceTheStoredTraceAndTheOfferStoresTheLongerSession() throws Exception {
        Files.write(session, records);
        workbench.importFile(session);

        UserError refused = workbench.errorProperty().get();
        assertThat(refused.title()).isEqualTo("Could not import session.jsonl");
        assertThat(refused.detail()).contains("the new bundle holds the first 127 unchanged; its run has 231 events (a session"
                + " stored while it was still going on");
        assertThat(refused.offer()).isNotNull();
        assertThat(refused.offer().label()).isEqualTo("Replace the stored trace");
        assertThat(onlyTrace(workbench).eventCount()).as("nothing changed before the offer is taken").isEqualTo(129);

        // the offer stores the file as it was read and checked: the file is not read again (here it no longer exists)
        Files.delete(session);
        refused.offer().action().run();

        assertThat(workbench.errorProperty().get()).isSameAs(refused);
        assertThat(onlyTrace(workbench).eventCount()).isEqualTo(231);
        assertThat(workbench.opened().bundle().events()).hasSize(231);
        Files.write(session, records);

        // a replacement the store refuses ends in an error that offers nothing
        samples.store.hold(onlyTrace(workbench).traceId(), "legal", "incident 7");
        Files.write(session, records.subList(0, 200));
        workbench.importFile(session);
        workbench.errorProperty().get().offer().action().run();
        UserError held = workbench.errorProperty().get();
        assertThat(held.detail()).contains("is on legal hold").contains("it is not replaced");
        assertThat(held.offer()).isNull();
        assertThat(onlyTrace(workbench).eventCount()).isEqualTo(231);
    }

    @Test
    void aDeclinedOfferLetsGoOfTheReadAndTheStoredTraceStaysAsItWas() throws Exception {
        Files.write(session, records);
        workbench.importFile(session);
        UserError refused = workbench.errorProperty().get();
        assertThat(refused.offer()).isNotNull();

        refused.offer().declined().run();

        assertThat(onlyTrace(workbench).eventCount()).isEqualTo(129);
        refused.offer().action().run(); // not offered by a closed dialog; were it taken, nothing is left to store
        assertThat(workbench.errorProperty().get().detail()).contains("was stored or let go already");
        assertThat(onlyTrace(workbench).eventCount()).isEqualTo(129);
    }

    @Test
    void theOpenTraceReplacedOrDeletedByAnotherProcessIsToldAndReloadedOnlyWhenAsked() throws Exception {
        String traceId = onlyTrace(workbench).traceId();
        workbench.selectEvent(workbench.opened().bundle().events().get(40).id());
        workbench.live().poll(); // the first poll takes the store's mark

        // a terminal imports the grown file in its place
        Files.write(session, records);
        try {
            samples.library.importTrace(session, dev.forkline.views.concurrent.Progress.NONE, null);
            throw new AssertionError("the grown file is refused before it is stored in place");
        } catch (dev.forkline.views.data.StoredOtherwiseException refused) {
            refused.storeReplacing(dev.forkline.views.concurrent.Progress.NONE);
        }
        workbench.live().poll();

        assertThat(workbench.opened().bundle().events()).as("not reloaded under the reviewer").hasSize(129);
        assertThat(workbench.live().changedElsewhereProperty().get()).isEqualTo(new LiveSessionsViewModel.ChangedElsewhere(
                "Changed in the store since it was opened: 231 events there, 129 shown.", true));
        workbench.live().poll();
        assertThat(workbench.live().changedElsewhereProperty().get()).as("nothing changed since: still told").isNotNull();

        workbench.live().reloadChanged();

        assertThat(workbench.opened().bundle().events()).hasSize(231);
        assertThat(workbench.timeline().selectedEvent().id()).as("where the reviewer was")
                .isEqualTo(workbench.opened().bundle().events().get(40).id());
        assertThat(workbench.live().changedElsewhereProperty().get()).isNull();

        samples.store.delete(traceId, "terminal", "test");
        workbench.live().poll();
        assertThat(workbench.live().changedElsewhereProperty().get().reloadable()).isFalse();
        assertThat(workbench.live().changedElsewhereProperty().get().notice()).startsWith("Deleted from the store since it was opened");

        // a trace shown that was never stored is not one deleted
        workbench.open(dev.forkline.views.testdata.DemoTrace.bundle());
        samples.library.importTrace(session, dev.forkline.views.concurrent.Progress.NONE);
        workbench.live().poll();
        assertThat(workbench.live().changedElsewhereProperty().get()).isNull();
    }

    private static TraceSummary onlyTrace(WorkbenchViewModel workbench) {
        assertThat(workbench.library().traces()).hasSize(1);
        return workbench.library().traces().getFirst();
    }
}
