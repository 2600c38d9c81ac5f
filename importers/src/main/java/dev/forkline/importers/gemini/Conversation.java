package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A conversation as Gemini CLI's own loader rebuilds it from a chat recording: metadata merged from the header and
 * {@code $set} records, messages kept in the order they first appeared, a later record with the same id replacing the
 * earlier one (Gemini rewrites a message as its tokens and tool calls arrive), and rewinds kept as entries of their own
 * so nothing the session did is dropped.
 */
final class Conversation {

    private final ObjectNode metadata = Json.object();
    private final List<Entry> entries = new ArrayList<>();
    /** Ids of the messages still in the model's context, with their entry index. */
    private final Map<String, Integer> live = new LinkedHashMap<>();
    private int rewrites;
    private int historyReplacements;

    ObjectNode metadata() {
        return metadata;
    }

    List<Entry> entries() {
        return entries;
    }

    /** How many message records rewrote a message already recorded (folded into it). */
    int rewrites() {
        return rewrites;
    }

    /** How many {@code $set} records replaced the whole message list (after compression or masking). */
    int historyReplacements() {
        return historyReplacements;
    }

    /** Merges header or {@code $set} fields; a {@code messages} list among them is upserted message by message. */
    void mergeMetadata(JsonNode fields, long line) {
        fields.properties().forEach(field -> {
            if (field.getKey().equals("messages") && field.getValue().isArray()) {
                if (!entries.isEmpty()) {
                    historyReplacements++;
                }
                for (JsonNode message : field.getValue()) {
                    if (message instanceof ObjectNode object) {
                        upsert(object, line);
                    }
                }
            } else {
                metadata.set(field.getKey(), field.getValue());
            }
        });
    }

    void upsert(ObjectNode message, long line) {
        String id = message.path("id").isTextual() ? message.get("id").asText() : null;
        Integer at = id == null ? null : live.get(id);
        if (at != null) {
            entries.set(at, Entry.message(message, entries.get(at).line()));
            rewrites++;
            return;
        }
        entries.add(Entry.message(message, line));
        if (id != null) {
            live.put(id, entries.size() - 1);
        }
    }

    /** {@code $rewindTo}: the message and all after it leave the context (all of them when the id is unknown, as Gemini does). */
    void rewind(String messageId, long line) {
        Integer from = live.get(messageId);
        int before = live.size();
        live.values().removeIf(index -> from == null || index >= from);
        int dropped = before - live.size();
        entries.add(Entry.rewind(messageId, dropped, line));
    }

    void unknown(ObjectNode record, long line) {
        entries.add(Entry.unknown(record, line));
    }
}
