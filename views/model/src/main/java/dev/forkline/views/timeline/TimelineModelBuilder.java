package dev.forkline.views.timeline;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.views.data.RunEvents;

import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Turns the events of one run into a {@link TimelineModel}: one lane per actor, tool calls as spans from call to result,
 * model calls as spans from their {@code ts} (the start) over their latency, inside the run, and marks for checkpoints, failures, escape attempts, human decisions and
 * external effects whose outcome was never recorded. Reads only the trace's columns, never an event's payload, so a
 * run of a million lazily loaded events is laid out without parsing one of them.
 */
public final class TimelineModelBuilder {

    private TimelineModelBuilder() {
    }

    public static TimelineModel build(RunEvents run) {
        int n = run.size();
        if (n == 0) {
            return TimelineModel.empty();
        }
        EventColumns columns = run.columns();
        int[] at = new int[n];
        for (int i = 0; i < n; i++) {
            at[i] = run.fileIndex(i);
        }
        Instant origin = earliest(columns, at);
        List<String> lanes = orderLanes(columns, at);
        int[] laneOfActor = laneOfActorCode(columns, lanes);

        long[] eventTime = new long[n];
        int[] eventLane = new int[n];
        for (int i = 0; i < n; i++) {
            eventTime[i] = columns.nanosSince(origin, at[i]);
            eventLane[i] = laneOfActor[columns.actorCode(at[i])];
        }
        long[] nextOfActor = nextTimeOfSameActor(columns, at, eventTime);
        long runEnd = 0;
        for (long time : eventTime) {
            runEnd = Math.max(runEnd, time);
        }

        Items items = new Items(n);
        for (int i = 0; i < n; i++) {
            long t = eventTime[i];
            int lane = eventLane[i];
            switch (columns.kind(at[i])) {
                case TOOL_CALL -> {
                    int result = run.resultOf(i);
                    if (result < 0 && columns.has(at[i], EventFacts.EXTERNAL_CALL)) {
                        items.add(t, t, lane, MarkKind.UNKNOWN_EFFECT, i);
                    } else {
                        items.add(t, result < 0 ? t : Math.max(t, eventTime[result]), lane, MarkKind.TOOL_SPAN, i);
                    }
                }
                case MODEL_CALL -> {
                    // ts is the call's start and latencyMs runs forward from it (docs/trace-format.md, "Events that
                    // last"), but a span never reaches past the same agent's next event (an agent acts on the answer)
                    // nor past the run's last event: a longer latency (e.g. a scenario's nominal one) would misdraw
                    long latency = columns.latencyMs(at[i]);
                    long end = latency >= 0 ? t + latency * 1_000_000L : t;
                    if (nextOfActor[i] > t) {
                        end = Math.min(end, nextOfActor[i]);
                    }
                    items.add(t, Math.max(t, Math.min(end, runEnd)), lane, MarkKind.MODEL_SPAN, i);
                }
                case TOOL_RESULT -> {
                    if (columns.has(at[i], EventFacts.FAILED_RESULT)) {
                        items.add(t, t, lane, MarkKind.FAILURE, i);
                    }
                }
                case CHECKPOINT -> items.add(t, t, lane, MarkKind.CHECKPOINT, i);
                case APPROVAL_DECISION -> items.add(t, t, lane, MarkKind.DECISION, i);
                case ESCAPE_ATTEMPT -> items.add(t, t, lane, MarkKind.ESCAPE, i);
                default -> items.add(t, t, lane, columns.has(at[i], EventFacts.FAILURE) ? MarkKind.FAILURE : MarkKind.TICK, i);
            }
        }
        int[] order = items.byStart();
        int count = order.length;
        long[] start = new long[count];
        long[] end = new long[count];
        int[] lane = new int[count];
        byte[] kind = new byte[count];
        int[] eventIndex = new int[count];
        for (int k = 0; k < count; k++) {
            int item = order[k];
            start[k] = items.start[item];
            end[k] = items.end[item];
            lane[k] = items.lane[item];
            kind[k] = items.kind[item];
            eventIndex[k] = items.eventIndex[item];
        }
        LaneKind[] laneKinds = lanes.stream().map(LaneKind::ofActor).toArray(LaneKind[]::new);
        return new TimelineModel(origin, lanes, laneKinds, start, end, lane, kind, eventIndex, eventTime, eventLane);
    }

    private static Instant earliest(EventColumns columns, int[] at) {
        int first = at[0];
        for (int i : at) {
            if (columns.epochSecond(i) < columns.epochSecond(first)
                    || (columns.epochSecond(i) == columns.epochSecond(first) && columns.nano(i) < columns.nano(first))) {
                first = i;
            }
        }
        return columns.ts(first);
    }

    /** Agents in order of first appearance, then the harness, the sandbox, humans and any other actor. */
    static List<String> orderLanes(EventColumns columns, int[] at) {
        int[] firstSeen = firstSeenRankOfActorCode(columns, at);
        Integer[] codes = new Integer[columns.actors().size()];
        int present = 0;
        for (int code = 0; code < firstSeen.length; code++) {
            if (firstSeen[code] >= 0) {
                codes[present++] = code;
            }
        }
        Integer[] shown = Arrays.copyOf(codes, present);
        Arrays.sort(shown, Comparator.<Integer, LaneKind>comparing(code -> LaneKind.ofActor(columns.actors().get(code)))
                .thenComparingInt(code -> firstSeen[code]));
        return Arrays.stream(shown).map(columns.actors()::get).toList();
    }

    private static int[] laneOfActorCode(EventColumns columns, List<String> lanes) {
        int[] laneOf = new int[columns.actors().size()];
        Arrays.fill(laneOf, -1);
        for (int lane = 0; lane < lanes.size(); lane++) {
            laneOf[columns.actors().indexOf(lanes.get(lane))] = lane;
        }
        return laneOf;
    }

    /** For each actor code, the rank of its first event in the run (-1 when the actor has none in it). */
    private static int[] firstSeenRankOfActorCode(EventColumns columns, int[] at) {
        int[] firstSeen = new int[columns.actors().size()];
        Arrays.fill(firstSeen, -1);
        int rank = 0;
        for (int i : at) {
            int code = columns.actorCode(i);
            if (firstSeen[code] < 0) {
                firstSeen[code] = rank++;
            }
        }
        return firstSeen;
    }

    /** For each event, the time of the next event in the run by the same actor, or -1 when there is none. */
    private static long[] nextTimeOfSameActor(EventColumns columns, int[] at, long[] eventTime) {
        long[] next = new long[at.length];
        long[] laterOfActor = new long[columns.actors().size()];
        Arrays.fill(laterOfActor, -1);
        for (int i = at.length - 1; i >= 0; i--) {
            int code = columns.actorCode(at[i]);
            next[i] = laterOfActor[code];
            laterOfActor[code] = eventTime[i];
        }
        return next;
    }

    /** The items in the order they were made (that is, by event), as parallel arrays. */
    private static final class Items {
        final long[] start;
        final long[] end;
        final int[] lane;
        final byte[] kind;
        final int[] eventIndex;
        int size;

        Items(int capacity) {
            start = new long[capacity];
            end = new long[capacity];
            lane = new int[capacity];
            kind = new byte[capacity];
            eventIndex = new int[capacity];
        }

        void add(long from, long to, int laneIndex, MarkKind markKind, int event) {
            start[size] = from;
            end[size] = to;
            lane[size] = laneIndex;
            kind[size] = markKind.code();
            eventIndex[size] = event;
            size++;
        }

        /** Item numbers sorted by start, ties by event: items were made in event order, so a stable sort by start. */
        int[] byStart() {
            int[] order = new int[size];
            for (int k = 0; k < size; k++) {
                order[k] = k;
            }
            boolean sorted = true;
            for (int k = 1; k < size && sorted; k++) {
                sorted = start[k - 1] <= start[k];
            }
            if (!sorted) {
                mergeSort(order, new int[size], 0, size);
            }
            return order;
        }

        private void mergeSort(int[] order, int[] scratch, int from, int to) {
            if (to - from < 2) {
                return;
            }
            int middle = (from + to) >>> 1;
            mergeSort(order, scratch, from, middle);
            mergeSort(order, scratch, middle, to);
            int left = from;
            int right = middle;
            for (int k = from; k < to; k++) {
                if (right >= to || (left < middle && start[order[left]] <= start[order[right]])) {
                    scratch[k] = order[left++];
                } else {
                    scratch[k] = order[right++];
                }
            }
            System.arraycopy(scratch, from, order, from, to - from);
        }
    }
}
