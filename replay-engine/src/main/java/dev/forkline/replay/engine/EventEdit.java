package dev.forkline.replay.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.trace.Json;

/**
 * A change to one recorded event for a fork: {@code patch} is merged into the event's data (objects merged key by key,
 * anything else replaced; a JSON null removes the key), or the event is dropped. CLI form: {@code EVENT_ID=JSON}, e.g.
 * {@code r1.7={"exec":{"argv":["sh","-c","rm -rf build"]}}} or {@code r1.7={"drop":true}}.
 *
 * @param eventId the id of the recorded event to change
 * @param patch   merged into data; null when {@code drop}
 * @param drop    the event (and, for a tool.call, its result, mutations and escape attempt) is left out
 */
public record EventEdit(String eventId, ObjectNode patch, boolean drop) {

    public EventEdit {
        if (eventId == null || eventId.isBlank()) {
            throw new ReplayInputException("an edit needs the id of the event it changes");
        }
        patch = patch == null ? null : patch.deepCopy();
        if (!drop && (patch == null || patch.isEmpty())) {
            throw new ReplayInputException("edit of " + eventId + " changes nothing");
        }
    }

    public static EventEdit merge(String eventId, ObjectNode patch) {
        return new EventEdit(eventId, patch, false);
    }

    public static EventEdit drop(String eventId) {
        return new EventEdit(eventId, null, true);
    }

    /**
     * Parses {@code EVENT_ID=JSON}; {@code {"drop":true}} drops the event.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static EventEdit parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new ReplayInputException("an edit is EVENT_ID=JSON, got '" + spec + "'");
        }
        String id = spec.substring(0, eq).strip();
        JsonNode json;
        try {
            json = Json.MAPPER.readTree(spec.substring(eq + 1));
        } catch (JsonProcessingException e) {
            throw new ReplayInputException("edit of " + id + ": not valid JSON (" + e.getOriginalMessage() + ")", e);
        }
        if (json == null || !json.isObject()) {
            throw new ReplayInputException("edit of " + id + ": the JSON must be an object merged into the event's data");
        }
        ObjectNode object = (ObjectNode) json;
        if (object.path("drop").asBoolean(false)) {
            if (object.size() != 1) {
                throw new ReplayInputException("edit of " + id + ": {\"drop\":true} takes no other fields");
            }
            return drop(id);
        }
        return merge(id, object);
    }

    /** The event's data with this edit merged in (a copy). */
    public ObjectNode applyTo(ObjectNode data) {
        ObjectNode merged = data.deepCopy();
        if (patch != null) {
            mergeInto(merged, patch);
        }
        return merged;
    }

    private static void mergeInto(ObjectNode target, ObjectNode patch) {
        patch.properties().forEach(entry -> {
            JsonNode value = entry.getValue();
            JsonNode existing = target.get(entry.getKey());
            if (value.isNull()) {
                target.remove(entry.getKey());
            } else if (value.isObject() && existing != null && existing.isObject()) {
                mergeInto((ObjectNode) existing, (ObjectNode) value);
            } else {
                target.set(entry.getKey(), value.deepCopy());
            }
        });
    }

    /** As recorded in run.fork data.edits: {@code {"event":id,"merge":{...}}} or {@code {"event":id,"drop":true}}. */
    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("event", eventId);
        if (drop) {
            json.put("drop", true);
        } else {
            json.set("merge", patch.deepCopy());
        }
        return json;
    }

    @Override
    public String toString() {
        return eventId + "=" + (drop ? "{\"drop\":true}" : patch.toString());
    }
}
