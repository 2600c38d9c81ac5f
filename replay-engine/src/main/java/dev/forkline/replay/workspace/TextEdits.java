package dev.forkline.replay.workspace;

import dev.forkline.trace.payload.StateMutationData;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The old-string/new-string edits of a {@code state.mutation} ({@code edits: [{oldString, newString, replaceAll?}]},
 * with an optional {@code replaceAll} for all of them), applied in order the way Claude Code's Edit and MultiEdit
 * apply them: each old string must occur exactly once, or at least once with replaceAll; an empty old string puts the
 * new string before the content (how an Edit creates a file), as the importer computes it.
 */
final class TextEdits {

    record Edit(String oldString, String newString, boolean replaceAll) {
    }

    /** The edited text, or the reason the edits do not fit the text. */
    record Result(String text, String failure) {
    }

    private TextEdits() {
    }

    /** The edits of a mutation's data, or an empty list when it records none. */
    static List<Edit> of(JsonNode data) {
        List<Edit> edits = new ArrayList<>();
        JsonNode list = data.get(StateMutationData.EDITS);
        if (list == null || !list.isArray()) {
            return edits;
        }
        boolean all = data.path(StateMutationData.REPLACE_ALL).asBoolean(false);
        for (JsonNode edit : list) {
            JsonNode oldString = edit.get(StateMutationData.EDIT_OLD_STRING);
            JsonNode newString = edit.get(StateMutationData.EDIT_NEW_STRING);
            edits.add(new Edit(oldString != null && oldString.isTextual() ? oldString.asText() : null,
                    newString != null && newString.isTextual() ? newString.asText() : "",
                    all || edit.path(StateMutationData.REPLACE_ALL).asBoolean(false)));
        }
        return edits;
    }

    /**
     * Applies the edits to {@code text} (null when the file does not exist); {@code path} is for messages.
     */
    static Result apply(String path, String text, List<Edit> edits) {
        String content = text;
        for (int i = 0; i < edits.size(); i++) {
            Edit edit = edits.get(i);
            String which = edits.size() == 1 ? "" : " (edit " + (i + 1) + " of " + edits.size() + ")";
            if (edit.oldString() == null) {
                return new Result(null, path + ": the edit records no old string" + which);
            }
            if (edit.oldString().isEmpty()) {
                content = content == null ? edit.newString() : edit.newString() + content;
                continue;
            }
            if (content == null) {
                return new Result(null, path + ": the file does not exist, so the old string " + quote(edit.oldString())
                        + " cannot be found" + which);
            }
            String oldString = edit.oldString();
            int first = content.indexOf(oldString);
            if (first < 0) {
                return new Result(null, path + ": old string not found" + which + ": " + quote(oldString));
            }
            if (edit.replaceAll()) {
                content = content.replace(oldString, edit.newString());
                continue;
            }
            // only the search for a second occurrence is needed; they are counted for the message alone
            if (content.indexOf(oldString, first + oldString.length()) >= 0) {
                return new Result(null, path + ": old string found " + occurrences(content, oldString) + " times, where the edit"
                        + " replaces one" + which + ": " + quote(oldString));
            }
            content = new StringBuilder(content.length() - oldString.length() + edit.newString().length())
                    .append(content, 0, first).append(edit.newString()).append(content, first + oldString.length(), content.length())
                    .toString();
        }
        return new Result(content, null);
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }

    /** The start of a string for a message: its first line, at most 60 characters, quoted. */
    static String quote(String text) {
        String line = text.strip();
        int newline = line.indexOf('\n');
        boolean cut = newline >= 0;
        if (cut) {
            line = line.substring(0, newline);
        }
        if (line.length() > 60) {
            line = line.substring(0, 60);
            cut = true;
        }
        return "\"" + line + (cut ? "…" : "") + "\"";
    }
}
