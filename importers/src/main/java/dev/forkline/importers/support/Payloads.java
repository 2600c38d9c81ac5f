package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.StateMutationData;

/**
 * Builders for the payload members only importers write (see the event payload contract). What the replay engine or
 * the live recorder writes too lives in the payload views: {@code ToolCallData.payload}, {@code UsageData},
 * {@code NoteData.of}, {@code ErrorData}.
 */
public final class Payloads {

    /** Characters of a model call's input summary when it is a preview of the latest input (a prompt or a tool's output). */
    public static final int INPUT_SUMMARY_PREVIEW = 200;

    private Payloads() {
    }

    /**
     * {@code data.imported} of the root session.start: marks the run as imported, with the format and the name of the
     * file or folder read. Its name, not its path: the session.start is hashed into every event's chain, so a folder in
     * it made the same file copied elsewhere (another reviewer's home, an incident folder) a trace with other events,
     * refused by a store that holds it. The store keeps the path of each import beside the trace.
     */
    public static ObjectNode imported(String format, String source) {
        ObjectNode imported = Json.object();
        imported.put(SessionStartData.IMPORTED_FORMAT, format);
        imported.put(SessionStartData.IMPORTED_SOURCE, nameOf(source));
        return imported;
    }

    /** The last element of a path, as either separator writes it. */
    static String nameOf(String source) {
        int cut = Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\'));
        return cut < 0 || cut == source.length() - 1 ? source : source.substring(cut + 1);
    }

    /** Puts {@link #imported(String, String)} into a session.start's data; returns it for the format's own fields. */
    public static ObjectNode putImported(ObjectNode sessionStart, String format, String source) {
        ObjectNode imported = imported(format, source);
        sessionStart.set(SessionStartData.IMPORTED, imported);
        return imported;
    }

    /**
     * A state.mutation payload {@code {path, op, before, after}}. A null blob on a known side means the file does not
     * exist there; a side the source does not hold is null with {@code beforeKnown:false} / {@code afterKnown:false}.
     */
    public static ObjectNode stateMutation(String path, MutationOp op, String before, boolean beforeKnown, String after, boolean afterKnown) {
        ObjectNode data = Json.object();
        data.put(StateMutationData.PATH, path);
        data.put(StateMutationData.OP, op.wireName());
        data.put(StateMutationData.BEFORE, beforeKnown ? before : null);
        data.put(StateMutationData.AFTER, afterKnown ? after : null);
        if (!beforeKnown) {
            data.put(StateMutationData.BEFORE_KNOWN, false);
        }
        if (!afterKnown) {
            data.put(StateMutationData.AFTER_KNOWN, false);
        }
        return data;
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
