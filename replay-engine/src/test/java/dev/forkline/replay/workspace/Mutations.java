package dev.forkline.replay.workspace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;

import java.time.Instant;
import java.util.List;

/** Builds state.mutation payloads and events for tests. */
final class Mutations {

    private Mutations() {
    }

    static ObjectNode data(String path, String op) {
        ObjectNode data = Json.object();
        data.put("path", path);
        data.put("op", op);
        return data;
    }

    static ObjectNode edit(ObjectNode data, String oldString, String newString) {
        ObjectNode edit = data.withArray("edits").addObject();
        edit.put("oldString", oldString);
        edit.put("newString", newString);
        return data;
    }

    static Event event(int seq, ObjectNode data) {
        return event(seq, EventType.STATE_MUTATION.wireName(), data);
    }

    static Event event(int seq, String type, ObjectNode data) {
        return new Event("e" + seq, "main", seq, Instant.EPOCH.plusSeconds(seq), "agent:test", type, List.of(), List.of(),
                data, null, null);
    }
}
