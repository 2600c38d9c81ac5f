package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.forkline.trace.Json;
import java.io.IOException;

/**
 * Taking a few members from a JSON line with a token parser ({@link Json}'s, so the same limits hold) instead of
 * building its tree: each helper reads or passes over the parser's current value. What is passed over is still checked
 * as a tree reading checks it, so a line that {@link JsonlRecords#parse} rejects is rejected here too.
 */
public final class LineTokens {

    /** Reads one member's value as a tree, the parser then going on with the rest of the line. */
    private static final ObjectReader MEMBER = Json.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private LineTokens() {
    }

    /** The current value as a tree, as a tree reading of the whole line would hold it. */
    public static JsonNode tree(JsonParser parser) throws IOException {
        return MEMBER.readTree(parser);
    }

    /** The current value as {@link JsonFields#text} reads a member: its text when it is a string, else null (and passed over). */
    public static String text(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        skip(parser);
        return null;
    }

    /** Member {@code name} of the current value when that is an object, as {@link JsonFields#textAt} reads it; the rest passed over. */
    public static String textMember(JsonParser parser, String name) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            skip(parser);
            return null;
        }
        String found = null;
        for (String member = parser.nextFieldName(); member != null; member = parser.nextFieldName()) {
            parser.nextToken();
            if (member.equals(name)) {
                found = text(parser);
            } else {
                skip(parser);
            }
        }
        return found;
    }

    /**
     * Passes over the current value, reading each number as a tree reading would ({@link Json}'s parser rejects those a
     * double cannot hold when their value is read); {@link JsonParser#skipChildren} alone would let them through.
     */
    public static void skip(JsonParser parser) throws IOException {
        int depth = 0;
        JsonToken token = parser.currentToken();
        while (true) {
            switch (token) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_NUMBER_INT -> {
                    if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                        parser.getBigIntegerValue();
                    }
                }
                case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
                default -> {
                }
            }
            if (depth == 0) {
                return;
            }
            token = parser.nextToken();
            if (token == null) {
                throw new com.fasterxml.jackson.core.io.JsonEOFException(parser, null, "the line ends inside a value");
            }
        }
    }
}
