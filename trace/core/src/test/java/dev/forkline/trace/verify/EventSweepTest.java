package dev.forkline.trace.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EventSweepTest {

    /** Several ranges and a short last one, so that the sweep runs on more than one thread. */
    private static final int EVENTS = 3 * EventSweep.RANGE + 17;

    private static final Event EVENT = new TraceBuilder().add("r1", "harness", EventType.NOTE, "{'text':'x'}");

    /** Hands out the same event at every index and counts how often each index is asked for. */
    private static final class CountingEvents extends AbstractList<Event> {
        final AtomicIntegerArray asked;
        private final int failAt;

        CountingEvents(int size, int failAt) {
            this.asked = new AtomicIntegerArray(size);
            this.failAt = failAt;
        }

        @Override
        public Event get(int index) {
            if (index == failAt) {
                throw new IllegalStateException("event " + index + " is damaged");
            }
            asked.incrementAndGet(index);
            return EVENT;
        }

        @Override
        public int size() {
            return asked.length();
        }
    }

    /** Records the indexes it is shown. */
    private static final class Indexes implements EventSweep.Inspection<List<Integer>> {
        @Override
        public List<Integer> newPart() {
            return new ArrayList<>();
        }

        @Override
        public void inspect(int index, Event event, List<Integer> part) {
            part.add(index);
        }
    }

    /** Does {@code action} at the first event of each range, on the thread inspecting that range. */
    private static EventSweep.Inspection<List<Integer>> atEachRangesStart(Runnable action) {
        return new EventSweep.Inspection<>() {
            @Override
            public List<Integer> newPart() {
                return new ArrayList<>();
            }

            @Override
            public void inspect(int index, Event event, List<Integer> part) {
                if (index % EventSweep.RANGE == 0) {
                    action.run();
                }
            }
        };
    }

    @Test
    void tellsHowFarItGotInOrderUpToEveryEvent() {
        List<Integer> told = Collections.synchronizedList(new ArrayList<>());
        EventSweep sweep = new EventSweep(new CountingEvents(EVENTS, -1)).reportingTo((swept, events) -> {
            assertThat(events).isEqualTo(EVENTS);
            told.add(swept);
        });
        sweep.add(new Indexes());
        sweep.run();

        assertThat(told).hasSize(4).isSorted().last().isEqualTo(EVENTS);
    }

    @Test
    void aProgressThatThrowsStopsTheSweepAndItsExceptionIsThrown() {
        int ranges = 40;
        CountingEvents events = new CountingEvents(ranges * EventSweep.RANGE, -1);
        EventSweep sweep = new EventSweep(events).reportingTo((swept, all) -> {
            throw new java.util.concurrent.CancellationException("cancelled after " + swept);
        });
        EventSweep.Parts<List<Integer>> parts = sweep.add(atEachRangesStart(() -> {
            try {
                Thread.sleep(10); // each range takes a while, so that most are still waiting when the first ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));

        assertThatThrownBy(sweep::run).isInstanceOf(java.util.concurrent.CancellationException.class).hasMessageStartingWith("cancelled after");
        int asked = 0;
        for (int i = 0; i < events.asked.length(); i++) {
            asked += events.asked.get(i);
        }
        assertThat(asked).as("events shown before the sweep stopped").isLessThan(ranges * EventSweep.RANGE / 2);
        assertThatThrownBy(parts::inFileOrder).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyInspectionSeesEveryEventOnceAndGetsItsPartsInFileOrder() {
        CountingEvents events = new CountingEvents(EVENTS, -1);
        EventSweep sweep = new EventSweep(events);
        EventSweep.Parts<List<Integer>> first = sweep.add(new Indexes());
        EventSweep.Parts<List<Integer>> second = sweep.add(new Indexes());
        sweep.run();

        List<Integer> all = IntStream.range(0, EVENTS).boxed().toList();
        assertThat(first.inFileOrder()).hasSizeGreaterThan(1);
        assertThat(first.inFileOrder().stream().flatMap(List::stream).toList()).isEqualTo(all);
        assertThat(second.inFileOrder().stream().flatMap(List::stream).toList()).isEqualTo(all);
        assertThat(IntStream.range(0, EVENTS).map(events.asked::get).distinct().toArray())
                .as("each event is taken from the list once, for both inspections").containsExactly(1);
    }

    /** Profiles and thread dumps tell the sweep's threads apart by name: each worker had been named "-0". */
    @Test
    void eachThreadOfTheSweepHasANameOfItsOwn() {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one core: the sweep has one thread");
        CyclicBarrier twoAtOnce = new CyclicBarrier(2);
        Map<Thread, String> names = new ConcurrentHashMap<>();
        EventSweep sweep = new EventSweep(new CountingEvents(2 * EventSweep.RANGE, -1));
        sweep.add(atEachRangesStart(() -> {
            names.put(Thread.currentThread(), Thread.currentThread().getName());
            try {
                twoAtOnce.await(30, TimeUnit.SECONDS); // both ranges at once: on two threads
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }));
        sweep.run();

        assertThat(names).hasSize(2);
        assertThat(new HashSet<>(names.values())).hasSize(2).allMatch(name -> name.startsWith("forkline-event-sweep-"));
    }

    @Test
    void aSmallTraceIsOnePart() {
        EventSweep sweep = new EventSweep(new CountingEvents(5, -1));
        EventSweep.Parts<List<Integer>> parts = sweep.add(new Indexes());
        sweep.run();
        assertThat(parts.inFileOrder()).containsExactly(List.of(0, 1, 2, 3, 4));
    }

    @Test
    void aDamagedEventFailsTheSweepWithItsOwnException() {
        EventSweep sweep = new EventSweep(new CountingEvents(EVENTS, 2 * EventSweep.RANGE + 3));
        EventSweep.Parts<List<Integer>> parts = sweep.add(new Indexes());
        assertThatThrownBy(sweep::run).isInstanceOf(IllegalStateException.class)
                .hasMessage("event " + (2 * EventSweep.RANGE + 3) + " is damaged");
        assertThatThrownBy(parts::inFileOrder).isInstanceOf(IllegalStateException.class);
    }

    /** The lines of a lazily read trace, counting the reads: one per event, or one per call for several. */
    private static final class RecordedLines implements EventLines {
        final byte[][] lines;
        final AtomicInteger singleReads = new AtomicInteger();
        final List<Integer> severalRead = Collections.synchronizedList(new ArrayList<>());

        RecordedLines(List<Event> events) {
            lines = events.stream().map(event -> EventCodec.toLine(event).getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        }

        @Override
        public int size() {
            return lines.length;
        }

        @Override
        public byte[] line(int i) {
            singleReads.incrementAndGet();
            return lines[i].clone();
        }

        @Override
        public byte[][] lines(int[] indexes) {
            severalRead.add(indexes.length);
            return Arrays.stream(indexes).mapToObj(i -> lines[i].clone()).toArray(byte[][]::new);
        }

        @Override
        public String file() {
            return "trace.jsonl";
        }

        @Override
        public long lineNumber(int i) {
            return i + 1L;
        }
    }

    private static List<Event> notes(int count) {
        TraceBuilder trace = new TraceBuilder();
        for (int i = 0; i < count; i++) {
            trace.add("r1", "harness", EventType.NOTE, "{'text':'note " + i + "'}");
        }
        return trace.events();
    }

    @Test
    void aLazilyReadTraceIsReadARangeOfLinesAtATime() {
        List<Event> written = notes(EVENTS);
        RecordedLines lines = new RecordedLines(written);
        EventSweep sweep = new EventSweep(new LazyEventList(EventColumns.of(written), lines));
        EventSweep.Parts<List<String>> ids = sweep.add(new EventSweep.Inspection<>() {
            @Override
            public List<String> newPart() {
                return new ArrayList<>();
            }

            @Override
            public void inspect(int index, Event event, List<String> part) {
                part.add(index + " " + event.id() + " " + event.text("text"));
            }
        });
        sweep.run();

        assertThat(ids.inFileOrder().stream().flatMap(List::stream).toList())
                .isEqualTo(IntStream.range(0, EVENTS).mapToObj(i -> i + " " + written.get(i).id() + " note " + i).toList());
        assertThat(lines.singleReads).hasValue(0);
        assertThat(lines.severalRead).hasSize(4).allMatch(count -> count == EventSweep.RANGE || count == 17);
    }

    @Test
    void aFilterKeepsTheLinesItRulesOutUnreadAndTheEventsItRefusesUnparsed() {
        List<Event> written = notes(EVENTS);
        RecordedLines lines = new RecordedLines(written);
        lines.lines[4] = "damaged, but ruled out by its index".getBytes(StandardCharsets.UTF_8);
        lines.lines[7] = "{\"text\":\"damaged, but refused by its line\"".getBytes(StandardCharsets.UTF_8);
        List<Integer> asked = Collections.synchronizedList(new ArrayList<>());
        EventSweep sweep = new EventSweep(new LazyEventList(EventColumns.of(written), lines)).onlyWhere(new LazyEventList.LineFilter() {
            @Override
            public boolean mayWant(int index) {
                return index % 2 == 1;
            }

            @Override
            public boolean wanted(int index, byte[] line) {
                asked.add(index);
                return index % 3 != 1;
            }
        });
        EventSweep.Parts<List<Integer>> parts = sweep.add(new Indexes());
        sweep.run();

        assertThat(parts.inFileOrder().stream().flatMap(List::stream).toList())
                .isEqualTo(IntStream.range(0, EVENTS).filter(i -> i % 2 == 1 && i % 3 != 1).boxed().toList());
        assertThat(asked).doesNotContain(0, 2, 4, 6).contains(1, 3, 5, 7).hasSize(EVENTS / 2);
        assertThat(lines.severalRead.stream().mapToInt(Integer::intValue).sum()).as("lines asked for").isEqualTo(EVENTS / 2);
    }

    @Test
    void aDamagedLineOfALazilyReadTraceFailsTheSweepNamingIt() {
        List<Event> written = notes(EVENTS);
        RecordedLines lines = new RecordedLines(written);
        int damaged = 2 * EventSweep.RANGE + 3;
        lines.lines[damaged] = "{\"id\":".getBytes(StandardCharsets.UTF_8);
        EventSweep sweep = new EventSweep(new LazyEventList(EventColumns.of(written), lines));
        sweep.add(new Indexes());
        assertThatThrownBy(sweep::run).isInstanceOf(LazyEventList.DamagedEventException.class)
                .hasMessageStartingWith("trace.jsonl:" + (damaged + 1) + ": invalid JSON");
    }

    @Test
    void runsOnce() {
        EventSweep sweep = new EventSweep(new CountingEvents(3, -1));
        EventSweep.Parts<List<Integer>> parts = sweep.add(new Indexes());
        assertThatThrownBy(parts::inFileOrder).hasMessage("the sweep has not run yet");
        sweep.run();
        assertThatThrownBy(sweep::run).hasMessage("the sweep has already run");
        assertThatThrownBy(() -> sweep.add(new Indexes())).hasMessage("the sweep has already run");
    }
}
