package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.EventsWithLines;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.columns.LazyEventList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The spill of a long import's events: equal when read back, never left on disk, readable from several threads. */
class SpilledEventsTest {

    @TempDir
    Path folder;

    private static List<CanonicalEvent.Hashed> hashed(int count) {
        EventChain chain = new EventChain();
        List<CanonicalEvent.Hashed> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            NewEvent draft = i % 2 == 0
                    ? NewEvent.of("r1", "agent", EventType.TOOL_CALL).data(Json.object().put("callId", "c" + i).put("tool", "bash"))
                    : NewEvent.of("r1", "sandbox", EventType.TOOL_RESULT).data(Json.object().put("callId", "c" + (i - 1)).put("stdout", "é " + i));
            events.add(chain.appendHashed(draft.at(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i))));
        }
        return events;
    }

    private static List<Event> events(List<CanonicalEvent.Hashed> hashed) {
        return hashed.stream().map(CanonicalEvent.Hashed::event).toList();
    }

    @Test
    void aSmallImportKeepsItsEventsInMemory() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50, folder);
        List<CanonicalEvent.Hashed> held = hashed(50);
        held.forEach(spilled::add);
        List<Event> events = events(held);

        assertThat(spilled.spilled()).isFalse();
        assertThat(spilled.finished(null)).isNotInstanceOf(LazyEventList.class).containsExactlyElementsOf(events);
    }

    @Test
    void aSmallImportHandsOutTheLinesItsEventsWereHashedAs() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50, folder);
        EventChain chain = new EventChain();
        for (int i = 0; i < 20; i++) {
            CanonicalEvent.Hashed hashed = chain.appendHashed(NewEvent.of("r1", "agent", EventType.NOTE)
                    .data(Json.object().put("text", "\u00e9\n" + i)).at(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i)));
            spilled.add(hashed);
        }
        EventLines lines = ((EventsWithLines) spilled.finished(null)).lines();
        for (int i = 0; i < 20; i++) {
            assertThat(new String(lines.line(i), StandardCharsets.UTF_8)).isEqualTo(EventCodec.toLine(spilled.get(i)));
        }
        // the handed-out list is kept as it is by a bundle, so it must not grow afterwards
        assertThatThrownBy(() -> spilled.add(chain.appendHashed(NewEvent.of("r1", "agent", EventType.NOTE).data(Json.object()))))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void beyondTheLimitEventsGoToAFileAndReadBackEqual() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50, folder);
        List<CanonicalEvent.Hashed> held = hashed(301);
        List<Event> events = events(held);
        for (int i = 0; i < events.size(); i++) {
            spilled.add(held.get(i));
            if (i == 120) {
                assertThat(spilled.spilled()).isTrue();
                assertThat(spilled.get(7)).isEqualTo(events.get(7)); // read back while the import still appends
            }
        }
        assertThat(spilled.getFirst()).isEqualTo(events.getFirst());
        assertThat(spilled.getLast()).isEqualTo(events.getLast());

        List<Event> finished = spilled.finished(null);
        assertThat(finished).isInstanceOf(LazyEventList.class).hasSize(301).containsExactlyElementsOf(events);
        assertThat(((LazyEventList) finished).hashedHere()).as("lines written here as the events were hashed").isTrue();
        EventColumns expected = EventColumns.of(events);
        EventColumns columns = EventColumns.of(finished);
        for (int i = 0; i < events.size(); i++) {
            assertThat(columns.id(i)).isEqualTo(expected.id(i));
            assertThat(columns.callId(i)).isEqualTo(expected.callId(i));
            assertThat(columns.type(i)).isEqualTo(expected.type(i));
        }
    }

    /**
     * A spilled import knows each run's session.end outcome from the events as they were appended, so that indexing it
     * for the checks reads no chunk per run (a trace of thousands of runs); it says nothing of a run without one.
     */
    @Test
    void theFinishedListKnowsEachRunsOutcomeFromTheEventsAppended() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 2, folder);
        EventChain chain = new EventChain();
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        for (String run : List.of("passed", "blank", "open")) {
            spilled.add(chain.appendHashed(NewEvent.of(run, "harness", EventType.SESSION_START).data(Json.object()).at(t)));
            if (!run.equals("open")) {
                String outcome = run.equals("passed") ? "success" : " ";
                spilled.add(chain.appendHashed(NewEvent.of(run, "harness", EventType.SESSION_END).data(Json.object().put("outcome", outcome)).at(t)));
            }
        }

        var finished = (LazyEventList) spilled.finished(null);

        assertThat(finished.knownRun("passed")).isEqualTo(new KnownRun("success", null));
        assertThat(finished.knownRun("blank")).as("as the index reads a blank outcome").isEqualTo(new KnownRun("unknown", null));
        assertThat(finished.knownRun("open")).isNull();
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "an open file cannot be deleted there; it is deleted when closed")
    void theFileIsGoneFromItsFolderWhileTheEventsAreStillReadAndAfterAFailedImport() throws IOException {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50, folder);
        List<CanonicalEvent.Hashed> held = hashed(400);
        List<Event> events = events(held);
        for (int i = 0; i < 200; i++) {
            spilled.add(held.get(i));
        }
        assertThat(spilled.spilled()).isTrue();
        assertThat(entries(folder)).as("the folder while the import appends").isEmpty();

        // an import that fails here just drops its events, with no call to clean up: nothing is left behind
        SpilledEvents failed = new SpilledEvents("failed.jsonl", 50, folder);
        held.subList(0, 120).forEach(failed::add);
        assertThat(failed.spilled()).isTrue();
        assertThat(entries(folder)).isEmpty();

        held.subList(200, 400).forEach(spilled::add);
        List<Event> finished = spilled.finished(null);
        assertThat(entries(folder)).isEmpty();
        assertThat(finished.get(333)).isEqualTo(events.get(333));
    }

    @Test
    void largeEventsGoToAFileLongBeforeTheirCountReachesTheLimit() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl");
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; bytes <= SpilledEvents.IN_MEMORY_BYTES + (2 << 20); i++) {
            CanonicalEvent.Hashed hashed = chain.appendHashed(NewEvent.of("r1", "model", EventType.MODEL_CALL)
                    .data(Json.object().put("input", "a whole conversation again " + i + " ".repeat(1 << 20)))
                    .at(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i)));
            assertThat(spilled.spilled()).as("after %d bytes of lines", bytes).isEqualTo(bytes > SpilledEvents.IN_MEMORY_BYTES);
            spilled.add(hashed);
            events.add(hashed.event());
            bytes += hashed.line().length;
        }
        assertThat(events.size()).isLessThan(SpilledEvents.IN_MEMORY_LIMIT / 1000);
        assertThat(spilled.spilled()).isTrue();
        List<Event> finished = spilled.finished(null);
        assertThat(finished).isInstanceOf(LazyEventList.class).containsExactlyElementsOf(events);
    }

    @Test
    void linesLongerThanTheWriteBufferReadBackEqual() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 2, folder);
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String stdout = "x".repeat(i % 2 == 0 ? 10 : 200_000) + i;
            CanonicalEvent.Hashed hashed = chain.appendHashed(NewEvent.of("r1", "sandbox", EventType.TOOL_RESULT)
                    .data(Json.object().put("callId", "c" + i).put("stdout", stdout)).at(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i)));
            events.add(hashed.event());
            spilled.add(hashed);
            assertThat(spilled.get(i)).isEqualTo(events.get(i));
        }
        assertThat(spilled.finished(null)).containsExactlyElementsOf(events);
    }

    @Test
    void theFinishedListReadsFromSeveralThreadsAndAfterAnInterrupt() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50, folder);
        List<CanonicalEvent.Hashed> held = hashed(20_000);
        held.forEach(spilled::add);
        List<Event> events = events(held);
        LazyEventList finished = (LazyEventList) spilled.finished(null);

        Thread.currentThread().interrupt();
        try {
            assertThat(finished.get(4_321)).isEqualTo(events.get(4_321));
        } finally {
            assertThat(Thread.interrupted()).as("the interrupt is left for the caller").isTrue();
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> readers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int start = t;
                readers.add(pool.submit(() -> {
                    int equal = 0;
                    for (int i = start; i < events.size(); i += 4) {
                        byte[] line = finished.lines().line(i);
                        if (new String(line, StandardCharsets.UTF_8).equals(EventCodec.toLine(events.get(i)))) {
                            equal++;
                        }
                    }
                    return equal;
                }));
            }
            int equal = 0;
            for (Future<Integer> reader : readers) {
                equal += reader.get();
            }
            assertThat(equal).isEqualTo(events.size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void noEventIsAppendedAfterTheEventsAreFinished() throws Exception {
        SpilledEvents spilled = new SpilledEvents("t.jsonl", 50, folder);
        List<CanonicalEvent.Hashed> held = hashed(60);
        held.subList(0, 59).forEach(spilled::add);
        spilled.finished(null);

        assertThatThrownBy(() -> spilled.add(held.get(59)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("finished");
    }

    private static List<Path> entries(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.toList();
        }
    }
}
