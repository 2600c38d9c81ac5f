package dev.forkline.trace.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.HeldEventList;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.index.TraceIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class SweepMemoTest {

    /** More than one range, so that the sweep runs on several threads. */
    private static final int EVENTS = 2 * EventSweep.RANGE + 5;

    private static List<Event> trace(TraceBuilder builder, int notes) {
        for (int k = 0; k < notes; k++) {
            builder.add("r1", "agent:a", EventType.NOTE, "{'text':'step " + k + "'}");
        }
        return new ArrayList<>(builder.events());
    }

    private static VerificationReport verify(List<Event> events, SweepMemo memo) {
        EventSweep sweep = new EventSweep(events, memo);
        Supplier<VerificationReport> report = Verifier.verifyDuring(sweep, TraceIndex.of(events), null, null, List.of());
        sweep.run();
        return report.get();
    }

    @Test
    void aGrownTraceIsReportedAsWithoutTheMemoAndOnlyItsNewEventsAreHashed() {
        TraceBuilder builder = new TraceBuilder();
        List<Event> first = trace(builder, EVENTS);
        SweepMemo memo = new SweepMemo();
        assertThat(verify(first, memo).problems()).isEmpty();
        assertThat(memo.size(EventVerification.HASH_MATCHES)).isEqualTo(EVENTS);

        // An event already checked is changed behind the memo's back: the memo trusts the very same object, a check
        // without it does not. (Forkline never changes a chained event; this shows which events the memo spares.)
        first.get(7).data().put("text", "changed after its hash");
        List<Event> grown = trace(builder, 300);
        Event wrong = grown.get(EVENTS + 3);
        wrong.data().put("text", "changed too");

        VerificationReport remembered = verify(grown, memo);
        assertThat(remembered.problems()).extracting(Problem::eventId).containsExactly(wrong.id());
        assertThat(verify(grown, null).problems()).extracting(Problem::eventId).containsExactly(first.get(7).id(), wrong.id());

        // a mismatch is never kept: it is reported again on the next sweep
        assertThat(verify(grown, memo).problems()).extracting(Problem::eventId).containsExactly(wrong.id());
    }

    @Test
    void keepsOnlyTheEventsOfTheLastSweep() {
        List<Event> events = trace(new TraceBuilder(), EVENTS);
        SweepMemo memo = new SweepMemo();
        verify(events, memo);
        verify(events.subList(0, 10), memo);

        assertThat(memo.size(EventVerification.HASH_MATCHES)).isEqualTo(10);
    }

    @Test
    void eventsReadAgainAsNewObjectsAreCheckedAgain() {
        List<Event> events = trace(new TraceBuilder(), 20);
        SweepMemo memo = new SweepMemo();
        verify(events, memo);
        List<Event> copies = new ArrayList<>(events.stream().map(event -> new Event(event.id(), event.run(), event.seq(), event.ts(),
                event.actor(), event.type(), event.causes(), event.state(), event.data().deepCopy(), event.prev(), event.hash())).toList());
        copies.get(3).data().put("text", "altered copy");

        assertThat(verify(copies, memo).problems()).extracting(Problem::eventId).containsExactly(copies.get(3).id());
    }

    @Test
    void eventsHashedInThisProcessAreNotHashedAgainWhenTheirIndexIsMadeFromTheList() {
        List<Event> events = new HeldEventList(hashedNotes(), "test");
        SweepMemo memo = new SweepMemo();
        EventSweep sweep = new EventSweep(events, memo);
        Supplier<VerificationReport> report = Verifier.verifyDuring(sweep, TraceIndex.of(events, EventColumns.of(events)), null, null,
                List.of());
        sweep.run();

        assertThat(report.get().problems()).isEmpty();
        // no hash was computed, so none was kept; the same events in a plain list are all hashed
        assertThat(memo.size(EventVerification.HASH_MATCHES)).isZero();
        verify(new ArrayList<>(events), memo);
        assertThat(memo.size(EventVerification.HASH_MATCHES)).isEqualTo(EVENTS);
    }

    @Test
    void linesWrittenHereAsTheirEventsWereHashedAreNotHashedAgainLinesReadElsewhereAre() {
        HeldEventList written = new HeldEventList(hashedNotes(), "test");
        EventColumns columns = EventColumns.of(written);

        SweepMemo memo = new SweepMemo();
        assertThat(verifyIndexed(LazyEventList.hashedHere(columns, written.lines()), columns, memo).problems()).isEmpty();
        assertThat(memo.size(EventVerification.HASH_MATCHES)).as("hashes computed").isZero();

        SweepMemo readElsewhere = new SweepMemo();
        assertThat(verifyIndexed(new LazyEventList(columns, written.lines()), columns, readElsewhere).problems()).isEmpty();
        assertThat(readElsewhere.size(EventVerification.HASH_MATCHES)).isEqualTo(EVENTS);
    }

    /** {@link #EVENTS} notes hashed by a chain in this process, with the lines it wrote. */
    private static List<CanonicalEvent.Hashed> hashedNotes() {
        EventChain chain = new EventChain();
        List<CanonicalEvent.Hashed> held = new ArrayList<>();
        for (int k = 0; k < EVENTS; k++) {
            held.add(chain.appendHashed(NewEvent.of("r1", "agent:a", EventType.NOTE).data(Json.object().put("text", "step " + k))
                    .at(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(k))));
        }
        return held;
    }

    private static VerificationReport verifyIndexed(List<Event> events, EventColumns columns, SweepMemo memo) {
        EventSweep sweep = new EventSweep(events, memo);
        Supplier<VerificationReport> report = Verifier.verifyDuring(sweep, TraceIndex.of(events, columns), null, null, List.of());
        sweep.run();
        return report.get();
    }

    @Test
    void aResultFoundAheadIsRecalledByTheFirstSweepThatReachesItsEvent() {
        SweepMemo.Key<String> key = new SweepMemo.Key<>("test");
        List<Event> events = trace(new TraceBuilder(), 3);
        Event elsewhere = trace(new TraceBuilder(), 1).getFirst();
        SweepMemo memo = new SweepMemo();
        memo.keepAhead(key, events.get(2), "found ahead");
        memo.keepAhead(key, elsewhere, "never reached");

        assertThat(sweepOver(events.subList(0, 1), memo, key)).containsExactly((String) null); // taken before it arrived
        assertThat(sweepOver(events, memo, key)).containsExactly(null, null, "found ahead");
        // two sweeps did not reach it: its event left the trace
        assertThat(memo.recall(key, elsewhere)).isNull();
    }

    /** What a sweep over these events recalls of {@code key} per event. */
    private static List<String> sweepOver(List<Event> events, SweepMemo memo, SweepMemo.Key<String> key) {
        EventSweep sweep = new EventSweep(events, memo);
        String[] recalled = new String[events.size()];
        sweep.add(new EventSweep.Inspection<List<String>>() {
            @Override
            public List<String> newPart() {
                return new ArrayList<>();
            }

            @Override
            public void inspect(int index, Event event, List<String> part) {
                recalled[index] = memo.recall(key, event);
            }
        });
        sweep.run();
        return java.util.Arrays.asList(recalled);
    }
}
