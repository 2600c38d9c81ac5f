package dev.forkline.importers.openhands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.WorkspaceRoot;

/**
 * The state.mutation payload of an OpenHands file editor observation, V0 ({@code extras}) or V1 (the observation):
 * the editor reports the whole file before ({@code old_content}, null for a new file; {@code prev_exist}) and after
 * ({@code new_content}). A side it does not report is null and marked {@code beforeKnown:false}/{@code afterKnown:false};
 * without {@code prev_exist} the file is taken to have existed ({@code modify}).
 */
final class EditorMutations {

    private EditorMutations() {
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
        ObjectNode data = Payloads.stateMutation(root.relative(file), created ? "create" : "modify", before, before != null || created,
                after, after != null);
        if (tool != null) {
            data.put("tool", tool);
        }
        return data;
    }
}
