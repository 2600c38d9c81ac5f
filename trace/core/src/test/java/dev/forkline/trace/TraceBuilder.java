package dev.forkline.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Builds small hash-chained traces for tests; timestamps advance one second per event. */
public final class TraceBuilder {

    private final EventChain chain = new EventChain();
    private final List<Event> events = new ArrayList<>();
    private Instant clock = Instant.parse("2026-01-01T00:00:00Z");

    /** JSON with single quotes for readability: {@code json("{'a':1}")}. */
    public static ObjectNode json(String singleQuoted) {
        try {
            return (ObjectNode) Json.MAPPER.readTree(singleQuoted.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(singleQuoted, e);
        }
    }

    public Event add(String run, String actor, EventType type, String data, String... causes) {
        return add(NewEvent.of(run, actor, type).data(json(data)).causes(causes));
    }

    public Event add(String run, String id, String actor, EventType type, String data, String... causes) {
        return add(NewEvent.of(run, actor, type).id(id).data(json(data)).causes(causes));
    }

    public Event add(NewEvent draft) {
        clock = clock.plusSeconds(1);
        Event event = chain.append(draft.at(clock));
        events.add(event);
        return event;
    }

    /** Starts run {@code run} from {@code checkpoint} with its run.fork event. */
    public Event fork(String run, Event checkpoint, String reason, String edits) {
        chain.startFork(run, checkpoint);
        return add(run, "harness", EventType.RUN_FORK, "{'parentRun':'" + checkpoint.run() + "','checkpoint':'"
                + checkpoint.text("checkpointId") + "','checkpointEvent':'" + checkpoint.id() + "','reason':'" + reason
                + "','edits':" + edits + "}");
    }

    public List<Event> events() {
        return List.copyOf(events);
    }
}
