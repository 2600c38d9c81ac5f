package dev.forkline.views.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.testing.CountingLines;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A root run's origin (imported or recorded) as the fork tree shows it, and what is read to tell it. */
class RunOriginTest {

    private static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

    private final EventChain chain = new EventChain();
    private final List<Event> events = new ArrayList<>();

    private void start(String run, boolean imported) {
        var data = Json.object();
        if (imported) {
            data.putObject(SessionStartData.IMPORTED).put(SessionStartData.IMPORTED_FORMAT, "openhands");
        }
        events.add(chain.append(NewEvent.of(run, "harness", EventType.SESSION_START).at(T).data(data)));
        events.add(chain.append(NewEvent.of(run, "agent:a", EventType.NOTE).at(T.plusSeconds(1)).data(Json.object())));
    }

    /**
     * The store knows for the runs it stored since schema version 10 whether the first event is marked imported: a
     * trace of thousands of runs is then shown without a chunk read per run. A run it does not know is read.
     */
    @Test
    void aRootRunsOriginIsTakenFromWhatTheStoreKnowsAndReadOnlyWhereItDoesNot() {
        start("imported", true);
        start("recorded", false);
        start("stored-before", true);
        CountingLines lines = new CountingLines(events, "store:t");
        Map<String, KnownRun> known = Map.of("imported", new KnownRun("unknown", true), "recorded", new KnownRun("unknown", false),
                "stored-before", new KnownRun("unknown", null));
        LazyEventList lazy = new LazyEventList(EventColumns.of(events), lines, known);
        Manifest manifest = new Manifest(Manifest.FORMAT_VERSION, "t", "test", T, "test", Manifest.NATIVE_FORMAT);

        IndexRunLineage lineage = new IndexRunLineage(new Bundle("t", manifest, lazy, new int[events.size()], BlobSource.NONE));

        assertThat(lineage.roots()).extracting(RunNode::run, RunNode::origin).containsExactly(
                org.assertj.core.groups.Tuple.tuple("imported", "import"), org.assertj.core.groups.Tuple.tuple("recorded", "original"),
                org.assertj.core.groups.Tuple.tuple("stored-before", "import"));
        assertThat(lines.takeRead().stream().boxed()).as("only the first event of the run the store did not know").containsExactly(4);
    }

    @Test
    void withoutAStoreEachRootRunsFirstEventTellsItsOrigin() {
        start("imported", true);
        start("recorded", false);
        CountingLines lines = new CountingLines(events, "t.jsonl");
        Manifest manifest = new Manifest(Manifest.FORMAT_VERSION, "t", "test", T, "test", Manifest.NATIVE_FORMAT);

        IndexRunLineage lineage = new IndexRunLineage(lines.bundleLike(new Bundle("t", manifest, events, new int[events.size()],
                BlobSource.NONE)));

        assertThat(lineage.roots()).extracting(RunNode::origin).containsExactly("import", "original");
        assertThat(lines.takeRead().stream().boxed()).containsExactly(0, 2);
    }
}
