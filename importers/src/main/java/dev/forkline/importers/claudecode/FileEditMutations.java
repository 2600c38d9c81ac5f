package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.StateMutationData;
import java.util.ArrayList;
import java.util.List;

/**
 * The state.mutation payload of a successful Edit, Write or MultiEdit. File contents become blobs where the
 * transcript holds them: Write's content is the after state, {@code originalFile}/{@code originalFileContents} the
 * before state, and applying the edit's old/new strings to it gives the after state. Where a side is not recorded
 * it is null and marked {@code beforeKnown:false}/{@code afterKnown:false}, never guessed.
 */
final class FileEditMutations {

    private FileEditMutations() {
    }

    /** The payload, or null when the call names no file. */
    static ObjectNode of(String tool, JsonNode input, JsonNode toolUseResult, WorkspaceRoot root, String cwd, ImportSession session) {
        JsonNode result = toolUseResult != null && toolUseResult.isObject() ? toolUseResult : null;
        String filePath = firstText(JsonFields.text(result, "filePath"), JsonFields.text(input, "file_path"));
        if (filePath == null) {
            return null;
        }
        String original = firstText(JsonFields.text(result, "originalFile"), JsonFields.text(result, "originalFileContents"));
        ObjectNode mutation = Json.object();
        mutation.put(StateMutationData.PATH, root.relative(filePath, cwd));
        mutation.put(StateMutationData.TOOL, tool);
        String before = original == null ? null : session.putBlob(original);
        String after = null;
        String op = "modify";
        boolean beforeKnown = original != null;
        switch (tool) {
            case "Write" -> {
                String content = firstText(JsonFields.text(input, "content"), JsonFields.text(result, "content"));
                after = content == null ? null : session.putBlob(content);
                if ("create".equals(JsonFields.text(result, "type"))) {
                    op = "create";
                    beforeKnown = true;
                }
            }
            case "Edit" -> {
                List<String[]> edits = new ArrayList<>();
                edits.add(new String[] {firstText(JsonFields.text(result, "oldString"), JsonFields.text(input, "old_string")),
                        firstText(JsonFields.text(result, "newString"), JsonFields.text(input, "new_string"))});
                boolean replaceAll = (result != null && result.path("replaceAll").asBoolean(false)) || input.path("replace_all").asBoolean(false);
                after = applied(original, edits, replaceAll, session);
                mutation.set(StateMutationData.EDITS, editsJson(edits));
                mutation.put(StateMutationData.REPLACE_ALL, replaceAll);
            }
            case "MultiEdit" -> {
                List<String[]> edits = new ArrayList<>();
                JsonNode list = result != null && result.has("edits") ? result.get("edits") : input.get("edits");
                if (list != null && list.isArray()) {
                    for (JsonNode edit : list) {
                        edits.add(new String[] {JsonFields.text(edit, "old_string"), JsonFields.text(edit, "new_string")});
                    }
                }
                after = applied(original, edits, false, session);
                mutation.set(StateMutationData.EDITS, editsJson(edits));
            }
            default -> {
                return null;
            }
        }
        mutation.put(StateMutationData.OP, op);
        if (before == null) {
            mutation.putNull(StateMutationData.BEFORE);
        } else {
            mutation.put(StateMutationData.BEFORE, before);
        }
        if (after == null) {
            mutation.putNull(StateMutationData.AFTER);
        } else {
            mutation.put(StateMutationData.AFTER, after);
        }
        if (!beforeKnown) {
            mutation.put(StateMutationData.BEFORE_KNOWN, false);
        }
        if (after == null) {
            mutation.put(StateMutationData.AFTER_KNOWN, false);
        }
        return mutation;
    }

    /** The edited content as a blob, or null when the original is unknown or an old string is not in it. */
    private static String applied(String original, List<String[]> edits, boolean replaceAll, ImportSession session) {
        if (original == null) {
            return null;
        }
        String content = original;
        for (String[] edit : edits) {
            String oldText = edit[0];
            String newText = edit[1] == null ? "" : edit[1];
            if (oldText == null) {
                return null;
            }
            if (oldText.isEmpty()) {
                content = newText + content;
                continue;
            }
            int at = content.indexOf(oldText);
            if (at < 0) {
                return null;
            }
            content = replaceAll ? content.replace(oldText, newText)
                    : content.substring(0, at) + newText + content.substring(at + oldText.length());
        }
        return session.putBlob(content);
    }

    private static ArrayNode editsJson(List<String[]> edits) {
        ArrayNode array = Json.object().arrayNode();
        for (String[] edit : edits) {
            ObjectNode json = array.addObject();
            json.put(StateMutationData.EDIT_OLD_STRING, edit[0]);
            json.put(StateMutationData.EDIT_NEW_STRING, edit[1]);
        }
        return array;
    }

    private static String firstText(String a, String b) {
        return a != null ? a : b;
    }
}
