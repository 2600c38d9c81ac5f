package dev.forkline.views.timeline;

import dev.forkline.trace.Event;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.testdata.DemoTrace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TimelineModelTest {

    private static final RunEvents ROOT_RUN = RunEvents.of(TraceIndex.of(DemoTrace.bundle().events()), DemoTrace.ROOT);

    @Test
    void lanesAreAgentsThenHarnessSandboxHumans() {
        TimelineModel model = TimelineModelBuilder.build(ROOT_RUN);
        assertThat(model.lanes()).containsExactly("agent:planner", "agent:coder", "harness", "sandbox", "human:alice");
    }

    @Test
    void toolCallsBecomeSpansFromCallToResult() {
        TimelineModel model = TimelineModelBuilder.build(ROOT_RUN);
        int pytestCall = indexOf(e -> "c2".equals(e.text("callId")) && e.type().equals("tool.call"));
        int item = model.itemOfEvent(pytestCall);
        assertThat(model.kind(item)).isEqualTo(MarkKind.TOOL_SPAN);
        assertThat(model.end(item) - model.start(item)).isEqualTo(6_700_000_000L);
    }

    @Test
    void modelCallsSpanTheirLatencyButNotPastTheAgentsNextEvent() {
        TimelineModel model = TimelineModelBuilder.build(ROOT_RUN);
        int coderModel = indexOf(e -> e.type().equals("model.call") && e.actor().equals("agent:coder"));
        int coderItem = model.itemOfEvent(coderModel);
        assertThat(model.end(coderItem) - model.start(coderItem)).as("latencyMs 3100").isEqualTo(3_100_000_000L);
        int plannerModel = indexOf(e -> e.type().equals("model.call") && e.actor().equals("agent:planner"));
        int plannerItem = model.itemOfEvent(plannerModel);
        assertThat(model.end(plannerItem) - model.start(plannerItem)).as("cut at the planner's message 2.6 s later").isEqualTo(2_600_000_000L);
    }

    @Test
    void aModelCallIsDrawnFromItsTimestampForwardAndInsideTheSession() {
        // stamped 0.849 s, latencyMs 1300, the session ends at 2.0 s: the span starts at its ts and stops at the end
        var bundle = dev.forkline.views.testdata.AxisTraces.lateModelCall();
        RunEvents run = RunEvents.of(TraceIndex.of(bundle.events()), dev.forkline.views.testdata.AxisTraces.RUN);
        TimelineModel model = TimelineModelBuilder.build(run);
        int call = -1;
        int end = -1;
        for (int i = 0; i < run.size(); i++) {
            if (run.type(i).equals("model.call")) {
                call = i;
            } else if (run.type(i).equals("session.end")) {
                end = i;
            }
        }
        int item = model.itemOfEvent(call);
        assertThat(model.start(item)).isEqualTo(849_000_000L);
        assertThat(model.end(item)).as("cut at the session's end, not 2.149 s").isEqualTo(model.eventTime(end)).isEqualTo(2_000_000_000L);
        assertThat(model.duration()).isEqualTo(2_000_000_000L);
    }

    @Test
    void everyMarkKindOfTheDemoIsClassified() {
        TimelineModel model = TimelineModelBuilder.build(ROOT_RUN);
        assertThat(kindOf(model, "escape.attempt")).isEqualTo(MarkKind.ESCAPE);
        assertThat(kindOf(model, "approval.decision")).isEqualTo(MarkKind.DECISION);
        assertThat(kindOf(model, "checkpoint")).isEqualTo(MarkKind.CHECKPOINT);
        assertThat(kindOf(model, "error")).isEqualTo(MarkKind.FAILURE);
        assertThat(kindOf(model, "session.end")).isEqualTo(MarkKind.FAILURE);
        int external = indexOf(e -> "c5".equals(e.text("callId")));
        assertThat(model.kind(model.itemOfEvent(external))).isEqualTo(MarkKind.UNKNOWN_EFFECT);
        int failedResult = indexOf(e -> e.type().equals("tool.result") && "c2".equals(e.text("callId")));
        assertThat(model.kind(model.itemOfEvent(failedResult))).isEqualTo(MarkKind.FAILURE);
        int okResult = indexOf(e -> e.type().equals("tool.result") && "c1".equals(e.text("callId")));
        assertThat(model.itemOfEvent(okResult)).as("a successful result only closes its span").isEqualTo(-1);
    }

    @Test
    void itemsAreSortedByStart() {
        TimelineModel model = TimelineModelBuilder.build(ROOT_RUN);
        for (int i = 1; i < model.size(); i++) {
            assertThat(model.start(i)).isGreaterThanOrEqualTo(model.start(i - 1));
        }
    }

    @Test
    void visibleWindowSearchIncludesLongSpansStartingBeforeTheWindow() {
        // items: a long span 0..100, short ticks at 10, 20, 150, 160
        TimelineModel model = synthetic(new long[]{0, 10, 20, 150, 160}, new long[]{100, 10, 20, 150, 160});
        assertThat(model.firstVisible(50)).isEqualTo(0);   // the span 0..100 reaches into [50, ..]
        assertThat(model.endVisible(60)).isEqualTo(3);      // items starting at or before 60: 0, 10, 20
        assertThat(model.firstVisible(101)).isEqualTo(3);
        assertThat(model.endVisible(150)).isEqualTo(4);
        assertThat(model.firstVisible(1000)).isEqualTo(5);
        assertThat(model.endVisible(-1)).isEqualTo(0);
    }

    @Test
    void visibleWindowSearchMatchesALinearScanOnManyItems() {
        int n = 5000;
        long[] start = new long[n];
        long[] end = new long[n];
        java.util.Random random = new java.util.Random(7);
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += random.nextInt(1000);
            start[i] = t;
            end[i] = t + (random.nextInt(10) == 0 ? random.nextInt(50_000) : 0);
        }
        TimelineModel model = synthetic(start, end);
        for (int k = 0; k < 200; k++) {
            long ws = random.nextLong(t);
            long we = ws + random.nextInt(100_000);
            int from = model.firstVisible(ws);
            int to = model.endVisible(we);
            for (int i = 0; i < n; i++) {
                boolean overlaps = end[i] >= ws && start[i] <= we;
                if (overlaps) {
                    assertThat(i).isBetween(from, to - 1);
                }
            }
        }
    }

    @Test
    void theEventsOfAWindowAreExactlyThoseTheBinarySearchGivesWhenTimesAreInOrder() {
        int n = 3000;
        long[] times = new long[n];
        java.util.Random random = new java.util.Random(11);
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += random.nextInt(4) == 0 ? 0 : random.nextInt(1000); // equal times too
            times[i] = t;
        }
        TimelineModel model = synthetic(times, times.clone());
        for (int k = 0; k < 300; k++) {
            long ws = random.nextLong(t + 1);
            long we = ws + random.nextInt(20_000);
            int from = model.firstEventFrom(ws);
            int to = model.endEventTo(we);
            for (int i = 0; i < n; i++) {
                boolean inWindow = times[i] >= ws && times[i] <= we;
                assertThat(inWindow).as("event %d at %d in [%d, %d]", i, times[i], ws, we).isEqualTo(i >= from && i < to);
            }
        }
    }

    @Test
    void eventsOutOfTimeOrderAreAllLookedAtForAnyWindow() {
        long[] itemTimes = {0, 100, 200, 300};
        long[] eventTimes = {0, 300, 100, 200}; // a clock that went back: the third event is earlier than the second
        TimelineModel model = new TimelineModel(java.time.Instant.EPOCH, List.of("agent:a"), new LaneKind[]{LaneKind.AGENT},
                itemTimes, itemTimes.clone(), new int[4], new byte[4], new int[] {0, 2, 3, 1}, eventTimes, new int[4]);

        assertThat(model.firstEventFrom(150)).isZero();
        assertThat(model.endEventTo(150)).isEqualTo(4);
    }

    private static TimelineModel synthetic(long[] start, long[] end) {
        int n = start.length;
        byte[] kinds = new byte[n];
        for (int i = 0; i < n; i++) {
            kinds[i] = (end[i] > start[i] ? MarkKind.TOOL_SPAN : MarkKind.TICK).code();
        }
        int[] eventIndex = new int[n];
        for (int i = 0; i < n; i++) {
            eventIndex[i] = i;
        }
        return new TimelineModel(java.time.Instant.EPOCH, List.of("agent:a"), new LaneKind[]{LaneKind.AGENT}, start, end,
                new int[n], kinds, eventIndex, start.clone(), new int[n]);
    }

    /** A run of tick events at {@code times} on {@code lanes}. */
    static TimelineModel ticks(long[] times, int[] lanes) {
        MarkKind[] kinds = new MarkKind[times.length];
        java.util.Arrays.fill(kinds, MarkKind.TICK);
        return synthetic(times, times.clone(), lanes, kinds);
    }

    static TimelineModel synthetic(long[] start, long[] end, int[] lanes, MarkKind[] kinds) {
        int n = start.length;
        byte[] codes = new byte[n];
        int[] eventIndex = new int[n];
        int laneCount = 0;
        for (int i = 0; i < n; i++) {
            codes[i] = kinds[i].code();
            eventIndex[i] = i;
            laneCount = Math.max(laneCount, lanes[i] + 1);
        }
        List<String> names = java.util.stream.IntStream.range(0, laneCount).mapToObj(i -> "agent:" + i).toList();
        LaneKind[] laneKinds = new LaneKind[laneCount];
        java.util.Arrays.fill(laneKinds, LaneKind.AGENT);
        return new TimelineModel(java.time.Instant.EPOCH, names, laneKinds, start, end, lanes, codes, eventIndex, start.clone(), lanes.clone());
    }

    private static MarkKind kindOf(TimelineModel model, String type) {
        int index = -1;
        for (int i = 0; i < ROOT_RUN.size(); i++) {
            if (ROOT_RUN.type(i).equals(type)) {
                index = i;
            }
        }
        return model.kind(model.itemOfEvent(index));
    }

    private static int indexOf(java.util.function.Predicate<Event> test) {
        for (int i = 0; i < ROOT_RUN.size(); i++) {
            if (test.test(ROOT_RUN.event(i))) {
                return i;
            }
        }
        throw new AssertionError("no such event");
    }
}
