package dev.forkline.importers.openhands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.StateMutationData;
import java.util.Set;

/**
 * The state.mutation payload of an OpenHands file editor observation, V0 ({@code extras}) or V1 (the observation):
 * the editor reports the whole file before ({@code old_content}, null for a new file; {@code prev_exist}) and after
 * ({@code new_content}). A side it does not report is null and marked {@code beforeKnown:false}/{@code afterKnown:false};
 * without {@code prev_exist} the file is taken to have existed ({@code modify}).
 */
final class EditorMutations {

    /**
     * Commands of OpenHands' ACI editor ({@code str_replace_editor}) that change part of a file: their observation's
     * {@code old_content}/{@code new_content} are the command's strings, not the file, so neither side is known whole.
     */
    static final Set<String> ACI_PARTIAL_COMMANDS = Set.of("str_replace", "insert", "undo_edit");

    private EditorMutations() {
    }

    /**
     * The mutation of a partial ACI edit: {@code modify} with both sides unknown, the replaced strings as {@code edits}
     * (str_replace) and the editor's unified {@code diff} as {@code patch} when it recorded one. Without either, a
     * replay cannot redo it and says so.
     */
    static ObjectNode ofAciCommand(WorkspaceRoot root, String file, String command, JsonNode args, JsonNode extras, String tool) {
        ObjectNode data = Payloads.stateMutation(root.relative(file), MutationOp.MODIFY, null, false, null, false);
        String oldString = JsonFields.scalar(args, "old_str");
        String newString = JsonFields.scalar(args, "new_str");
        if ("str_replace".equals(command) && oldString != null && newString != null) {
            ArrayNode edits = data.putArray(StateMutationData.EDITS);
            edits.addObject().put(StateMutationData.EDIT_OLD_STRING, oldString).put(StateMutationData.EDIT_NEW_STRING, newString);
        }
        String diff = JsonFields.scalar(extras, "diff");
        if (diff != null && !diff.isBlank()) {
            data.put(StateMutationData.PATCH, diff);
        }
        if (tool != null) {
            data.put(StateMutationData.TOOL, tool);
        }
        data.put("command", command);
        return data;
    }

    /**
     * @param fields        the object holding {@code prev_exist}, {@code old_content}, {@code new_content}
     * @param afterFallback the whole new content from elsewhere (a write action's), used when {@code new_content} is absent
     */
    static ObjectNode of(ImportSession session, WorkspaceRoot root, String file, JsonNode fields, String afterFallback, String tool) {
        JsonNode oldContent = fields.get("old_content");
        JsonNode newContent = fields.get("new_content");
        boolean existenceKnown = fields.has("prev_exist");
        boolean existed = existenceKnown ? fields.path("prev_exist").asBoolean() : oldContent != null && oldContent.isTextual();
        String before = oldContent != null && oldContent.isTextual() ? session.putBlob(oldContent.asText()) : null;
        String afterText = newContent != null && newContent.isTextual() ? newContent.asText() : afterFallback;
        String after = afterText == null ? null : session.putBlob(afterText);
        boolean created = existenceKnown && !existed;
        ObjectNode data = Payloads.stateMutation(root.relative(file), created ? MutationOp.CREATE : MutationOp.MODIFY, before, before != null || created,
                after, after != null);
        if (tool != null) {
            data.put(StateMutationData.TOOL, tool);
        }
        return data;
    }
}
