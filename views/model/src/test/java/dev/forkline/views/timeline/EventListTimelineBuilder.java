package dev.forkline.views.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.views.inspector.EventClassifier;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The timeline layout as it was built before it moved to the trace's columns: from the parsed events of a run, reading
 * their payloads. Kept, unchanged but for its name, as the reference the columnar {@link TimelineModelBuilder} must
 * agree with.
 */
final class EventListTimelineBuilder {

    private EventListTimelineBuilder() {
    }

    public static TimelineModel build(List<Event> runEvents) {
        if (runEvents.isEmpty()) {
            return TimelineModel.empty();
        }
        Instant origin = runEvents.getFirst().ts();
        for (Event event : runEvents) {
            if (event.ts().isBefore(origin)) {
                origin = event.ts();
            }
        }
        List<String> lanes = orderLanes(runEvents);
        Map<String, Integer> laneOf = new HashMap<>();
        for (int i = 0; i < lanes.size(); i++) {
            laneOf.put(lanes.get(i), i);
        }
        Map<String, Integer> resultByCallId = new HashMap<>();
        Map<String, Integer> resultByCallEvent = new HashMap<>();
        for (int i = 0; i < runEvents.size(); i++) {
            Event event = runEvents.get(i);
            if (event.is(EventType.TOOL_RESULT)) {
                String callId = event.text("callId");
                if (callId != null) {
                    resultByCallId.putIfAbsent(callId, i);
                }
                for (String cause : event.causes()) {
                    resultByCallEvent.putIfAbsent(cause, i);
                }
            }
        }

        long runEnd = 0;
        for (Event event : runEvents) {
            runEnd = Math.max(runEnd, nanosSince(origin, event.ts()));
        }
        List<Item> items = new ArrayList<>(runEvents.size());
        long[] eventTime = new long[runEvents.size()];
        int[] eventLane = new int[runEvents.size()];
        for (int i = 0; i < runEvents.size(); i++) {
            Event event = runEvents.get(i);
            long t = nanosSince(origin, event.ts());
            int lane = laneOf.get(event.actor());
            eventTime[i] = t;
            eventLane[i] = lane;
            switch (event.kind()) {
                case TOOL_CALL -> {
                    Integer result = resultByCallEvent.get(event.id());
                    if (result == null && event.text("callId") != null) {
                        result = resultByCallId.get(event.text("callId"));
                    }
                    if (result == null && EventClassifier.isExternalCall(event)) {
                        items.add(new Item(t, t, lane, MarkKind.UNKNOWN_EFFECT, i));
                    } else {
                        long end = result == null ? t : Math.max(t, nanosSince(origin, runEvents.get(result).ts()));
                        items.add(new Item(t, end, lane, MarkKind.TOOL_SPAN, i));
                    }
                }
                case MODEL_CALL -> {
                    // the call starts at ts and lasts latencyMs, but never past the same agent's next event: an agent
                    // acts on the answer, so a longer latency (e.g. a scenario's nominal one) would misdraw
                    JsonNode latency = event.data().get("latencyMs");
                    long end = latency != null && latency.isNumber() ? t + Math.max(0, latency.asLong()) * 1_000_000L : t;
                    long next = nextOfActor(runEvents, i, origin);
                    if (next > t) {
                        end = Math.min(end, next);
                    }
                    items.add(new Item(t, Math.max(t, Math.min(end, runEnd)), lane, MarkKind.MODEL_SPAN, i));
                }
                case TOOL_RESULT -> {
                    if (EventClassifier.isFailedResult(event)) {
                        items.add(new Item(t, t, lane, MarkKind.FAILURE, i));
                    }
                }
                case CHECKPOINT -> items.add(new Item(t, t, lane, MarkKind.CHECKPOINT, i));
                case APPROVAL_DECISION -> items.add(new Item(t, t, lane, MarkKind.DECISION, i));
                case ESCAPE_ATTEMPT -> items.add(new Item(t, t, lane, MarkKind.ESCAPE, i));
                default -> items.add(new Item(t, t, lane,
                        EventClassifier.isFailure(event) ? MarkKind.FAILURE : MarkKind.TICK, i));
            }
        }
        items.sort(Comparator.comparingLong(Item::start).thenComparingInt(Item::eventIndex));
        int n = items.size();
        long[] start = new long[n];
        long[] end = new long[n];
        int[] lane = new int[n];
        byte[] kind = new byte[n];
        int[] eventIndex = new int[n];
        for (int i = 0; i < n; i++) {
            Item item = items.get(i);
            start[i] = item.start;
            end[i] = item.end;
            lane[i] = item.lane;
            kind[i] = item.kind.code();
            eventIndex[i] = item.eventIndex;
        }
        LaneKind[] laneKinds = lanes.stream().map(LaneKind::ofActor).toArray(LaneKind[]::new);
        return new TimelineModel(origin, lanes, laneKinds, start, end, lane, kind, eventIndex, eventTime, eventLane);
    }

    /** Agents in order of first appearance, then the harness, the sandbox, humans and any other actor. */
    static List<String> orderLanes(List<Event> events) {
        Map<String, Integer> firstSeen = new LinkedHashMap<>();
        for (Event event : events) {
            firstSeen.putIfAbsent(event.actor(), firstSeen.size());
        }
        String[] actors = firstSeen.keySet().toArray(String[]::new);
        Arrays.sort(actors, Comparator.comparing(LaneKind::ofActor).thenComparing(firstSeen::get));
        return List.of(actors);
    }

    /** Time of the next event by the same actor, or -1 when there is none. */
    private static long nextOfActor(List<Event> events, int index, Instant origin) {
        String actor = events.get(index).actor();
        for (int j = index + 1; j < events.size(); j++) {
            if (events.get(j).actor().equals(actor)) {
                return nanosSince(origin, events.get(j).ts());
            }
        }
        return -1;
    }

    static long nanosSince(Instant origin, Instant ts) {
        Duration d = Duration.between(origin, ts);
        return d.getSeconds() * 1_000_000_000L + d.getNano();
    }

    private record Item(long start, long end, int lane, MarkKind kind, int eventIndex) {
    }
}
