package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * One difference between the recording and the replay.
 *
 * @param field    what differs: {@code exitCode}, {@code stdout}, {@code stderr}, {@code workspace:<path>},
 *                 {@code contained}, {@code result} ...
 * @param expected the recorded value (text cut to {@link #VALUE_LIMIT} characters), or null when absent
 * @param actual   the replayed value (cut likewise), or null when absent
 * @param excerpt  for text, a unified-diff-like excerpt of the normalised texts; else null
 */
public record FieldDiff(String field, String expected, String actual, String excerpt) {

    public static final int VALUE_LIMIT = 400;

    public static FieldDiff of(String field, Object expected, Object actual) {
        return new FieldDiff(field, cut(expected), cut(actual), null);
    }

    public static FieldDiff text(String field, String expected, String actual, String excerpt) {
        return new FieldDiff(field, cut(expected), cut(actual), excerpt);
    }

    private static String cut(Object value) {
        if (value == null) {
            return null;
        }
        String text = value.toString();
        return text.length() <= VALUE_LIMIT ? text : text.substring(0, VALUE_LIMIT) + "... (" + text.length() + " chars)";
    }

    /** One line for people: {@code exitCode: expected 0, got 2}. */
    public String describe() {
        return field + ": expected " + show(expected) + ", got " + show(actual);
    }

    private static String show(String value) {
        if (value == null) {
            return "(absent)";
        }
        String oneLine = value.replace("\n", "\\n");
        return oneLine.length() > 80 ? "\"" + oneLine.substring(0, 80) + "...\"" : "\"" + oneLine + "\"";
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("field", field);
        json.put("expected", expected);
        json.put("actual", actual);
        if (excerpt != null) {
            json.put("excerpt", excerpt);
        }
        return json;
    }
}
