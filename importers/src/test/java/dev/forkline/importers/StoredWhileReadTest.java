package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.StoredLines;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.StreamedImport;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.testing.RepeatedInspectLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A foreign import stored while it is read ({@link ImportSession#storeWhileReading}, as {@code forkline import} and the
 * window do for Claude Code, Codex, OTel, Inspect, OpenHands evaluation outputs and Langfuse) stores exactly what the
 * same import stored after reading stores; the events reach the store in order with their canonical lines and source
 * lines; an import that ends without its finish stores nothing.
 */
class StoredWhileReadTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    /** Past the in-memory limit, so the events also go through the session's temporary file; two runs. */
    private static final int EVENTS = SpilledEvents.IN_MEMORY_LIMIT + 10_000;

    @TempDir
    Path folder;

    @Test
    void theEventsReachTheSinkInOrderWithTheirLinesAndSourceLines() throws Exception {
        RecordingSink sink = new RecordingSink();
        ImportSession session = new ImportSession("test", "long.jsonl");
        session.storeWhileReading(sink, "long-trace", "a long import", T0);
        ImportedTrace trace = appendAll(session, EVENTS).finish("long-trace", "a long import", T0);

        assertThat(sink.manifest.traceId()).isEqualTo("long-trace");
        assertThat(sink.manifest).isEqualTo(trace.bundle().manifest());
        List<Event> events = trace.bundle().events();
        assertThat(sink.lines).hasSize(events.size());
        assertThat(sink.batches).as("batches of at most %d events", StreamedEvents.BATCH_EVENTS).isGreaterThan(EVENTS / StreamedEvents.BATCH_EVENTS);
        for (int i = 0; i < events.size(); i += 997) {
            assertThat(sink.lines.get(i)).isEqualTo(EventCodec.toLine(events.get(i)));
            assertThat(sink.sourceLines.get(i)).isEqualTo((long) trace.bundle().lines()[i]).isEqualTo(i + 1L);
        }
        assertThat(sink.lines.getLast()).isEqualTo(EventCodec.toLine(events.getLast()));

        // the session keeps the batches' column rows instead of making its own: they are the rows it would have made
        assertKeptColumnsAreTheOnesMade(trace, EVENTS);
        ImportSession held = new ImportSession("test", "short.jsonl");
        held.storeWhileReading(new RecordingSink(), "long-trace", "a long import", T0);
        assertKeptColumnsAreTheOnesMade(appendAll(held, 5_000).finish("long-trace", "a long import", T0), 5_000);
    }

    /** The columns of {@code trace}, imported while stored, are those of the same {@code count} events imported alone. */
    private static void assertKeptColumnsAreTheOnesMade(ImportedTrace trace, int count) throws Exception {
        EventColumns kept = trace.bundle().columns();
        EventColumns made = appendAll(new ImportSession("test", "long.jsonl"), count).finish("long-trace", "a long import", T0).bundle().columns();
        assertThat(kept.size()).isEqualTo(made.size()).isEqualTo(count);
        for (int i = 0; i < made.size(); i++) {
            if (!kept.id(i).equals(made.id(i)) || !kept.run(i).equals(made.run(i)) || kept.seq(i) != made.seq(i)
                    || !kept.hash(i).equals(made.hash(i)) || !kept.type(i).equals(made.type(i)) || !kept.ts(i).equals(made.ts(i))
                    || !kept.blobNames(i).equals(made.blobNames(i)) || kept.flags(i) != made.flags(i)) {
                throw new AssertionError("column row " + i + " differs: " + kept.id(i) + " / " + made.id(i));
            }
        }
    }

    @Test
    void aLongImportStoredWhileReadIsTheTraceStoredAfterReading() throws Exception {
        List<String> storedAfter;
        try (TraceStore store = TraceStore.open(folder.resolve("after/store"))) {
            ImportedTrace trace = appendAll(new ImportSession("test", "long.jsonl"), EVENTS).finish("long-trace", "a long import", T0);
            try (Bundle bundle = trace.bundle()) {
                store.importTrace(bundle, trace.findings(), "long.jsonl");
            }
            storedAfter = StoredLines.of(store, "long-trace");
        }
        try (TraceStore store = TraceStore.open(folder.resolve("while/store"))) {
            assertThat(importWhileReading(store).status()).isEqualTo(StoreResult.Status.IMPORTED);
            assertThat(StoredLines.of(store, "long-trace")).isEqualTo(storedAfter);
            assertThat(store.find("long-trace")).get().satisfies(summary -> {
                assertThat(summary.title()).isEqualTo("a long import");
                assertThat(summary.eventCount()).isEqualTo(EVENTS);
                assertThat(summary.runCount()).isEqualTo(2);
            });

            assertThat(importWhileReading(store).status()).as("the same trace again").isEqualTo(StoreResult.Status.UNCHANGED);
        }
    }

    @Test
    void aLongImportStoredWhileReadIsCheckedFromTheLinesTheStoreWroteAsTheSameImportHeldInMemory() throws Exception {
        ImportedTrace held = appendAll(new ImportSession("test", "long.jsonl", Integer.MAX_VALUE, folder), EVENTS)
                .finish("long-trace", "a long import", T0);
        TraceChecks.Checked heldChecked = TraceChecks.check(held, TrustedKeys.none());
        try (TraceStore store = TraceStore.open(folder.resolve("store"))) {
            try (StreamedImport stream = store.streamedImport("long.jsonl")) {
                ImportSession session = new ImportSession("test", "long.jsonl");
                session.storeWhileReading(stream, "long-trace", "a long import", T0);
                ImportedTrace trace = appendAll(session, EVENTS).finish("long-trace", "a long import", T0);
                try (Bundle bundle = trace.bundle()) {
                    assertThat(((LazyEventList) bundle.events()).lines().file()).as("no copy of the session's own")
                            .isEqualTo("the events of long.jsonl as the store wrote them");
                    for (int i = 0; i < EVENTS; i += i > EVENTS - 3 ? 1 : 997) {
                        assertThat(EventCodec.toLine(bundle.events().get(i))).isEqualTo(EventCodec.toLine(held.bundle().events().get(i)));
                    }
                    TraceChecks.Checked checked = TraceChecks.check(trace, TrustedKeys.none());
                    assertThat(checked.findings()).isEqualTo(heldChecked.findings()).isNotEmpty();
                    assertThat(checked.integrity()).isEqualTo(heldChecked.integrity());
                    assertThat(stream.finish(bundle, checked.findings(), checked.integrity()).status()).isEqualTo(StoreResult.Status.IMPORTED);
                }
            }
            List<String> stored = new ArrayList<>(StoredLines.of(store, "long-trace")); // in the store's order
            List<String> appended = new ArrayList<>();
            held.bundle().events().forEach(event -> appended.add(EventCodec.toLine(event)));
            stored.sort(null);
            appended.sort(null);
            assertThat(stored.equals(appended)).as("the same %d lines stored", EVENTS).isTrue();
            assertThat(store.integrity("long-trace")).contains(heldChecked.integrity());
        }
    }

    @Test
    void anImportEndedWithoutItsFinishStoresNothingAndTheStoreWritesOn() throws Exception {
        try (TraceStore store = TraceStore.open(folder.resolve("store"))) {
            try (StreamedImport stream = store.streamedImport("long.jsonl")) {
                ImportSession session = new ImportSession("test", "long.jsonl");
                session.storeWhileReading(stream, "long-trace", "a long import", T0);
                appendAll(session, EVENTS);
                session.events().getLast(); // every event appended is hashed and handed to the store by now
                // the importer fails here (a bad line further on): the stream is closed without finish
            }
            assertThat(store.find("long-trace")).isEmpty();
            assertThat(store.list()).isEmpty();

            assertThat(importWhileReading(store).status()).isEqualTo(StoreResult.Status.IMPORTED);
        }
    }

    @Test
    void theTraceIsFinishedAsItWasStoredAndStoredFromItsFirstEvent() throws Exception {
        ImportSession session = new ImportSession("test", "t.jsonl");
        session.storeWhileReading(new RecordingSink(), "t", "title", T0);
        appendAll(session, 10);
        assertThatThrownBy(() -> session.finish("t", "another title", T0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("another title");

        ImportSession late = new ImportSession("test", "t.jsonl");
        appendAll(late, 1);
        assertThatThrownBy(() -> late.storeWhileReading(new RecordingSink(), "t", "title", T0)).isInstanceOf(IllegalStateException.class);
        late.storeWhileReading(null, "t", "title", T0);
        assertThat(late.finish("t", "title", T0).bundle().events()).hasSize(1);
    }

    @Test
    void theRealSamplesOfEveryFormatStoredWhileReadAreStoredAsAfterReading() throws Exception {
        List<Path> samples = List.of(
                Samples.require("claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"),
                Samples.require("claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl"),
                Samples.require("codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl"),
                Samples.require("otel-genai/agentevals_tempo_export_with_batches.json"),
                // an eval of five samples, each its own run
                RepeatedInspectLog.write(Samples.require("inspect-ai/2025-05-12T20-27-36-04-00_browser.json"), 5, folder.resolve("eval.json")),
                // an OpenHands evaluation output: an instance per line, each its own run
                Samples.require("openhands/multi_swe_bench_examples_output.jsonl"),
                // a Langfuse export: stored while its events are written, after the first pass
                Samples.require("langfuse/pydantic-ai-tools-2025-12-04.trace.json"));
        Importers importers = Importers.builtIn();
        try (TraceStore after = TraceStore.open(folder.resolve("after/store"));
             TraceStore whileRead = TraceStore.open(folder.resolve("while/store"))) {
            for (Path sample : samples) {
                ImportedTrace read = importers.read(sample);
                StoreResult stored;
                try (Bundle bundle = read.bundle()) {
                    stored = after.importTrace(bundle, read.findings(), sample.toString());
                }
                StoreResult streamed;
                RecordingSink seen = new RecordingSink();
                try (StreamedImport stream = whileRead.streamedImport(sample.toString())) {
                    ImportedTrace trace = importers.read(sample, new Both(seen, stream));
                    try (Bundle bundle = trace.bundle()) {
                        streamed = stream.finish(bundle, trace.findings(), TraceIntegrity.unverified());
                    }
                }
                assertThat(seen.lines).as("%s: handed to the store while read", sample.getFileName()).hasSize((int) stored.newEvents());
                assertThat(streamed).isEqualTo(stored);
                assertThat(StoredLines.of(whileRead, stored.traceId())).as(sample.getFileName().toString()).isEqualTo(StoredLines.of(after, stored.traceId()));
                assertThat(whileRead.find(stored.traceId()).orElseThrow().title()).isEqualTo(after.find(stored.traceId()).orElseThrow().title());
            }
        }
    }

    private StoreResult importWhileReading(TraceStore store) throws Exception {
        try (StreamedImport stream = store.streamedImport("long.jsonl")) {
            ImportSession session = new ImportSession("test", "long.jsonl");
            session.storeWhileReading(stream, "long-trace", "a long import", T0);
            ImportedTrace trace = appendAll(session, EVENTS).finish("long-trace", "a long import", T0);
            try (Bundle bundle = trace.bundle()) {
                return stream.finish(bundle, trace.findings(), TraceIntegrity.unverified());
            }
        }
    }

    /**
     * {@code count} events in two runs, each from its own source line; halfway a denied approval (which the store
     * records, reading the event once every event is written).
     */
    private static ImportSession appendAll(ImportSession session, int count) {
        for (int i = 0; i < count; i++) {
            String run = i % 3 == 0 ? "r2" : "r1";
            if (i == count / 2 && count > 2) {
                session.append(NewEvent.of("r1", "human:user", EventType.APPROVAL_DECISION).at(T0.plusMillis(i)).touches(StateKind.HARNESS)
                        .data(Json.object().put(ApprovalDecisionData.SUBJECT, "r1.2").put(ApprovalDecisionData.VERDICT, "deny")
                                .put(ApprovalDecisionData.OWNER, "human:user").put(ApprovalDecisionData.RATIONALE, "not this one")), i + 1);
                continue;
            }
            session.append(NewEvent.of(run, "agent:a", i == 0 ? EventType.SESSION_START : EventType.NOTE).at(T0.plusMillis(i))
                    .data(Json.object().put("text", "step " + i + " é")), i + 1);
        }
        return session;
    }

    private static final class RecordingSink implements EventBatchSink {
        Manifest manifest;
        int batches;
        final List<String> lines = new ArrayList<>();
        final List<Long> sourceLines = new ArrayList<>();

        @Override
        public void begin(String eventsFile, Manifest manifest, BlobSource blobs) {
            this.manifest = manifest;
        }

        @Override
        public void accept(EventBatch batch) {
            assertThat(batch.firstIndex()).isEqualTo(lines.size());
            batches++;
            for (int k = 0; k < batch.size(); k++) {
                lines.add(new String(batch.line(k), StandardCharsets.UTF_8));
                sourceLines.add(batch.lineNumbers()[k]);
            }
        }
    }

    private record Both(EventBatchSink first, EventBatchSink second) implements EventBatchSink {
        @Override
        public void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws java.io.IOException {
            first.begin(eventsFile, manifest, blobs);
            second.begin(eventsFile, manifest, blobs);
        }

        @Override
        public void accept(EventBatch batch) throws java.io.IOException {
            first.accept(batch);
            second.accept(batch);
        }
    }
}
