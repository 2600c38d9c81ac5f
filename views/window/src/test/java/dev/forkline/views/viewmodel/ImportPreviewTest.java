package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.testing.SharedSamples;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.HeldImports;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.testdata.UiQueueExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Importing a bundle large enough to be stored while it is read: the window shows the events read so far before the
 * import ends, the reviewer steps through them, the stored trace takes their place at the end (the cursor where it
 * was); cancelling stores nothing and closes what was shown. The reading thread is held after its first batch, so
 * what is asserted does not depend on timing.
 */
class ImportPreviewTest {

    private static final int EVENTS = 42_000;
    private static final String TRACE = HeldImports.TRACE;

    @TempDir
    static Path shared;
    static Path bundle;

    @TempDir
    Path dir;

    private Samples samples;
    private HeldImports library;
    private UiQueueExecutor executor;
    private WorkbenchViewModel workbench;

    @BeforeAll
    static void writeBundle() throws Exception {
        bundle = HeldImports.writeBundle(shared.resolve(TRACE), EVENTS);
        assertThat(Files.size(bundle.resolve(Bundle.EVENTS))).isGreaterThanOrEqualTo(BundleReader.LAZY_FROM_BYTES);
    }

    @BeforeEach
    void openWindow() throws Exception {
        samples = Samples.empty(dir);
        library = new HeldImports(samples.library);
        executor = new UiQueueExecutor();
        workbench = new WorkbenchViewModel(executor, library, new dev.forkline.views.state.ReconstructorStateProvider(),
                new RecentFiles(null));
        executor.runUiUntil(() -> !workbench.busyProperty().get() && executor.idle());
    }

    @AfterEach
    void close() throws Exception {
        library.release.countDown();
        executor.awaitWorkers();
        samples.close();
    }

    @Test
    void showsWhatWasReadSoFarLetsTheReviewerStepAndOpensTheStoredTraceInItsPlaceAtTheEnd() throws Exception {
        workbench.importFile(bundle);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.previewingProperty().get());

        OpenedTrace soFar = workbench.opened();
        assertThat(soFar.bundle().manifest().traceId()).isEqualTo(TRACE);
        assertThat(soFar.bundle().events().size()).as("only the first block was read").isPositive().isLessThan(EVENTS);
        assertThat(workbench.busyProperty().get()).as("the import goes on").isTrue();
        assertThat(workbench.backgroundMessageProperty().get()).contains("events so far");
        assertThat(workbench.timeline().model().eventCount()).isPositive();

        Event cursor = stepToTheThirdEvent(soFar);
        List<String> statesShown = new java.util.ArrayList<>();
        workbench.state().snapshotProperty().addListener((obs, old, now) -> statesShown.add(now.atEventId()));
        List<dev.forkline.views.inspector.EventDetails> described = new java.util.ArrayList<>();
        workbench.inspector().detailsProperty().addListener((obs, old, now) -> described.add(now));
        ReplayActionGuard guard = workbench.replay().guard();
        assertThat(List.of(guard.replayBlockedProperty().get(), guard.forkBlockedProperty().get(), guard.revertBlockedProperty().get()))
                .as("nothing is written into a trace not stored yet").allMatch(ReplayActionGuard.STILL_IMPORTING::equals);
        assertThat(workbench.causeNotes().canPin()).isFalse();
        workbench.causeNotes().pin(cursor.id(), "not yet");
        assertThat(workbench.causeNotes().messageProperty().get()).contains("still being imported");

        library.release.countDown();
        executor.runUiUntil(() -> !workbench.busyProperty().get() && executor.idle());

        assertThat(workbench.errorProperty().get()).isNull();
        assertThat(workbench.previewingProperty().get()).isFalse();
        assertThat(workbench.importRunningProperty().get()).isFalse();
        assertThat(workbench.opened()).isNotSameAs(soFar);
        assertThat(workbench.opened().bundle().events()).hasSize(EVENTS);
        assertThat(workbench.opened().integrity().verdict().status()).as("verified once whole").isNotEqualTo(TraceIntegrity.unverified().verdict().status());
        assertThat(workbench.timeline().selectedEvent().id()).as("the cursor stays where the reviewer put it").isEqualTo(cursor.id());
        assertThat(statesShown).as("the state panel never emptied while the stored trace took the part's place").doesNotContainNull();
        assertThat(described).as("nor did the inspector").doesNotContain(dev.forkline.views.inspector.EventDetails.NONE);
        assertThat(guard.revertBlockedProperty().get()).as("the stored trace can be written into").isNotEqualTo(ReplayActionGuard.STILL_IMPORTING);
        assertThat(samples.library.list()).extracting(TraceSummary::traceId).containsExactly(TRACE);
        assertThat(samples.library.list().getFirst().eventCount()).isEqualTo(EVENTS);
    }

    @Test
    void cancellingStoresNothingAndClosesWhatWasShown() throws Exception {
        workbench.importFile(bundle);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.previewingProperty().get());
        assertThat(workbench.opened()).isNotNull();

        workbench.cancelImport();

        assertThat(workbench.opened()).isNull();
        assertThat(workbench.previewingProperty().get()).isFalse();
        assertThat(workbench.timeline().events().size()).isZero();
        assertThat(workbench.busyProperty().get()).isFalse();
        assertThat(workbench.importNoticeProperty().get()).contains("cancelled").contains("nothing");

        assertNothingComesBackOnceTheImportEnds();
        assertThat(samples.store.find(TRACE)).isEmpty();
        assertThat(library.readTo).as("reading stopped at the batch after the cancel").isLessThan(EVENTS);
    }

    /**
     * An OTLP export of one document smaller than the megabyte its reading is told by is read in one go, so nothing of it
     * is shown until it is stored: its import can be cancelled all the same, and nothing of it is stored.
     */
    @Test
    void anImportThatShowsNothingWhileItRunsCanBeCancelled() throws Exception {
        holdImportsAtTheirFirstEvents();
        Path export = otlpExportOfOneDocument(40);
        assertThat(workbench.importRunningProperty().get()).isFalse();

        workbench.importFile(export);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.backgroundMessageProperty().get() != null
                && workbench.backgroundMessageProperty().get().contains("events so far"));
        assertThat(workbench.previewingProperty().get()).as("nothing to show before it is stored").isFalse();
        assertThat(workbench.importRunningProperty().get()).isTrue();
        assertThat(workbench.library().emptyListTextProperty().get()).as("an empty library says the trace is on its way")
                .isEqualTo(LibraryViewModel.IMPORTING);

        workbench.cancelImport();

        assertThat(workbench.importRunningProperty().get()).isFalse();
        assertThat(workbench.library().emptyListTextProperty().get()).isEqualTo(LibraryViewModel.NO_TRACES);
        assertThat(workbench.importNoticeProperty().get()).contains("cancelled").contains("nothing");
        assertNothingComesBackOnceTheImportEnds();
    }

    @Test
    void showsWhatWasReadSoFarOfAClaudeCodeTranscriptAsTheStoredTraceWillHoldIt() throws Exception {
        // the session's start sums up the whole file, and the part's last events close it early (its session end, a
        // response continued beyond the part): the others are those the stored trace holds
        showsWhatWasReadSoFarThenTheStoredTraceInItsPlace(SharedSamples.require(SharedSamples.CLAUDE_CODE), 1);
    }

    @Test
    void showsWhatWasReadSoFarOfACodexRolloutAndTheStoredTraceInItsPlaceAtTheEnd() throws Exception {
        // all but the part's close (its session end, a call whose token count comes later) are the stored trace's
        showsWhatWasReadSoFarThenTheStoredTraceInItsPlace(SharedSamples.require(SharedSamples.CODEX_ROLLOUT), 0);
    }

    /**
     * An OTLP export of one document is read whole before its events are made: the part shown while the first pass
     * goes on is the spans wholly read so far.
     */
    @Test
    void showsTheSpansReadSoFarOfAnOtlpExportOfOneDocument() throws Exception {
        Path export = otlpExportOfOneDocument(12_000);
        assertThat(Files.size(export)).as("several of the megabytes its reading is told by").isGreaterThan(3L << 20);
        // the spans follow one another in the file and in time: all but the part's close are the stored trace's
        showsWhatWasReadSoFarThenTheStoredTraceInItsPlace(export, 1);
    }

    /** An OTLP/JSON export of one pretty-printed document: {@code count} tool spans, one after another. */
    private Path otlpExportOfOneDocument(int count) throws IOException {
        StringBuilder spans = new StringBuilder();
        for (int i = 1; i <= count; i++) {
            spans.append(i == 1 ? "" : ",\n").append("        {\"traceId\": \"5b8efff798038103d269b633813fc60c\", \"spanId\": \"")
                    .append(String.format("%016x", i)).append("\", \"name\": \"execute_tool ls\", \"kind\": 1, ")
                    .append("\"startTimeUnixNano\": \"").append(1_700_000_000_000_000_000L + i * 1_000_000_000L)
                    .append("\", \"endTimeUnixNano\": \"").append(1_700_000_000_500_000_000L + i * 1_000_000_000L)
                    .append("\", \"attributes\": [{\"key\": \"gen_ai.operation.name\", \"value\": {\"stringValue\": \"execute_tool\"}},")
                    .append(" {\"key\": \"gen_ai.tool.name\", \"value\": {\"stringValue\": \"ls\"}},")
                    .append(" {\"key\": \"gen_ai.tool.call.result\", \"value\": {\"stringValue\": \"src\\ntarget\\nREADME.md ")
                    .append(i).append("\"}}]}");
        }
        Path export = dir.resolve("export.json");
        Files.writeString(export, "{\n  \"resourceSpans\": [{\n    \"resource\": {\"attributes\": [{\"key\": \"service.name\", "
                + "\"value\": {\"stringValue\": \"agent\"}}]},\n    \"scopeSpans\": [{\n      \"spans\": [\n" + spans
                + "\n      ]\n    }]\n  }]\n}\n");
        return export;
    }

    /**
     * Imports a foreign file whose importer reports its reading: the part read so far is shown while the import goes
     * on, its events from {@code firstAsStored} up to its last two the stored trace's, and the stored trace then takes
     * its place with the cursor kept.
     */
    private void showsWhatWasReadSoFarThenTheStoredTraceInItsPlace(Path file, int firstAsStored) throws Exception {
        List<Event> whole = Importers.builtIn().read(file).bundle().events();
        workbench.importFile(file);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.previewingProperty().get());

        OpenedTrace soFar = workbench.opened();
        List<Event> part = soFar.bundle().events();
        assertThat(library.bytesReadTo).as("the first report of the importer's reading").isLessThan(Files.size(file));
        assertThat(part.size()).as("what was read so far").isGreaterThan(3).isLessThan(whole.size());
        assertThat(workbench.busyProperty().get()).as("the import goes on").isTrue();
        assertThat(workbench.backgroundMessageProperty().get()).contains("Reading").contains("MB of");
        for (int i = firstAsStored; i < part.size() - 2; i++) {
            assertThat(part.get(i).id()).as("event %d", i).isEqualTo(whole.get(i).id());
            assertThat(part.get(i).data()).as("event %d", i).isEqualTo(whole.get(i).data());
        }

        Event cursor = stepToTheThirdEvent(soFar);
        assertThat(workbench.replay().guard().forkBlockedProperty().get()).isEqualTo(ReplayActionGuard.STILL_IMPORTING);

        library.release.countDown();
        executor.runUiUntil(() -> !workbench.busyProperty().get() && executor.idle());

        assertThat(workbench.errorProperty().get()).isNull();
        assertThat(workbench.previewingProperty().get()).isFalse();
        assertThat(workbench.opened().bundle().events()).hasSize(whole.size());
        assertThat(workbench.timeline().selectedEvent().id()).as("the cursor stays where the reviewer put it").isEqualTo(cursor.id());
        assertThat(samples.library.list()).extracting(TraceSummary::traceId).containsExactly(soFar.bundle().manifest().traceId());
    }

    @Test
    void cancellingAClaudeCodeImportStoresNothing() throws Exception {
        Path transcript = SharedSamples.require(SharedSamples.CLAUDE_CODE);
        workbench.importFile(transcript);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.previewingProperty().get());
        assertThat(library.partStops).as("the parts imported for previews").isNotEmpty()
                .noneMatch(java.util.function.BooleanSupplier::getAsBoolean);

        workbench.cancelImport();

        assertThat(library.partStops).as("a part still being imported stops").allMatch(java.util.function.BooleanSupplier::getAsBoolean);
        assertThat(workbench.opened()).isNull();
        assertThat(workbench.importNoticeProperty().get()).contains("cancelled").contains("nothing");
        assertNothingComesBackOnceTheImportEnds();
    }

    @Test
    void cancellingAClaudeCodeImportWhileItsEventsAreStoredStoresNothing() throws Exception {
        holdImportsAtTheirFirstEvents();
        Path transcript = SharedSamples.require(SharedSamples.CLAUDE_CODE);
        workbench.importFile(transcript);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.backgroundMessageProperty().get() != null
                && workbench.backgroundMessageProperty().get().contains("events so far"));
        assertThat(workbench.backgroundMessageProperty().get()).startsWith("Importing " + transcript.getFileName());
        assertThat(library.readTo).as("the events handed to the store so far").isPositive();

        workbench.cancelImport();

        assertThat(workbench.importNoticeProperty().get()).contains("cancelled").contains("nothing");
        assertNothingComesBackOnceTheImportEnds();
    }

    /**
     * A Codex rollout's header pass stops at its first lines, so its events are stored while the rest is read: the
     * progress says both how far the file was read and how many events were made, in one text.
     */
    @Test
    void aCodexRolloutsProgressTellsTheBytesReadWithTheEventsMade() throws Exception {
        holdImportsAtTheirFirstEvents();
        Path rollout = dir.resolve("rollout.jsonl");
        StringBuilder lines = new StringBuilder()
                .append("{\"timestamp\":\"2025-05-01T09:00:00Z\",\"type\":\"session_meta\",\"payload\":{\"id\":\"s1\",\"cwd\":\"/w\"}}\n")
                .append("{\"timestamp\":\"2025-05-01T09:00:01Z\",\"type\":\"turn_context\",\"payload\":{\"cwd\":\"/w\",\"model\":\"m\"}}\n")
                .append("{\"timestamp\":\"2025-05-01T09:00:02Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",")
                .append("\"name\":\"shell\",\"arguments\":\"{}\",\"call_id\":\"c1\"}}\n");
        for (int i = 1; i <= 30_000; i++) {
            // each a response of the model: its message, then the session's tokens counted so far
            lines.append("{\"timestamp\":\"2025-05-01T09:01:00Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",")
                    .append("\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"").append(i).append(" ")
                    .append("m".repeat(400)).append("\"}]}}\n");
            lines.append("{\"timestamp\":\"2025-05-01T09:01:00Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\",")
                    .append("\"info\":{\"total_token_usage\":{\"input_tokens\":").append(100L * i).append(",\"output_tokens\":")
                    .append(i).append("}}}}\n");
        }
        Files.writeString(rollout, lines);

        workbench.importFile(rollout);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.backgroundMessageProperty().get() != null
                && workbench.backgroundMessageProperty().get().contains("events so far"));

        assertThat(workbench.backgroundMessageProperty().get()).startsWith("Importing rollout.jsonl · ").contains(" MB of ");
        assertThat(workbench.backgroundProgressProperty().get()).isGreaterThan(0).isLessThan(1);
        library.release.countDown();
        executor.runUiUntil(() -> !workbench.busyProperty().get() && executor.idle());
        assertThat(workbench.errorProperty().get()).isNull();
        assertThat(workbench.opened().bundle().events()).hasSizeGreaterThan(30_000);
    }

    /** Lets the cancelled import's held reading go on: nothing comes back into the window, and nothing is stored. */
    private void assertNothingComesBackOnceTheImportEnds() throws Exception {
        library.release.countDown();
        executor.awaitWorkers();
        executor.runUiUntil(executor::idle);
        assertThat(workbench.opened()).as("nothing comes back once cancelled").isNull();
        assertThat(workbench.errorProperty().get()).isNull();
        assertThat(samples.library.list()).isEmpty();
    }

    /** The window again, over a library that holds a foreign file's import at its first events stored, not at its reading. */
    private void holdImportsAtTheirFirstEvents() throws InterruptedException {
        library = HeldImports.atFirstEvents(samples.library);
        workbench = new WorkbenchViewModel(executor, library, new dev.forkline.views.state.ReconstructorStateProvider(),
                new RecentFiles(null));
        executor.runUiUntil(() -> !workbench.busyProperty().get() && executor.idle());
    }

    /** Steps from the preview's first event to its third: the cursor and the inspector follow. */
    private Event stepToTheThirdEvent(OpenedTrace soFar) {
        TimelineViewModel timeline = workbench.timeline();
        timeline.select(0);
        timeline.step(1, StepScope.ALL);
        timeline.step(1, StepScope.ALL);
        Event cursor = timeline.selectedEvent();
        assertThat(cursor.id()).isEqualTo(soFar.bundle().columns().id(2));
        assertThat(workbench.inspector().details().title()).isNotBlank();
        return cursor;
    }
}
