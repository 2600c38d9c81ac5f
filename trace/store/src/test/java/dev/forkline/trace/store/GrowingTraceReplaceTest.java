package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TraceStore#replaceTrace} of a trace derived again as its source grows (a live OpenTelemetry trace: a start, the
 * spans' events, a synthesised end): whether the stored chunks are kept and only the tail rewritten or the trace is
 * replaced whole, the store then holds exactly the new bundle, with its counts, outcome, findings and verdict.
 */
class GrowingTraceReplaceTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path dir;

    @Test
    void eachNewFormOfAGrowingTraceIsStoredExactlyAsAFreshImportWouldStoreIt() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath())) {
            // ends inside the first chunk, then past it (the first chunk is kept), then grows again by a few events
            for (int spans : new int[] {300, 2_500, 2_503, 4_100}) {
                replaceAndCheck(store, derived(spans, -1, "success"), "/live/spans.jsonl");
            }
            // a late span that belongs near the start: the chunks differ from the first one on
            replaceAndCheck(store, derived(4_101, 5, "failure"), "/live/spans.jsonl");
            // one that belongs in the second chunk
            replaceAndCheck(store, derived(4_102, 1_500, "unknown"), "/live/spans.jsonl");
            // a shorter form (spans are never dropped live, but replaceTrace allows it)
            replaceAndCheck(store, derived(100, -1, "success"), "/live/spans.jsonl");
        }
    }

    @Test
    void aTraceWhoseTitleChangedOrThatNamesBlobsIsStillReplacedExactly() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath())) {
            replaceAndCheck(store, derived(1_200, -1, "success"), "/live/a.jsonl");
            replaceAndCheck(store, withTitle(derived(2_400, -1, "success"), "renamed"), "/live/a.jsonl");
            replaceAndCheck(store, withBlobAtEnd(2_500), "/live/a.jsonl");
            replaceAndCheck(store, withBlobAtEnd(2_600), "/live/a.jsonl");
            replaceAndCheck(store, derived(2_700, -1, "success"), "/live/b.jsonl");
        }
    }

    /**
     * A grown trace whose replaced chunks name a blob (a Claude Code session's tool output, stored once it is long) keeps
     * its stored chunks before the change: only the tail is written again, and the trace then refers to the blobs its
     * events name, the replaced one's no longer, as a fresh import of the new form would.
     */
    @Test
    void aGrownTraceWhoseReplacedTailNamesABlobKeepsItsEarlierChunks() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath())) {
            Bundle stored = withOutputs(5_000, 100, "early output", 4_500, "first late output");
            replaceAndCheck(store, stored, "/live/d.jsonl");
            Bundle grown = withOutputs(6_000, 100, "early output", 5_900, "second late output");

            StoreResult result = store.replaceTrace(grown, List.of(), "/live/d.jsonl", TraceIntegrity.unverified());

            assertThat(result.status()).isEqualTo(StoreResult.Status.UPDATED);
            assertThat(result.newEvents()).as("events written again: the tail from the chunk holding event 4,500 on")
                    .isPositive().isLessThan(grown.events().size() - PreparedChunks.MAX_EVENTS);
            assertThat(blobReferences(grown.manifest().traceId()))
                    .containsExactlyInAnyOrder(Hashes.sha256(bytes("early output")), Hashes.sha256(bytes("second late output")));
            replaceAndCheck(store, grown, "/live/d.jsonl");
        }
    }

    /** The grown file read from another folder than the stored trace's: its chunks are kept, and the row takes the new path. */
    @Test
    void aGrownTraceReadFromAnotherFolderKeepsItsEarlierChunks() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath())) {
            replaceAndCheck(store, derived(2_500, -1, "success"), "/home/alice/spans.jsonl");
            Bundle grown = derived(4_100, -1, "success");

            StoreResult result = store.replaceTrace(grown, List.of(), "/incidents/7/spans.jsonl", TraceIntegrity.unverified());

            assertThat(result.status()).isEqualTo(StoreResult.Status.UPDATED);
            assertThat(result.newEvents()).as("only the tail written again").isLessThan(grown.events().size() - PreparedChunks.MAX_EVENTS);
            assertThat(store.find(grown.manifest().traceId()).orElseThrow().sourcePath()).isEqualTo("/incidents/7/spans.jsonl");
            replaceAndCheck(store, grown, "/incidents/7/spans.jsonl");
        }
    }

    @Test
    void theRefusalOfAGrownTraceCountsItsEventsWithThousandsGrouped() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath())) {
            assertThat(store.importTrace(derived(2_500, -1, "unknown"), List.of(), "/live/e.jsonl").message())
                    .as("what the window's status line and forkline import say once stored").isEqualTo("imported, 2,502 events");

            assertThatThrownBy(() -> store.importTrace(derived(2_600, -1, "unknown"), List.of(), "/live/e.jsonl"))
                    .isInstanceOf(TraceConflictException.class)
                    .hasMessageContaining("Of the 2,502 events stored in run 'r1', the new bundle holds the first 2,501 unchanged;"
                            + " its run has 2,602 events");
        }
    }

    /**
     * A new form that adds events after the stored one's session.end: the run keeps that end's outcome in the runs table
     * and in the index of the loaded trace, which takes it from that table (a replacement never keeps a chunk holding a
     * session.end, whose outcome the table would then have to recount).
     */
    @Test
    void eventsAddedAfterAKeptSessionEndKeepItsOutcome() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath())) {
            store.replaceTrace(derived(2_500, -1, "success", 0), List.of(), "/live/c.jsonl", TraceIntegrity.unverified());
            Bundle grown = derived(2_500, -1, "success", 3);
            assertThat(store.replaceTrace(grown, List.of(), "/live/c.jsonl", TraceIntegrity.unverified()).status())
                    .isEqualTo(StoreResult.Status.UPDATED);

            String traceId = grown.manifest().traceId();
            assertThat(store.runs(traceId)).singleElement().satisfies(run -> assertThat(run.outcome()).isEqualTo("success"));
            assertThat(store.find(traceId).orElseThrow().outcome()).isEqualTo("success");
            try (Bundle loaded = store.load(traceId)) {
                assertThat(TraceIndex.of(loaded.events(), loaded.columns()).run("r1").orElseThrow().outcome()).isEqualTo("success");
            }
        }
    }

    private static void replaceAndCheck(TraceStore store, Bundle bundle, String source) throws Exception {
        List<Finding> findings = List.of(Finding.info("otel.spans", bundle.events().size() + " events", null, 0));
        StoreResult result = store.replaceTrace(bundle, findings, source, TraceIntegrity.unverified());
        assertThat(result.status()).isIn(StoreResult.Status.IMPORTED, StoreResult.Status.UPDATED);
        String traceId = bundle.manifest().traceId();
        try (Bundle loaded = store.load(traceId)) {
            assertThat(loaded.events()).containsExactlyElementsOf(bundle.events());
            assertThat(loaded.manifest().title()).isEqualTo(bundle.manifest().title());
            assertThat(TraceIndex.of(loaded.events(), loaded.columns()).runs()).as("the loaded trace's runs, outcomes from the runs table")
                    .isEqualTo(TraceIndex.of(bundle.events()).runs());
        }
        TraceSummary summary = store.find(traceId).orElseThrow();
        assertThat(summary.eventCount()).isEqualTo(bundle.events().size());
        assertThat(summary.runCount()).isEqualTo(1);
        assertThat(summary.outcome()).isEqualTo(bundle.events().getLast().text("outcome"));
        assertThat(summary.sourcePath()).isEqualTo(source);
        assertThat(store.runs(traceId)).singleElement().satisfies(run -> assertThat(run.eventCount()).isEqualTo(bundle.events().size()));
        assertThat(store.findings(traceId)).containsExactlyElementsOf(findings);
        assertThat(store.integrityCheck().problems()).isEmpty();
        // stored again unchanged: the same content digest, so an import of the same bundle is recognised as unchanged
        assertThat(store.importTrace(bundle, findings, source).status()).isEqualTo(StoreResult.Status.UNCHANGED);
    }

    /**
     * What an importer derives from {@code spans} spans: session.start, one note per span, a session.end. With
     * {@code lateAt} ≥ 0, a late span's note sits at that place (every event after it is chained anew).
     */
    private static Bundle derived(int spans, int lateAt, String outcome) {
        return derived(spans, lateAt, outcome, 0);
    }

    /** As {@link #derived(int, int, String)}, with {@code after} notes after the session.end. */
    private static Bundle derived(int spans, int lateAt, String outcome, int after) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        int tick = 0;
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).data(Json.object().put("title", "live"))));
        for (int i = 0; i < spans; i++) {
            if (i == lateAt) {
                events.add(chain.append(NewEvent.of("r1", "agent", EventType.NOTE).id("late").at(T0.plusMillis(++tick))
                        .data(Json.object().put("text", "late span"))));
            }
            events.add(chain.append(NewEvent.of("r1", "agent", EventType.NOTE).id("span-" + i).at(T0.plusMillis(++tick))
                    .data(Json.object().put("text", "span " + i))));
        }
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_END).at(T0.plusMillis(++tick))
                .data(Json.object().put("outcome", outcome))));
        for (int i = 0; i < after; i++) {
            events.add(chain.append(NewEvent.of("r1", "agent", EventType.NOTE).id("after-" + i).at(T0.plusMillis(++tick))
                    .data(Json.object().put("text", "after the end " + i))));
        }
        return new Bundle("memory", new Manifest(1, "otel-genai:t1", "live trace", T0, "forkline-import/otel-genai", "otel-genai"),
                events, new int[events.size()], new MemoryBlobStore());
    }

    /**
     * {@code spans} notes, two of which are tool results naming a blob of the given content instead, and a session end.
     */
    private static Bundle withOutputs(int spans, int firstAt, String first, int secondAt, String second) {
        MemoryBlobStore blobs = new MemoryBlobStore();
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).data(Json.object().put("title", "live"))));
        for (int i = 0; i < spans; i++) {
            NewEvent event = i == firstAt || i == secondAt
                    ? NewEvent.of("r1", "tool", EventType.TOOL_RESULT).data(Json.object().put("callId", "c" + i)
                            .put("stdoutRef", blobs.put(bytes(i == firstAt ? first : second))))
                    : NewEvent.of("r1", "agent", EventType.NOTE).data(Json.object().put("text", "span " + i));
            events.add(chain.append(event.id("span-" + i).at(T0.plusMillis(i + 1))));
        }
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_END).at(T0.plusMillis(spans + 1))
                .data(Json.object().put("outcome", "success"))));
        return new Bundle("memory", new Manifest(1, "claude-code:d", "live trace", T0, "forkline-import/claude-code", "claude-code"),
                events, new int[events.size()], blobs);
    }

    private Set<String> blobReferences(String traceId) throws Exception {
        try (Connection connection = StoreBackend.H2.connect(dir, "db/forkline")) {
            return TraceBlobRefs.of(connection, traceId);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Bundle withTitle(Bundle bundle, String title) {
        Manifest was = bundle.manifest();
        return new Bundle("memory", new Manifest(was.formatVersion(), was.traceId(), title, was.created(), was.producer(), was.sourceFormat()),
                bundle.events(), new int[bundle.events().size()], new MemoryBlobStore());
    }

    /** A trace whose last span's event names a blob (so its replaced tail holds a blob reference). */
    private static Bundle withBlobAtEnd(int spans) {
        MemoryBlobStore blobs = new MemoryBlobStore();
        String blob = blobs.put(("output of " + spans + " spans").getBytes(StandardCharsets.UTF_8));
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).data(Json.object().put("title", "live"))));
        for (int i = 0; i < spans; i++) {
            events.add(chain.append(NewEvent.of("r1", "agent", EventType.NOTE).id("span-" + i).at(T0.plusMillis(i + 1))
                    .data(Json.object().put("text", "span " + i))));
        }
        events.add(chain.append(NewEvent.of("r1", "agent", EventType.TOOL_RESULT).id("result").at(T0.plusMillis(spans + 1))
                .data(Json.object().put("callId", "c1").put("stdoutRef", blob))));
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_END).at(T0.plusMillis(spans + 2))
                .data(Json.object().put("outcome", "success"))));
        return new Bundle("memory", new Manifest(1, "otel-genai:t1", "renamed", T0, "forkline-import/otel-genai", "otel-genai"),
                events, new int[events.size()], blobs);
    }
}
