package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.payload.SessionStartData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@ParameterizedClass(name = "{0}")
@ExtendWith(SharedPostgres.class)
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
class TraceStoreTest {

    @Parameter
    StoreBackend backend;

    private static final Instant IMPORTED = Instant.parse("2026-04-02T08:30:00Z");

    @TempDir
    Path dir;

    private TraceStore store;

    @BeforeEach
    void openStore() throws StoreException {
        backend.assumeAvailable();
        store = backend.open(dir, "db/forkline", Clock.fixed(IMPORTED, ZoneOffset.UTC));
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void aStoredTraceLoadsBackEventForEventWithItsBlobs() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-roundtrip");
        List<Finding> findings = List.of(Finding.warning("import.no-usage", "token usage unknown", "r1.2", 7),
                Finding.info("import.note", "converted from JSONL", null, 0));

        StoreResult result = store.importTrace(trace.bundle(), findings, "/home/ana/traces/run.jsonl");

        assertThat(result.status()).isEqualTo(StoreResult.Status.IMPORTED);
        assertThat(result.newEvents()).isEqualTo(12);
        assertThat(result.newBlobs()).isEqualTo(4);
        assertThat(result.message()).isEqualTo("imported, 12 events");
        try (Bundle loaded = store.load("t-roundtrip")) {
            assertThat(loaded.manifest()).isEqualTo(trace.manifest());
            assertThat(loaded.events()).containsExactlyElementsOf(trace.events);
            for (Map.Entry<String, byte[]> blob : trace.blobs.all().entrySet()) {
                assertThat(loaded.blobs().contains(blob.getKey())).isTrue();
                assertThat(loaded.blobs().read(blob.getKey())).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(blob.getValue()));
            }
            assertThat(loaded.blobs().read("sha256:" + "0".repeat(64))).isEmpty();
        }
        assertThat(store.findings("t-roundtrip")).containsExactlyElementsOf(findings);
        assertThat(store.events("t-roundtrip", "r2")).containsExactlyElementsOf(trace.events.subList(9, 12));
        assertThat(store.integrityCheck().ok()).isTrue();
    }

    @Test
    void theTraceListSummarisesEachTrace() throws Exception {
        store.importTrace(SampleTraces.standard("t-list").bundle(), List.of(), "/traces/a");

        assertThat(store.list()).containsExactly(new TraceSummary("t-list", "Fix the failing build", "forkline",
                SampleTraces.T0, IMPORTED, 12, 2, "failure", "/traces/a", dev.forkline.trace.integrity.IntegrityVerdict.unverified()));
        assertThat(store.find("t-list")).map(TraceSummary::runCount).contains(2);
        assertThat(store.find("absent")).isEmpty();
    }

    @Test
    void runsDescribeTheForkTree() throws Exception {
        store.importTrace(SampleTraces.standard("t-runs").bundle(), List.of(), null);

        assertThat(store.runs("t-runs")).containsExactly(
                new RunSummary("r1", null, null, null, null, 9, "failure", false),
                new RunSummary("r2", "r1", "cp1", "r1.6", "replay", 3, "unknown", false));
    }

    /**
     * Whether a run's first event is marked imported is kept in its row, so that the window tells an imported run from
     * a recorded one without reading a chunk per run; the loaded events hand it on.
     */
    @Test
    void eachRunRemembersWhetherItsFirstEventWasImported() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-imported");
        ObjectNode start = Json.object();
        start.putObject(SessionStartData.IMPORTED).put(SessionStartData.IMPORTED_FORMAT, "claude-code");
        trace.add(NewEvent.of("r3", "harness", EventType.SESSION_START).data(start));
        trace.add(NewEvent.of("r3", "harness", EventType.SESSION_END).data(Json.object().put("outcome", "success")));

        store.importTrace(trace.bundle(), List.of(), null);

        assertThat(store.runs("t-imported")).extracting(RunSummary::runId, RunSummary::imported).containsExactly(
                org.assertj.core.groups.Tuple.tuple("r1", false), org.assertj.core.groups.Tuple.tuple("r2", false),
                org.assertj.core.groups.Tuple.tuple("r3", true));
        try (Bundle loaded = store.load("t-imported")) {
            var known = (EventsWithLines) loaded.events();
            assertThat(known.knownRun("r3")).isEqualTo(new KnownRun("success", true));
            assertThat(known.knownRun("r1")).isEqualTo(new KnownRun("failure", false));
        }
    }

    @Test
    void aFailureMidwayLeavesTheDatabaseExactlyAsItWas() throws Exception {
        store.importTrace(SampleTraces.standard("t-before").bundle(), List.of(), null);
        Map<String, Long> before = tableCounts();
        SampleTraces trace = SampleTraces.standard("t-failing", "other blobs");
        AtomicInteger reads = new AtomicInteger();
        BlobSource failingOnThirdBlob = new BlobSource() {
            @Override
            public boolean contains(String hash) {
                return trace.blobs.contains(hash);
            }

            @Override
            public Optional<byte[]> read(String hash) throws IOException {
                if (reads.incrementAndGet() == 3) {
                    throw new IOException("disk gone while reading " + hash);
                }
                return trace.blobs.read(hash);
            }
        };

        assertThatThrownBy(() -> store.importTrace(trace.bundle(trace.events, failingOnThirdBlob), List.of(), null))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("disk gone");

        assertThat(reads).hasValue(3);
        assertThat(tableCounts()).isEqualTo(before);
        assertThat(store.find("t-failing")).isEmpty();
        assertThat(store.integrityCheck().ok()).isTrue();
    }

    @Test
    void blobsOfAnImportThatRolledBackAfterWritingThemAreStoredAgainByTheNextOne() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-retried");
        List<Finding> tooLong = List.of(Finding.warning("x".repeat(201), "a code longer than the store keeps", null, 0));
        assertThatThrownBy(() -> store.importTrace(trace.bundle(), tooLong, null)).isInstanceOf(StoreException.class);

        StoreResult retried = store.importTrace(trace.bundle(), List.of(), null);

        assertThat(retried.newBlobs()).isEqualTo(4);
        try (Bundle loaded = store.load("t-retried")) {
            for (Map.Entry<String, byte[]> blob : trace.blobs.all().entrySet()) {
                assertThat(loaded.blobs().read(blob.getKey())).hasValue(blob.getValue());
            }
        }
        assertThat(store.integrityCheck().problems()).isEmpty();
    }

    @Test
    void aRuntimeFailureInsideTheImportAlsoRollsBack() throws Exception {
        Map<String, Long> before = tableCounts();
        SampleTraces trace = SampleTraces.standard("t-runtime");
        BlobSource exploding = new BlobSource() {
            @Override
            public boolean contains(String hash) {
                throw new IllegalStateException("blob index corrupt");
            }

            @Override
            public Optional<byte[]> read(String hash) {
                throw new IllegalStateException("blob index corrupt");
            }
        };

        assertThatThrownBy(() -> store.importTrace(trace.bundle(trace.events, exploding), List.of(), null))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("blob index corrupt");
        assertThat(tableCounts()).isEqualTo(before);
    }

    @Test
    void aBlobWhoseContentDoesNotMatchItsNameIsRefusedAndNothingIsStored() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-corrupt");
        BlobSource lying = new BlobSource() {
            @Override
            public boolean contains(String hash) {
                return trace.blobs.contains(hash);
            }

            @Override
            public Optional<byte[]> read(String hash) {
                return Optional.of("not what the name says".getBytes(StandardCharsets.UTF_8));
            }
        };

        assertThatThrownBy(() -> store.importTrace(trace.bundle(trace.events, lying), List.of(), null))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("corrupt");
        assertThat(tableCounts()).containsEntry("EVENT_CHUNKS", 0L).containsEntry("BLOB_PACKS", 0L);
    }

    @Test
    void aTraceWithTwoEventsOfOneIdIsRefusedNamingBothAndNothingIsStored() throws Exception {
        Map<String, Long> before = tableCounts();
        SampleTraces trace = SampleTraces.standard("t-repeated-id");
        List<Event> events = new ArrayList<>(trace.events);
        Event third = events.get(2);
        Event later = events.get(7);
        events.set(7, new Event(third.id(), later.run(), later.seq(), later.ts(), later.actor(), later.type(), later.causes(),
                later.state(), later.data(), later.prev(), later.hash()));

        assertThatThrownBy(() -> store.importTrace(trace.bundle(events, trace.blobs), List.of(), null))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("two events have the id '" + third.id() + "'")
                .hasMessageContaining("run '" + third.run() + "' seq " + third.seq())
                .hasMessageContaining("run '" + later.run() + "' seq " + later.seq());
        assertThat(tableCounts()).isEqualTo(before);
    }

    @Test
    void importingTheSameTraceAgainChangesNothing() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-again");
        store.importTrace(trace.bundle(), List.of(), "/first");
        Map<String, Long> before = tableCounts();

        StoreResult again = store.importTrace(trace.bundle(), List.of(Finding.info("x", "new finding", null, 0)), "/second");

        assertThat(again.status()).isEqualTo(StoreResult.Status.UNCHANGED);
        assertThat(again.message()).isEqualTo("unchanged");
        assertThat(tableCounts()).isEqualTo(before);
        assertThat(store.find("t-again").orElseThrow().sourcePath()).isEqualTo("/first");
    }

    @Test
    void theSameEventsInAnotherFileOrderAreUnchangedToo() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-order");
        store.importTrace(trace.bundle(), List.of(), null);
        List<Event> reordered = new ArrayList<>(trace.events.subList(9, 12));
        reordered.addAll(trace.events.subList(0, 9));

        assertThat(store.importTrace(trace.bundle(reordered, trace.blobs), List.of(), null).status())
                .isEqualTo(StoreResult.Status.UNCHANGED);
    }

    @Test
    void eventsAppendedToTheBundleSinceAreAddedOnReimport() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-grow");
        store.importTrace(trace.bundle(trace.events.subList(0, 9), trace.blobs), List.of(), null);
        assertThat(store.find("t-grow").orElseThrow().runCount()).isEqualTo(1);

        StoreResult grown = store.importTrace(trace.bundle(), List.of(Finding.info("lint.ok", "fine", null, 0)), null);

        assertThat(grown.status()).isEqualTo(StoreResult.Status.UPDATED);
        assertThat(grown.newEvents()).isEqualTo(3);
        assertThat(grown.newBlobs()).isEqualTo(1);
        assertThat(grown.message()).isEqualTo("updated, 3 new events");
        try (Bundle loaded = store.load("t-grow")) {
            assertThat(loaded.events()).containsExactlyElementsOf(trace.events);
        }
        TraceSummary summary = store.find("t-grow").orElseThrow();
        assertThat(summary.eventCount()).isEqualTo(12);
        assertThat(summary.runCount()).isEqualTo(2);
        assertThat(store.findings("t-grow")).extracting(Finding::code).containsExactly("lint.ok");
        assertThat(store.integrityCheck().problems()).isEmpty();
        assertThat(store.importTrace(trace.bundle(), List.of(), null).status()).isEqualTo(StoreResult.Status.UNCHANGED);
    }

    @Test
    void aTraceThatContradictsTheStoredOneIsRefusedNamingTheFirstDifferingEvent() throws Exception {
        SampleTraces stored = SampleTraces.standard("t-conflict");
        store.importTrace(stored.bundle(), List.of(), null);
        Map<String, Long> before = tableCounts();
        SampleTraces other = new SampleTraces("t-conflict");
        other.rootRun();
        ObjectNode note = Json.object().put("text", "something else happened");
        List<Event> changed = new ArrayList<>(other.events.subList(0, 3));
        SampleTraces divergent = new SampleTraces("t-conflict");
        changed.forEach(divergent.chain::accept);
        changed.add(divergent.chain.append(NewEvent.of("r1", "harness", EventType.NOTE).at(SampleTraces.T0).data(note)));

        assertThatThrownBy(() -> store.importTrace(other.bundle(changed, other.blobs), List.of(), null))
                .isInstanceOfSatisfying(TraceConflictException.class, e -> assertThat(e.eventId()).isEqualTo("r1.4"))
                .hasMessageContaining("t-conflict")
                .hasMessageContaining("r1.4");
        assertThat(tableCounts()).isEqualTo(before);
    }

    @Test
    void aSessionStoredWhileStillGoingOnAndGrownSinceIsRefusedSayingWhereTheyPartWays() throws Exception {
        SampleTraces stored = new SampleTraces("t-running");
        stored.rootRun(); // ends with a session end at seq 9, as an importer closes a session its file stops in
        store.importTrace(stored.bundle(), List.of(), null);
        Map<String, Long> before = tableCounts();

        assertThatThrownBy(() -> store.importTrace(grownPastItsEnd(stored), List.of(), null))
                .isInstanceOfSatisfying(TraceConflictException.class, e -> assertThat(e.eventId()).isEqualTo("r1.9"))
                .hasMessageContaining("event 'r1.9' differs from the stored one")
                .hasMessageContaining(". Of the 9 events stored in run 'r1', the new bundle holds the first 8 unchanged; its run has"
                        + " 10 events (a session stored while it was still going on, whose file has grown since?). The stored trace"
                        + " is kept as it was");
        assertThat(tableCounts()).isEqualTo(before);

        // as a Claude Code transcript's, the events have ids of their own; only the end Forkline added has a position's
        SampleTraces named = new SampleTraces("t-running");
        List<Event> withOwnIds = new ArrayList<>(stored.events.subList(0, 8));
        withOwnIds.forEach(named.chain::accept);
        withOwnIds.add(named.chain.append(NewEvent.of("r1", "agent:coder", EventType.NOTE).id("3b813831-ca03").at(SampleTraces.T0)
                .data(Json.object().put("text", "the session went on"))));
        withOwnIds.add(named.chain.append(NewEvent.of("r1", "agent:coder", EventType.NOTE).id("3b813831-ca04").at(SampleTraces.T0)
                .data(Json.object().put("text", "and on"))));
        assertThatThrownBy(() -> store.importTrace(named.bundle(withOwnIds, stored.blobs), List.of(), null))
                .isInstanceOfSatisfying(TraceConflictException.class, e -> assertThat(e.eventId()).isEqualTo("3b813831-ca03"))
                .hasMessageContaining("(run 'r1' seq 9) is not stored, but the stored trace already has that position. Of the 9"
                        + " events stored in run 'r1', the new bundle holds the first 8 unchanged; its run has 10 events (a session"
                        + " stored while it was still going on");
        assertThat(tableCounts()).isEqualTo(before);

        // a shorter run in the stored run's place is a plain conflict, with nothing said of growing
        List<Event> rewritten = new ArrayList<>(stored.events.subList(0, 6));
        SampleTraces other = new SampleTraces("t-running");
        rewritten.forEach(other.chain::accept);
        rewritten.add(other.chain.append(NewEvent.of("r1", "harness", EventType.NOTE).at(SampleTraces.T0)
                .data(Json.object().put("text", "something else happened"))));
        assertThatThrownBy(() -> store.importTrace(other.bundle(rewritten, stored.blobs), List.of(), null))
                .isInstanceOf(TraceConflictException.class)
                .hasMessageContaining("the new bundle holds the first 6 unchanged; its run has 7 events. The stored trace is kept")
                .message().doesNotContain("grown");
    }

    /** The stored run of {@code stored} (9 events, the last a session end) grown by a note where the end was, and a new end. */
    private static Bundle grownPastItsEnd(SampleTraces stored) {
        SampleTraces grown = new SampleTraces(stored.traceId);
        List<Event> longer = new ArrayList<>(stored.events.subList(0, 8));
        longer.forEach(grown.chain::accept);
        longer.add(grown.chain.append(NewEvent.of("r1", "agent:coder", EventType.NOTE).at(SampleTraces.T0)
                .data(Json.object().put("text", "the session went on"))));
        longer.add(grown.chain.append(NewEvent.of("r1", "harness", EventType.SESSION_END).at(SampleTraces.T0)
                .data(Json.object().put("outcome", "success"))));
        return grown.bundle(longer, stored.blobs);
    }

    @Test
    void aGrownSessionAskedToReplaceTheStoredOneIsStoredInItsPlace() throws Exception {
        SampleTraces stored = new SampleTraces("t-running");
        stored.rootRun();
        store.importTrace(stored.bundle(), List.of(Finding.info("lint.old", "of the shorter file", null, 0)), null);
        Bundle grown = grownPastItsEnd(stored);
        List<Finding> ofTheLonger = List.of(Finding.info("lint.new", "of the longer file", null, 0));

        StoreResult replaced = store.importReplacing(grown, ofTheLonger, "/sessions/s.jsonl", TraceIntegrity.unverified());

        assertThat(replaced.status()).isEqualTo(StoreResult.Status.REPLACED);
        assertThat(replaced.message()).isEqualTo("replaced, 10 events written again");
        try (Bundle loaded = store.load("t-running")) {
            assertThat(loaded.events()).containsExactlyElementsOf(grown.events());
        }
        assertThat(store.findings("t-running")).extracting(Finding::code).containsExactly("lint.new");
        TraceSummary summary = store.find("t-running").orElseThrow();
        assertThat(summary.eventCount()).isEqualTo(10);
        assertThat(summary.outcome()).isEqualTo("success");

        // asked to replace, a trace stored as it is, or that only grew, is stored as by any import
        assertThat(store.importReplacing(grown, ofTheLonger, null, TraceIntegrity.unverified()).status())
                .isEqualTo(StoreResult.Status.UNCHANGED);
        SampleTraces prefix = SampleTraces.standard("t-prefix");
        store.importTrace(prefix.bundle(prefix.events.subList(0, 5), prefix.blobs), List.of(), null);
        assertThat(store.importReplacing(prefix.bundle(), List.of(), null, TraceIntegrity.unverified()).message())
                .isEqualTo("updated, " + (prefix.events.size() - 5) + " new events");
    }

    @Test
    void aTraceHoldingForksOrDecisionsMadeHereOrOnHoldOrByAnAlteredFileIsNotReplaced() throws Exception {
        SampleTraces decided = new SampleTraces("t-decided");
        decided.rootRun();
        decided.add(NewEvent.of("r1", "human:ana", EventType.APPROVAL_DECISION).causes("r1.3").touches(StateKind.HARNESS)
                .data(Json.object().put("subject", "r1.3").put("verdict", "approve")));
        store.importTrace(decided.bundle(), List.of(), null);
        SampleTraces forked = SampleTraces.standard("t-forked"); // r2 forks r1
        store.importTrace(forked.bundle(), List.of(), null);
        SampleTraces held = new SampleTraces("t-held");
        held.rootRun();
        store.importTrace(held.bundle(), List.of(), null);
        store.hold("t-held", "legal", "incident 7");
        Map<String, Long> before = tableCounts();

        assertThatThrownBy(() -> store.importReplacing(grownPastItsEnd(decided), List.of(), null, TraceIntegrity.unverified()))
                .isInstanceOf(ReplacementRefusedException.class).hasCauseInstanceOf(TraceConflictException.class)
                .hasMessage("trace 't-decided' is not replaced: it holds 1 decision made in Forkline that the new file does not have,"
                        + " and replacing it would lose them. The stored trace is kept as it was ('forkline delete t-decided' removes"
                        + " it with them; the file can then be imported)");
        assertThatThrownBy(() -> store.importReplacing(grownPastItsEnd(forked), List.of(), null, TraceIntegrity.unverified()))
                .isInstanceOf(ReplacementRefusedException.class).hasMessageContaining("it holds 1 run (forks, replays or reverts) 'r2'");
        TraceIntegrity altered = TraceIntegrity.of(List.of(new dev.forkline.trace.verify.Problem("hash-mismatch", "r1.4", 4,
                "the event's hash does not match its content")), "forkline");
        assertThatThrownBy(() -> store.importReplacing(grownPastItsEnd(forked), List.of(), null, altered))
                .isInstanceOf(ReplacementRefusedException.class)
                .hasMessageStartingWith("trace 't-forked' is not replaced: the new file is altered at event r1.4 (line 4): 1 problem,"
                        + " and a file that fails its check never takes the place of a stored trace");
        assertThatThrownBy(() -> store.importReplacing(grownPastItsEnd(held), List.of(), null, TraceIntegrity.unverified()))
                .isInstanceOf(ReplacementRefusedException.class).hasMessageContaining("trace 't-held' is on legal hold (by legal")
                .hasMessageContaining("it is not replaced; lift the hold first");
        assertThat(tableCounts()).isEqualTo(before);
    }

    @Test
    void aBundleMissingStoredEventsIsAConflict() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-shrunk");
        store.importTrace(trace.bundle(), List.of(), null);
        List<Event> withoutItsEnd = new ArrayList<>(trace.events);
        withoutItsEnd.remove(8); // r1's session end; the fork r2 stays

        assertThatThrownBy(() -> store.importTrace(trace.bundle(withoutItsEnd, trace.blobs), List.of(), null))
                .isInstanceOfSatisfying(TraceConflictException.class, e -> assertThat(e.eventId()).isEqualTo("r1.9"))
                .hasMessageContaining("missing from the new bundle");
    }

    /**
     * A replay or fork of an imported trace, and a decision on it, are stored with it (the window writes them to its copy
     * of the trace and stores that again), so the agent's file imported once more lacks them: that file holds nothing new.
     */
    @Test
    void theFileAgainWithoutTheForksAndDecisionsStoredSinceIsUnchangedAndWhatIsStoredStands() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-replayed");
        trace.add(NewEvent.of("r1", "human:ana", EventType.APPROVAL_DECISION).causes("r1.3").touches(StateKind.HARNESS)
                .data(Json.object().put("subject", "r1.3").put("verdict", "approve")));
        List<Finding> ofTheFork = List.of(Finding.warning("lint.replay-diverged", "the replay diverged", "r2.2", 11));
        store.importTrace(trace.bundle(), ofTheFork, null);
        Map<String, Long> before = tableCounts();
        List<Event> agentsFile = trace.events.subList(0, 9);

        StoreResult again = store.importTrace(trace.bundle(agentsFile, trace.blobs), List.of(), null);

        assertThat(again.status()).isEqualTo(StoreResult.Status.UNCHANGED);
        assertThat(tableCounts()).isEqualTo(before);
        assertThat(store.findings("t-replayed")).extracting(Finding::code).containsExactly("lint.replay-diverged");
        try (Bundle loaded = store.load("t-replayed")) {
            assertThat(loaded.events()).containsExactlyInAnyOrderElementsOf(trace.events);
        }

        // the file grown since: a conflict (its next event has the place of the decision; were it placed after that, the
        // fork's findings would be dropped)
        SampleTraces grown = new SampleTraces("t-replayed");
        List<Event> longer = new ArrayList<>(agentsFile);
        longer.forEach(grown.chain::accept);
        longer.add(grown.chain.append(NewEvent.of("r1", "harness", EventType.NOTE).at(SampleTraces.T0)
                .data(Json.object().put("text", "after the end"))));
        assertThatThrownBy(() -> store.importTrace(grown.bundle(longer, trace.blobs), List.of(), null))
                .isInstanceOfSatisfying(TraceConflictException.class, e -> assertThat(e.eventId()).isEqualTo("r1.10"));
        assertThat(tableCounts()).isEqualTo(before);

        // grown past the stored run's tip without the fork: a conflict too, since storing it would replace the fork's
        // findings and verdict with those of a bundle that lacks it
        SampleTraces forked = SampleTraces.standard("t-forked");
        store.importTrace(forked.bundle(), ofTheFork, null);
        SampleTraces forkedGrown = new SampleTraces("t-forked");
        List<Event> forkedLonger = new ArrayList<>(forked.events.subList(0, 9));
        forkedLonger.forEach(forkedGrown.chain::accept);
        forkedLonger.add(forkedGrown.chain.append(NewEvent.of("r1", "harness", EventType.NOTE).at(SampleTraces.T0)
                .data(Json.object().put("text", "after the end"))));
        assertThatThrownBy(() -> store.importTrace(forkedGrown.bundle(forkedLonger, forked.blobs), List.of(), null))
                .isInstanceOfSatisfying(TraceConflictException.class, e -> assertThat(e.eventId()).isEqualTo("r2.1"));
    }

    /** A text search reads the trace chunk by chunk: told to stop, it ends before its next chunk instead of answering. */
    @Test
    void aTextSearchToldToStopEndsInsteadOfAnswering() throws Exception {
        store.importTrace(SampleTraces.standard("t-stop").bundle(), List.of(), null);
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();

        assertThatThrownBy(() -> store.search("t-stop", "bash", null, null, false, () -> asked.incrementAndGet() > 0))
                .isInstanceOf(StoreException.class).hasMessageContaining("'t-stop'").hasMessageContaining("stopped");
        assertThat(asked).as("asked before reading the first chunk").hasValue(1);
        assertThat(store.search("t-stop", "bash", null, null, false, () -> false)).containsExactly("r1.3", "r1.4");
    }

    @Test
    void searchFindsEventsByToolNameOutputTextTypeActorAndErrors() throws Exception {
        store.importTrace(SampleTraces.standard("t-search").bundle(), List.of(), null);

        assertThat(store.search("t-search", "bash", null, null, false)).containsExactly("r1.3", "r1.4");
        assertThat(store.search("t-search", "test_unicode", null, null, false)).containsExactly("r1.4");
        assertThat(store.search("t-search", "PARSER change", null, null, false)).containsExactly("r1.7");
        assertThat(store.search("t-search", "src/lexer.py", null, null, false)).containsExactly("r2.2");
        assertThat(store.search("t-search", null, "tool.call", null, false)).containsExactly("r1.3", "r2.2");
        assertThat(store.search("t-search", null, null, "sandbox", false)).containsExactly("r1.4", "r2.3");
        assertThat(store.search("t-search", "write", "tool.result", null, false)).containsExactly("r2.3");
        assertThat(store.search("t-search", null, null, null, true)).containsExactly("r1.4", "r1.8");
        assertThat(store.search("t-search", "100%_", null, null, false)).isEmpty();
        assertThat(store.search("t-search", null, null, null, false)).hasSize(12);
        assertThat(store.search("other-trace", "bash", null, null, false)).isEmpty();
    }

    @Test
    void appendedDecisionsAreStoredDurablyAndSurviveReopening() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-decide");
        store.importTrace(trace.bundle(), List.of(), null);
        Event decision = trace.decision("r2.2");
        String signatureHash = trace.blob("signed by ana");
        byte[] signature = trace.blobs.read(signatureHash).orElseThrow();

        StoreResult appended = store.appendEvents("t-decide", List.of(decision), Map.of(signatureHash, signature));

        assertThat(appended.status()).isEqualTo(StoreResult.Status.UPDATED);
        assertThat(appended.newEvents()).isEqualTo(1);
        assertThat(appended.newBlobs()).isEqualTo(1);
        store.close();
        store = backend.open(dir, "db/forkline.mv.db");
        assertThat(store.events("t-decide", "r2")).last().isEqualTo(decision);
        try (Bundle loaded = store.load("t-decide")) {
            assertThat(loaded.blobs().read(signatureHash)).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(signature));
        }
        assertThat(store.find("t-decide").orElseThrow().eventCount()).isEqualTo(13);
        assertThat(store.integrityCheck().ok()).isTrue();
        assertThat(store.importTrace(trace.bundle(), List.of(), null).status()).isEqualTo(StoreResult.Status.UNCHANGED);
    }

    @Test
    void appendedEventsMustContinueTheirRunAndUseNewIds() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-append-check");
        store.importTrace(trace.bundle(), List.of(), null);
        Event stale = trace.events.get(3);

        assertThatThrownBy(() -> store.appendEvents("t-append-check", List.of(stale), Map.of()))
                .isInstanceOf(StoreException.class).hasMessageContaining("continues at seq 10");
        assertThatThrownBy(() -> store.appendEvents("absent", List.of(trace.decision("r1.1")), Map.of()))
                .isInstanceOf(StoreException.class).hasMessageContaining("no stored trace 'absent'");
        assertThatThrownBy(() -> store.appendEvents("t-append-check", List.of(), Map.of("sha256:" + "a".repeat(64), new byte[] {1})))
                .isInstanceOf(StoreException.class).hasMessageContaining("hashes to");
        assertThat(store.find("t-append-check").orElseThrow().eventCount()).isEqualTo(12);
    }

    @Test
    void blobsAreStoredOnceAndSharedAcrossTraces() throws Exception {
        store.importTrace(SampleTraces.standard("t-one").bundle(), List.of(), null);
        StoreResult second = store.importTrace(SampleTraces.standard("t-two").bundle(), List.of(), null);

        assertThat(second.newBlobs()).isZero();
        assertThat(tableCounts()).containsEntry("BLOB_PACKS", 1L);
        assertThat(store.integrityCheck().blobs()).isEqualTo(4);
        assertThat(blobReferences("t-one")).hasSize(4).isEqualTo(blobReferences("t-two"));
        try (Bundle loaded = store.load("t-two")) {
            assertThat(loaded.blobs().read(SampleTraces.standard("x").blob("wrote src/lexer.py"))).isPresent();
        }
    }

    @Test
    void writesRunOnTheNamedWriterThread() throws Exception {
        List<String> threads = new ArrayList<>();
        SampleTraces trace = SampleTraces.standard("t-thread");
        BlobSource recording = new BlobSource() {
            @Override
            public boolean contains(String hash) {
                threads.add(Thread.currentThread().getName());
                return trace.blobs.contains(hash);
            }

            @Override
            public Optional<byte[]> read(String hash) {
                threads.add(Thread.currentThread().getName());
                return trace.blobs.read(hash);
            }
        };

        store.importTrace(trace.bundle(trace.events, recording), List.of(), null);

        assertThat(threads).isNotEmpty().containsOnly("forkline-store-writer");
    }

    /**
     * The window and a command share one store through H2's server, and their writes are not serialised: both may index
     * the same trace for search at once. The second writer's duplicate rows are not a failure of the import it follows.
     */
    @Test
    void aTraceIndexedForSearchByAnotherProcessAtTheSameMomentIsIndexedWithoutAFailure() throws Exception {
        store.importTrace(SampleTraces.standard("t-raced").bundle(), List.of(), null);
        var ours = java.util.concurrent.Executors.newSingleThreadExecutor();
        try (Connection other = backend.connect(dir, "db/forkline")) {
            other.setAutoCommit(false);
            try (Statement sql = other.createStatement()) {
                sql.executeUpdate("INSERT INTO search_terms (term, trace_id, events) VALUES ('bash', 't-raced', 1)");
            }
            var indexing = ours.submit(() -> store.updateSearchIndex("t-raced"));
            Thread.sleep(500); // our write waits for the other's uncommitted row
            other.commit();

            assertThat(indexing.get(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } finally {
            ours.shutdownNow();
        }
        assertThat(store.searchLibrary("bash").hits()).extracting(LibrarySearchResult.Hit::traceId).containsExactly("t-raced");
        assertThat(store.updateSearchIndex("t-raced")).as("indexed as it is now").isFalse();
    }

    @Test
    void integrityCheckNoticesRowsThatDisagree() throws Exception {
        store.importTrace(SampleTraces.standard("t-damaged").bundle(), List.of(), null);
        try (Connection connection = backend.connect(dir, "db/forkline");
             Statement sql = connection.createStatement()) {
            sql.executeUpdate("DELETE FROM event_chunks WHERE run_id = 'r2'");
            sql.executeUpdate("DELETE FROM trace_blob_refs");
            sql.executeUpdate("DELETE FROM blob_packs");
        }
        IntegrityReport report = store.integrityCheck();

        assertThat(report.ok()).isFalse();
        assertThat(report.problems()).anyMatch(p -> p.startsWith("trace event count differs from its chunks: t-damaged 12 9"))
                .anyMatch(p -> p.startsWith("run event count differs from its chunks: t-damaged r2 3"))
                .anyMatch(p -> p.startsWith("trace content digest differs from its events: t-damaged"));
    }

    @Test
    void aDamagedBlobIsReportedByTheCheckAndWhenItIsRead() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-damaged-blob");
        store.importTrace(trace.bundle(), List.of(), null);
        String damaged = trace.blob("def parse(): return None\n");
        try (Connection connection = backend.connect(dir, "db/forkline");
             Statement sql = connection.createStatement()) {
            sql.executeUpdate("UPDATE blob_packs SET content = " + backend.replaceBytes("content", "None", "Nine"));
        }

        assertThat(store.integrityCheck().problems()).containsExactly("blob is damaged: " + damaged + " hashes to "
                + dev.forkline.trace.Hashes.sha256("def parse(): return Nine\n".getBytes(StandardCharsets.UTF_8)));
        try (Bundle loaded = store.load("t-damaged-blob")) {
            assertThatThrownBy(() -> loaded.blobs().read(damaged)).isInstanceOf(dev.forkline.trace.bundle.CorruptBlobException.class);
            assertThat(loaded.blobs().read(trace.blob("def parse(): return 42\n"))).isPresent();
        }
    }

    @Test
    void damagedPackEntriesAreReportedByTheCheckAndWhenABlobIsRead() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-damaged-pack");
        store.importTrace(trace.bundle(), List.of(), null);
        store.close();
        try (Connection connection = backend.connect(dir, "db/forkline");
             Statement sql = connection.createStatement()) {
            sql.executeUpdate("UPDATE blob_packs SET entries = SUBSTRING(entries FROM 1 FOR 100)");
        }
        store = backend.open(dir, "db/forkline");

        assertThat(store.integrityCheck().problems()).anyMatch(p -> p.startsWith("blob pack 1 is damaged: 100 bytes of entries"))
                .anyMatch(p -> p.startsWith("referenced blob is missing: t-damaged-pack "));
        try (Bundle loaded = store.load("t-damaged-pack")) {
            assertThatThrownBy(() -> loaded.blobs().read(trace.blob("def parse(): return 42\n")))
                    .isInstanceOf(IOException.class).hasMessageContaining("blob pack 1 is damaged");
        }
    }

    @Test
    void readingATraceThatIsNotStoredSaysSo() throws Exception {
        assertThatThrownBy(() -> store.load("absent"))
                .isInstanceOf(StoreException.class).hasMessage("no stored trace 'absent'");
        assertThat(store.events("absent", "r1")).isEmpty();
        assertThat(store.runs("absent")).isEmpty();
        assertThat(store.findings("absent")).isEmpty();
    }

    @Test
    void aStoreThatIsClosedRefusesWork() {
        store.close();

        assertThatThrownBy(() -> store.importTrace(SampleTraces.standard("t-late").bundle(), List.of(), null))
                .isInstanceOf(StoreException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> store.list()).isInstanceOf(StoreException.class);
    }

    /** As another process does (SharedFileStoreTest), a second opening shares the file instead of being refused. */
    @Test
    void aDatabaseAlreadyOpenIsOpenedAgainAndShared() throws Exception {
        assumeTrue(backend.embedded(), "a server's database is shared by design");
        store.importTrace(SampleTraces.standard("t-first").bundle(), List.of(), null);
        try (TraceStore again = TraceStore.open(dir.resolve("db/forkline"))) {
            again.importTrace(SampleTraces.standard("t-second").bundle(), List.of(), null);
            assertThat(again.list()).extracting(TraceSummary::traceId).containsExactlyInAnyOrder("t-first", "t-second");
        }
        assertThat(store.list()).extracting(TraceSummary::traceId).containsExactlyInAnyOrder("t-first", "t-second");
        assertThat(store.integrityCheck().problems()).isEmpty();
    }

    @Test
    void describeSaysWhereTheDatabaseLives() {
        if (backend.embedded()) {
            assertThat(store.location()).isEqualTo(dir.resolve("db/forkline.mv.db"));
            assertThat(store.describe()).isEqualTo("H2 " + dir.resolve("db/forkline.mv.db") + " (schema " + Migrations.VERSIONS.getLast() + ")");
        } else {
            assertThat(store.describe()).matches("PostgreSQL postgresql://forkline_admin@127\\.0\\.0\\.1:[0-9]+/forkline_test_[0-9]+ \\(schema " + Migrations.VERSIONS.getLast() + "\\)");
            assertThat(store.isShared()).isTrue();
            assertThatThrownBy(store::location).isInstanceOf(IllegalStateException.class);
        }
    }

    private java.util.Set<String> blobReferences(String traceId) throws Exception {
        try (Connection connection = backend.connect(dir, "db/forkline")) {
            return TraceBlobRefs.of(connection, traceId);
        }
    }

    private Map<String, Long> tableCounts() throws SQLException {
        Map<String, Long> counts = new LinkedHashMap<>();
        try (Connection connection = backend.connect(dir, "db/forkline");
             Statement sql = connection.createStatement()) {
            for (String table : List.of("TRACES", "RUNS", "EVENT_CHUNKS", "BLOB_PACKS", "TRACE_BLOB_REFS", "FINDINGS")) {
                try (ResultSet rows = sql.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rows.next();
                    counts.put(table, rows.getLong(1));
                }
            }
            try (ResultSet rows = sql.executeQuery("SELECT COALESCE(SUM(event_count), 0) FROM traces")) {
                rows.next();
                counts.put("traces.event_count", rows.getLong(1));
            }
        }
        return counts;
    }
}
