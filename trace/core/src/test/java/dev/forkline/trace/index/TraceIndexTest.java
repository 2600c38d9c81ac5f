package dev.forkline.trace.index;

import static dev.forkline.trace.EventType.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.testing.CountingLines;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceIndexTest {

    private final TraceBuilder trace = new TraceBuilder();

    private List<Event> forkedTrace() {
        trace.add("r1", "harness", SESSION_START, "{'model':{'model':'m'}}");
        trace.add("r1", "agent:a", NOTE, "{'text':'one'}");
        Event cp1 = trace.add("r1", "harness", CHECKPOINT, "{'checkpointId':'cp1','label':'first','workspace':{'files':{}}}");
        trace.add("r1", "agent:a", NOTE, "{'text':'after cp1'}");
        Event cp2 = trace.add("r1", "harness", CHECKPOINT, "{'checkpointId':'cp2','label':'second','workspace':{'files':{}}}");
        trace.add("r1", "harness", SESSION_END, "{'outcome':'failure'}");
        trace.fork("r2", cp1, "fork", "[{'op':'replace','path':'/x'}]");
        trace.add("r2", "agent:a", NOTE, "{'text':'in r2'}");
        trace.add(NewEvent.ofRawType("r2", "agent:a", "vendor.custom").data(TraceBuilder.json("{'x':1}")));
        trace.add("r2", "harness", SESSION_END, "{'outcome':'success'}");
        trace.fork("r3", cp2, "replay", "[]");
        trace.add("r3", "agent:a", NOTE, "{'text':'in r3'}");
        Event r2checkpoint = trace.add("r2", "harness", CHECKPOINT, "{'checkpointId':'cp3','workspace':{'files':{}}}");
        trace.fork("r4", r2checkpoint, "revert", "[]");
        return trace.events();
    }

    @Test
    void runsFormAForkTree() {
        TraceIndex index = TraceIndex.of(forkedTrace());

        assertThat(index.runs()).extracting(RunInfo::id).containsExactly("r1", "r2", "r3", "r4");
        assertThat(index.roots()).extracting(RunInfo::id).containsExactly("r1");
        assertThat(index.children("r1")).extracting(RunInfo::id).containsExactly("r2", "r3");
        assertThat(index.children("r2")).extracting(RunInfo::id).containsExactly("r4");
        assertThat(index.children("r3")).isEmpty();

        RunInfo r1 = index.run("r1").orElseThrow();
        assertThat(r1.isFork()).isFalse();
        assertThat(r1.eventCount()).isEqualTo(6);
        assertThat(r1.outcome()).isEqualTo("failure");
        assertThat(r1.firstTs()).isEqualTo(index.get(0).ts());
        assertThat(r1.lastTs()).isEqualTo(index.get(5).ts());

        RunInfo r2 = index.run("r2").orElseThrow();
        assertThat(r2.parentRun()).isEqualTo("r1");
        assertThat(r2.forkCheckpointId()).isEqualTo("cp1");
        assertThat(r2.forkEventId()).isEqualTo("r1.3");
        assertThat(r2.reason()).isEqualTo("fork");
        assertThat(r2.edits().toString()).isEqualTo("[{\"op\":\"replace\",\"path\":\"/x\"}]");
        assertThat(r2.eventCount()).isEqualTo(5);
        assertThat(r2.outcome()).isEqualTo("success");
        assertThat(index.run("r3").orElseThrow().outcome()).isNull();
        assertThat(index.run("nope")).isEmpty();
    }

    @Test
    void findsEventsByIdAndKeepsUnknownTypes() {
        TraceIndex index = TraceIndex.of(forkedTrace());
        assertThat(index.event("r2.3").orElseThrow().type()).isEqualTo("vendor.custom");
        assertThat(index.event("r2.3").orElseThrow().kind()).isEqualTo(UNKNOWN);
        assertThat(index.indexOf("r1.1")).isZero();
        assertThat(index.indexOf("missing")).isEqualTo(-1);
        assertThat(index.event(null)).isEmpty();
    }

    @Test
    void lineageOfAForkedRunIsTheParentUpToTheCheckpointThenItsOwn() {
        TraceIndex index = TraceIndex.of(forkedTrace());

        assertThat(index.lineage("r2")).extracting(Event::id)
                .containsExactly("r1.1", "r1.2", "r1.3", "r2.1", "r2.2", "r2.3", "r2.4", "r2.5");
        assertThat(index.lineage("r3")).extracting(Event::id)
                .containsExactly("r1.1", "r1.2", "r1.3", "r1.4", "r1.5", "r3.1", "r3.2");
        Lineage r4 = index.lineage("r4");
        assertThat(r4).extracting(Event::id)
                .containsExactly("r1.1", "r1.2", "r1.3", "r2.1", "r2.2", "r2.3", "r2.4", "r2.5", "r4.1");
        assertThat(r4.runs()).containsExactly("r1", "r2", "r4");
        assertThat(r4.ownStart()).isEqualTo(8);
        assertThat(r4.positionOf("r2.2")).isEqualTo(4);
        assertThat(r4.positionOf("r1.4")).as("after the fork point").isEqualTo(-1);
        assertThat(r4.positionOf("r3.1")).as("another branch").isEqualTo(-1);
        assertThat(index.lineage("r1")).extracting(Event::id).containsExactly("r1.1", "r1.2", "r1.3", "r1.4", "r1.5", "r1.6");
        assertThat(index.lineage("unknown")).isEmpty();
    }

    @Test
    void eventsOfARunComeInSeqOrderEvenWhenTheFileInterleavesOrShufflesThem() {
        List<Event> events = new ArrayList<>(forkedTrace());
        java.util.Collections.reverse(events);
        TraceIndex index = TraceIndex.of(events);
        assertThat(index.eventsOf("r1")).extracting(Event::seq).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(index.eventsOf("r2")).extracting(Event::id).containsExactly("r2.1", "r2.2", "r2.3", "r2.4", "r2.5");
        assertThat(index.lineage("r2")).extracting(Event::id).startsWith("r1.1", "r1.2", "r1.3", "r2.1");
        assertThat(index.runs()).extracting(RunInfo::id).containsExactly("r4", "r2", "r3", "r1");
        assertThat(index.roots()).extracting(RunInfo::id).containsExactly("r1");
    }

    /**
     * A list that knows its runs' outcomes (a stored trace) is not parsed for a run with one session.end; a run with two
     * is, its last by seq deciding; a blank outcome reads as unknown, as the store's runs table keeps it.
     */
    @Test
    void aRunsKnownOutcomeIsTakenWithoutParsingItsOneSessionEnd() {
        trace.add("one", "harness", SESSION_START, "{}");
        trace.add("one", "harness", SESSION_END, "{'outcome':'failure'}");
        trace.add("two", "harness", SESSION_START, "{}");
        trace.add("two", "harness", SESSION_END, "{'outcome':'failure'}");
        trace.add("two", "harness", SESSION_END, "{'outcome':'success'}");
        trace.add("blank", "harness", SESSION_END, "{'outcome':' '}");
        trace.add("open", "harness", SESSION_START, "{}");
        List<Event> written = trace.events();
        CountingLines lines = new CountingLines(written, "test");
        var known = java.util.Map.of("one", new KnownRun("known to the store", null), "two", new KnownRun("known but two ends", null),
                "open", new KnownRun("unknown", null));
        TraceIndex index = TraceIndex.of(new LazyEventList(EventColumns.of(written), lines, known));

        assertThat(index.run("one").orElseThrow().outcome()).isEqualTo("known to the store");
        assertThat(index.run("two").orElseThrow().outcome()).isEqualTo("success");
        assertThat(index.run("blank").orElseThrow().outcome()).isEqualTo("unknown");
        assertThat(index.run("open").orElseThrow().outcome()).as("no session.end: still running").isNull();
        assertThat(lines.takeRead().stream().boxed()).as("the lines parsed").containsExactly(4, 5);
        assertThat(TraceIndex.of(written).run("blank").orElseThrow().outcome()).isEqualTo("unknown");
    }

    @Test
    void listsCheckpoints() {
        TraceIndex index = TraceIndex.of(forkedTrace());
        assertThat(index.checkpoints()).containsExactly(
                new CheckpointInfo("cp1", "r1", 3, "r1.3", "first"),
                new CheckpointInfo("cp2", "r1", 5, "r1.5", "second"),
                new CheckpointInfo("cp3", "r2", 5, "r2.5", null));
        assertThat(index.checkpointsOf("r2")).extracting(CheckpointInfo::checkpointId).containsExactly("cp3");
        assertThat(index.checkpoint("cp2").orElseThrow().eventId()).isEqualTo("r1.5");
    }

    @Test
    void aForkWhoseParentIsMissingIsARootWithOnlyItsOwnLineage() {
        List<Event> events = forkedTrace().stream().filter(e -> !e.run().equals("r1")).toList();
        TraceIndex index = TraceIndex.of(events);
        assertThat(index.roots()).extracting(RunInfo::id).containsExactly("r2", "r3");
        assertThat(index.lineage("r3")).extracting(Event::id).containsExactly("r3.1", "r3.2");
        assertThat(index.lineage("r4")).extracting(Event::id).containsExactly("r2.1", "r2.2", "r2.3", "r2.4", "r2.5", "r4.1");
    }

    @Test
    void handlesAMillionEvents() {
        List<Event> events = new ArrayList<>(1_000_000);
        Event base = forkedTrace().get(1);
        for (int i = 0; i < 1_000_000; i++) {
            String run = i % 2 == 0 ? "a" : "b";
            events.add(new Event(run + i, run, i / 2 + 1, base.ts(), base.actor(), base.type(), List.of(), List.of(), base.data(), null, null));
        }
        TraceIndex index = TraceIndex.of(events);
        Lineage lineage = index.lineage("b");
        assertThat(lineage).hasSize(500_000);
        assertThat(lineage.get(499_999).id()).isEqualTo("b999999");
        assertThat(lineage.positionOf("b999999")).isEqualTo(499_999);
        assertThat(index.eventsOf("a").get(1234).id()).isEqualTo("a2468");
    }
}
