package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;

/**
 * What is wrong with a line that is not one JSON value, in plain words and with the column, for a
 * {@code malformed-line} finding: "two JSON values on one line", "the line ends inside a string", a character JSON
 * does not allow. Parser internals (token names, source references) are left out.
 */
public final class JsonProblems {

    private JsonProblems() {
    }

    public static String describe(JsonProcessingException problem) {
        JsonLocation location = problem.getLocation();
        String column = location == null || location.getColumnNr() < 1 ? "" : " at column " + location.getColumnNr();
        String original = problem.getOriginalMessage() == null ? "" : problem.getOriginalMessage();
        if (original.startsWith("Trailing token")) {
            return "two JSON values on one line (the second starts" + column + ")";
        }
        if (problem instanceof JsonEOFException eof) {
            JsonToken inside = eof.getTokenBeingDecoded();
            if (inside == JsonToken.VALUE_STRING || inside == JsonToken.FIELD_NAME || original.contains("closing quote")) {
                return "the line ends inside a string" + column + " (cut off?)";
            }
            return "the line ends before the JSON value is complete" + column + " (cut off?)";
        }
        if (original.startsWith("Unexpected character") || original.startsWith("Unrecognized token")) {
            String character = quoted(original);
            String hint = character.equals("'") ? " (JSON strings need double quotes)" : "";
            return (character.isEmpty() ? "a character JSON does not allow" : "unexpected " + character) + column + hint;
        }
        if (original.startsWith("Duplicate field")) {
            String field = quoted(original);
            return "a key appears twice in one object" + (field.isEmpty() ? "" : " (" + field + ")") + column;
        }
        return "not valid JSON" + column;
    }

    /** The first {@code '...'} quoted part of a parser message, without the quotes, or "". */
    private static String quoted(String message) {
        int open = message.indexOf('\'');
        int close = open < 0 ? -1 : message.indexOf('\'', open + 1);
        if (open >= 0 && close == open + 1 && message.length() > close + 1 && message.charAt(close + 1) == '\'') {
            return "'";
        }
        return close > open ? message.substring(open + 1, close) : "";
    }
}
