package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;

/** Long tool output goes to a blob; the event keeps a preview, so traces stay small and nothing is cut off silently. */
public final class LargeText {

    /** Text longer than this is stored as a blob. */
    public static final int INLINE_CHARS = 8 * 1024;
    /** How much of a blobbed text the event keeps. */
    public static final int PREVIEW_CHARS = 2_000;

    private LargeText() {
    }

    /** Puts {@code field} (and, when long, {@code <field>Blob} and {@code <field>Truncated: true}) into {@code data}. */
    public static void put(ObjectNode data, String field, String text, ImportSession session) {
        if (text.length() > INLINE_CHARS) {
            data.put(field + "Blob", session.putBlob(text));
            data.put(field, text.substring(0, PREVIEW_CHARS));
            data.put(field + "Truncated", true);
        } else {
            data.put(field, text);
        }
    }
}
