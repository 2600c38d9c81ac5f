package dev.forkline.trace.store;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.util.Locale;

/**
 * The lowercased text an event is found by: its tool name and every string in its payload (arguments, outputs,
 * messages, ...), cut at {@link #MAX_LENGTH} characters. Large outputs belong in blobs and are not searched.
 */
final class SearchText {

    static final int MAX_LENGTH = 4000;

    private SearchText() {
    }

    /**
     * The search text of the event whose stored line is {@code line[start, end)}: its payload's strings read as the
     * line's tokens pass, without a tree of it (the line was checked when it was stored, so its {@code data} is its
     * only member of that name).
     *
     * @throws IOException the bytes are not a JSON line
     */
    static String ofLine(String toolName, byte[] line, int start, int end) throws IOException {
        StringBuilder text = new StringBuilder(256);
        if (toolName != null) {
            text.append(toolName);
        }
        try (JsonParser parser = Json.factory().createParser(line, start, end - start)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    boolean data = "data".equals(parser.currentName());
                    JsonToken value = parser.nextToken();
                    if (data) {
                        collect(parser, value, text);
                        break;
                    }
                    parser.skipChildren();
                }
            }
        }
        String lower = text.toString().toLowerCase(Locale.ROOT);
        // Cut after lowercasing: a few characters grow when lowercased (e.g. U+0130).
        return lower.length() > MAX_LENGTH ? lower.substring(0, MAX_LENGTH) : lower;
    }

    /** Appends the strings of the value starting at {@code token} (all of a container's, in order) until the text is full. */
    private static void collect(JsonParser parser, JsonToken token, StringBuilder text) throws IOException {
        if (text.length() >= MAX_LENGTH) {
            return;
        }
        int depth = 0;
        do {
            if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                depth++;
            } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                depth--;
            } else if (token == JsonToken.VALUE_STRING) {
                append(parser.getText(), text);
                if (text.length() >= MAX_LENGTH) {
                    return;
                }
            }
            if (depth == 0) {
                return;
            }
            token = parser.nextToken();
        } while (token != null);
    }

    private static void append(String value, StringBuilder text) {
        if (value.isEmpty()) {
            return;
        }
        if (!text.isEmpty()) {
            text.append(' ');
        }
        text.append(value, 0, Math.min(value.length(), MAX_LENGTH - text.length() + 1));
    }

    /** A LIKE pattern matching {@code query} anywhere, with LIKE's wildcards in it taken literally (escape {@code \}). */
    static String containsPattern(String query) {
        return "%" + likeLiteral(query.toLowerCase(Locale.ROOT)) + "%";
    }

    /** {@code text} for a LIKE pattern, its wildcards and the escape {@code \} taken literally. */
    static String likeLiteral(String text) {
        StringBuilder literal = new StringBuilder(text.length() + 2);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' || c == '_' || c == '\\') {
                literal.append('\\');
            }
            literal.append(c);
        }
        return literal.toString();
    }
}
