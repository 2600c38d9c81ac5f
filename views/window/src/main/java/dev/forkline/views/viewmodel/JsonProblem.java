package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * What is wrong with JSON a person typed, in plain words with the line and column, without the parser's internals
 * (class names, "StreamReadFeature", source descriptions).
 */
public final class JsonProblem {

    private JsonProblem() {
    }

    public static String describe(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return "not valid JSON" + where + ": " + plain(e.getOriginalMessage());
    }

    static String plain(String message) {
        if (message == null) {
            return "it could not be read";
        }
        String text = message;
        int hint = text.indexOf(" (for ");
        if (hint < 0) {
            hint = text.indexOf("; (");
        }
        if (hint >= 0) {
            text = text.substring(0, hint);
        }
        text = text.replaceAll("\\s*\\n.*", "");
        if (text.startsWith("Unexpected end-of-input")) {
            return "it ends too early (a closing } or ] or \" is missing)";
        }
        if (text.startsWith("Unexpected character ('\\''")) {
            return "strings and names take double quotes (\"), not single quotes";
        }
        if (text.contains("was expecting double-quote to start field name")) {
            return "a field name must be in double quotes (a trailing comma before } also causes this)";
        }
        if (text.startsWith("Unexpected character")) {
            return text.replace("Unexpected character", "unexpected character").replaceAll("\\(code \\d+\\)\\s*", "")
                    .replace("): ", ") — ");
        }
        if (text.startsWith("Unrecognized token")) {
            return text.replace("Unrecognized token", "unknown word") + " (text needs double quotes)";
        }
        return Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
}
