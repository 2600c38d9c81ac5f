package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * The payload of a {@code state.mutation}: one path of the workspace changed. {@code before} and {@code after} are
 * blob references; null on a known side means the file does not exist there. A side the source does not hold is
 * null with {@code beforeKnown:false} / {@code afterKnown:false}.
 *
 * @param mode          the file mode after the change ({@code 644}, {@code 0755}), when recorded
 * @param symlink       the link's target when the path is a symbolic link after the change
 * @param content       an edit's new content as text (a fork's edit supplies it; the replay writes it as a blob)
 * @param contentBase64 an edit's new content as base64, for bytes that are not text
 */
public record StateMutationData(String path, MutationOp op, String before, boolean beforeKnown, String after,
        boolean afterKnown, String mode, String symlink, String content, String contentBase64) {

    public static final String TYPE = "state.mutation";
    public static final String PATH = "path";
    public static final String OP = "op";
    public static final String BEFORE = "before";
    public static final String AFTER = "after";
    public static final String BEFORE_KNOWN = "beforeKnown";
    public static final String AFTER_KNOWN = "afterKnown";
    public static final String MODE = "mode";
    public static final String SYMLINK = "symlink";
    public static final String CONTENT = "content";
    public static final String CONTENT_BASE64 = "contentBase64";
    /**
     * How an importer records the edit that made the change, so a replay can re-apply it: a unified diff inline
     * ({@code patch}) or as a blob ({@code diffBlob}, older traces {@code patchBlob}), or string replacements
     * ({@code edits}: each {@code oldString}, {@code newString}, {@code replaceAll}; {@code replaceAll} on the payload
     * applies to all of them); {@code movedTo} when the change moved the file.
     */
    public static final String PATCH = "patch";
    public static final String DIFF_BLOB = "diffBlob";
    public static final String PATCH_BLOB = "patchBlob";
    public static final String EDITS = "edits";
    public static final String EDIT_OLD_STRING = "oldString";
    public static final String EDIT_NEW_STRING = "newString";
    public static final String REPLACE_ALL = "replaceAll";
    public static final String MOVED_TO = "movedTo";
    /** The name of the tool whose call made the change, as importers record it. */
    public static final String TOOL = "tool";

    public static StateMutationData of(String path, MutationOp op, String before, String after) {
        return new StateMutationData(path, op, before, true, after, true, null, null, null, null);
    }

    public static StateMutationData from(ObjectNode data) {
        return new StateMutationData(Fields.text(data, PATH), MutationOp.parse(Fields.text(data, OP)).orElse(null),
                Fields.text(data, BEFORE), !Boolean.FALSE.equals(Fields.bool(data, BEFORE_KNOWN)),
                Fields.text(data, AFTER), !Boolean.FALSE.equals(Fields.bool(data, AFTER_KNOWN)), Fields.text(data, MODE),
                Fields.text(data, SYMLINK), Fields.text(data, CONTENT), Fields.text(data, CONTENT_BASE64));
    }

    /**
     * Writes the members into {@code data}: {@code before} and {@code after} always (null when absent), the
     * {@code …Known:false} markers only for unknown sides; returns {@code data}.
     */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, PATH, path);
        Fields.put(data, OP, op == null ? null : op.wireName());
        data.put(BEFORE, beforeKnown ? before : null);
        data.put(AFTER, afterKnown ? after : null);
        if (!beforeKnown) {
            data.put(BEFORE_KNOWN, false);
        }
        if (!afterKnown) {
            data.put(AFTER_KNOWN, false);
        }
        Fields.put(data, MODE, mode);
        Fields.put(data, SYMLINK, symlink);
        Fields.put(data, CONTENT, content);
        Fields.put(data, CONTENT_BASE64, contentBase64);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
