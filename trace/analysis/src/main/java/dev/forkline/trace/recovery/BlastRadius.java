package dev.forkline.trace.recovery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.List;

/**
 * The external effects an incident let out: external tool.calls of the failing run's lineage after the last good
 * checkpoint (the one the recovery starts from; without a recovery, the last checkpoint before the failure) that
 * committed, or whose outcome is unknown. A restore cannot take them back.
 *
 * @param fromEventId the checkpoint event counted from, or null when there is none (counted from the run's start)
 */
public record BlastRadius(String fromEventId, List<EffectRef> committed, List<EffectRef> unknown) {

    public BlastRadius {
        committed = List.copyOf(committed);
        unknown = List.copyOf(unknown);
    }

    public int size() {
        return committed.size() + unknown.size();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("fromEventId", fromEventId);
        json.put("size", size());
        ArrayNode committedList = json.putArray("committed");
        committed.forEach(effect -> committedList.add(effect.toJson()));
        ArrayNode unknownList = json.putArray("unknown");
        unknown.forEach(effect -> unknownList.add(effect.toJson()));
        return json;
    }
}
