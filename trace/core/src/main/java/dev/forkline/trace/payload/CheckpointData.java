package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code checkpoint}: a point a run can be restored to: its workspace, harness and processes. Members the trace does not hold read as null. */
public record CheckpointData(String checkpointId, String label, ObjectNode workspace, ObjectNode harness, ArrayNode processes) {

    public static final String TYPE = "checkpoint";
    public static final String CHECKPOINT_ID = "checkpointId";
    public static final String LABEL = "label";
    public static final String WORKSPACE = "workspace";
    public static final String HARNESS = "harness";
    public static final String PROCESSES = "processes";
    /** The workspace's root directory in the sandbox, a member of {@code workspace}. */
    public static final String WORKSPACE_ROOT = "root";
    /** The workspace's files by path, a member of {@code workspace}: each a {@link FileEntry}. */
    public static final String WORKSPACE_FILES = "files";
    /** The calls still waiting for their result at the checkpoint, a member of {@code harness}. */
    public static final String HARNESS_PENDING = "pending";
    /**
     * A member of {@code workspace}: {@link #SOURCE_SUPPLIED} when the trace does not hold the files (an imported
     * session's starting tree, given to a replay with {@code --workspace}); {@code suppliedAs} names what was given.
     */
    public static final String WORKSPACE_SOURCE = "source";
    public static final String SOURCE_SUPPLIED = "supplied";
    public static final String WORKSPACE_SUPPLIED_AS = "suppliedAs";
    /** What the trace says of a supplied starting tree: {@code repository}, {@code commit}, {@code branch}, {@code cwd}. */
    public static final String STARTING_TREE = "startingTree";
    public static final String TREE_REPOSITORY = "repository";
    public static final String TREE_COMMIT = "commit";
    public static final String TREE_BRANCH = "branch";
    public static final String TREE_CWD = "cwd";
    /** The importer's format the tree was recorded by, e.g. {@code claude-code}. */
    public static final String TREE_FORMAT = "format";
    /** A ref the tree was recorded at when no commit pins it (a branch or tag name). */
    public static final String TREE_REF = "ref";
    /** One sentence telling the reviewer what to supply. */
    public static final String TREE_HINT = "hint";

    /**
     * One file of a checkpoint's workspace: its content's blob, or the target of a symbolic link, and its mode.
     *
     * @param mode the octal mode as written ({@code 0644}); null when not recorded
     */
    public record FileEntry(String blob, String symlink, String mode) {

        public static final String BLOB = "blob";
        public static final String SYMLINK = "symlink";
        public static final String MODE = "mode";

        public static FileEntry regular(String blob, String mode) {
            return new FileEntry(blob, null, mode);
        }

        public static FileEntry link(String target, String mode) {
            return new FileEntry(null, target, mode);
        }

        public static FileEntry from(ObjectNode file) {
            return new FileEntry(Fields.text(file, BLOB), Fields.text(file, SYMLINK), Fields.text(file, MODE));
        }

        /** The mode, or {@code fallback} when none is recorded. */
        public String modeOr(String fallback) {
            return mode == null ? fallback : mode;
        }

        /** Writes the non-null members into {@code file}; returns it. */
        public ObjectNode into(ObjectNode file) {
            Fields.put(file, SYMLINK, symlink);
            Fields.put(file, BLOB, blob);
            Fields.put(file, MODE, mode);
            return file;
        }
    }

    /** The workspace's files by path in the order the payload lists them; empty when it lists none. */
    public java.util.Map<String, FileEntry> files() {
        java.util.Map<String, FileEntry> files = new java.util.LinkedHashMap<>();
        ObjectNode listed = workspace == null ? null : Fields.object(workspace, WORKSPACE_FILES);
        if (listed != null) {
            listed.properties().forEach(e -> {
                if (e.getValue() instanceof ObjectNode file) {
                    files.put(e.getKey(), FileEntry.from(file));
                }
            });
        }
        return files;
    }

    /** The workspace's root directory, null when not recorded. */
    public String workspaceRoot() {
        return workspace == null ? null : Fields.text(workspace, WORKSPACE_ROOT);
    }

    /** A {@code workspace} object with {@code root} (when not null) and {@code files}, in that order. */
    public static ObjectNode workspace(String root, java.util.Map<String, FileEntry> files) {
        ObjectNode workspace = Json.object();
        Fields.put(workspace, WORKSPACE_ROOT, root);
        ObjectNode listed = workspace.putObject(WORKSPACE_FILES);
        files.forEach((path, file) -> file.into(listed.putObject(path)));
        return workspace;
    }

    public static CheckpointData from(ObjectNode data) {
        return new CheckpointData(Fields.text(data, CHECKPOINT_ID),
                Fields.text(data, LABEL),
                Fields.object(data, WORKSPACE),
                Fields.object(data, HARNESS),
                Fields.array(data, PROCESSES));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, CHECKPOINT_ID, checkpointId);
        Fields.put(data, LABEL, label);
        Fields.put(data, WORKSPACE, workspace);
        Fields.put(data, HARNESS, harness);
        Fields.put(data, PROCESSES, processes);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
