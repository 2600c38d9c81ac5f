package dev.forkline.reliability;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The trace a containment run builds: a session.start naming the boundary, then one escape.attempt per attempt. */
final class EscapeLedger {

    private final EventChain chain = new EventChain();
    private final List<Event> events = new ArrayList<>();
    private Instant clock = Instant.parse("2026-03-01T10:00:00Z");

    EscapeLedger(ObjectNode isolation) {
        ObjectNode start = Json.object().put("title", "containment suite");
        ObjectNode environment = start.putObject("environment");
        environment.put("image", isolation.path("image").asText());
        environment.set("isolation", isolation);
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(tick()).data(start)));
    }

    Event record(String boundary, String attempt, boolean blocked) {
        ObjectNode data = Json.object().put("boundary", boundary).put("attempt", attempt).put("blocked", blocked);
        Event event = chain.append(NewEvent.of("r1", "sandbox", EventType.ESCAPE_ATTEMPT).at(tick())
                .touches(StateKind.EXTERNAL).data(data));
        events.add(event);
        return event;
    }

    List<Event> events() {
        return List.copyOf(events);
    }

    private Instant tick() {
        clock = clock.plusSeconds(1);
        return clock;
    }
}
