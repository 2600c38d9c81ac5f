package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Json;

/** Builders for the payload fields several importers share (see the event payload contract). */
public final class Payloads {

    private Payloads() {
    }

    /** {@code usage} of a model.call; null counts are left out. */
    public static ObjectNode usage(Long input, Long output, Long cacheRead, Long cacheWrite) {
        ObjectNode usage = Json.object();
        putIfPresent(usage, "inputTokens", input);
        putIfPresent(usage, "outputTokens", output);
        putIfPresent(usage, "cacheReadTokens", cacheRead);
        putIfPresent(usage, "cacheWriteTokens", cacheWrite);
        return usage;
    }

    /** The fields every tool.call has: {@code callId}, {@code tool}, {@code arguments}, {@code effect} (in that order). */
    public static ObjectNode toolCall(String callId, String tool, JsonNode arguments, EffectClass effect) {
        ObjectNode data = Json.object();
        data.put("callId", callId);
        data.put("tool", tool);
        data.set("arguments", arguments);
        data.put("effect", effect.wireName());
        return data;
    }

    /** {@code data.imported} of the root session.start: marks the run as imported. */
    public static ObjectNode imported(String format, String source) {
        ObjectNode imported = Json.object();
        imported.put("format", format);
        imported.put("source", source);
        return imported;
    }

    /** Puts {@link #imported(String, String)} into a session.start's data; returns it for the format's own fields. */
    public static ObjectNode putImported(ObjectNode sessionStart, String format, String source) {
        ObjectNode imported = imported(format, source);
        sessionStart.set("imported", imported);
        return imported;
    }

    /**
     * A state.mutation payload {@code {path, op, before, after}}. A null blob on a known side means the file does not
     * exist there; a side the source does not hold is null with {@code beforeKnown:false} / {@code afterKnown:false}.
     */
    public static ObjectNode stateMutation(String path, String op, String before, boolean beforeKnown, String after, boolean afterKnown) {
        ObjectNode data = Json.object();
        data.put("path", path);
        data.put("op", op);
        data.put("before", beforeKnown ? before : null);
        data.put("after", afterKnown ? after : null);
        if (!beforeKnown) {
            data.put("beforeKnown", false);
        }
        if (!afterKnown) {
            data.put("afterKnown", false);
        }
        return data;
    }

    public static ObjectNode note(String text) {
        ObjectNode note = Json.object();
        note.put("text", text);
        return note;
    }

    public static ObjectNode error(String message, String kind) {
        ObjectNode error = Json.object();
        error.put("message", message);
        if (kind != null) {
            error.put("kind", kind);
        }
        return error;
    }

    public static void putIfPresent(ObjectNode node, String field, Long value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    public static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }
}
