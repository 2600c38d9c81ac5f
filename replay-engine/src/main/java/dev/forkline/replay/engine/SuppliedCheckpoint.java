package dev.forkline.replay.engine;

import dev.forkline.trace.payload.CheckpointData;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.MemoryBlobStore;

import java.util.ArrayList;
import java.util.List;

/**
 * A checkpoint whose files the trace does not hold ({@code data.workspace.source: "supplied"}): the {@code start} that
 * importers put at the beginning of a session Forkline did not record. Its files come from the tree the reviewer
 * supplies; {@code data.startingTree} says what the trace knows of that tree (repository, commit, branch).
 */
final class SuppliedCheckpoint {

    private SuppliedCheckpoint() {
    }

    static boolean isSupplied(Event checkpoint) {
        return CheckpointData.SOURCE_SUPPLIED.equals(checkpoint.data().path(CheckpointData.WORKSPACE).path(CheckpointData.WORKSPACE_SOURCE).asText(null));
    }

    /** The absolute directory the session worked in, where the tree is placed in the sandbox; null when not recorded. */
    static String root(Event checkpoint) {
        String root = checkpoint.data().path(CheckpointData.WORKSPACE).path(CheckpointData.WORKSPACE_ROOT).asText(null);
        return root != null && root.startsWith("/") && !root.contains("\0") && root.length() > 1 ? stripSlash(root) : null;
    }

    /** The commit the trace says the session started at, or null. */
    static String pinnedCommit(Event checkpoint) {
        return checkpoint.data().path(CheckpointData.STARTING_TREE).path(CheckpointData.TREE_COMMIT).asText(null);
    }

    /** What to pass as {@code --workspace}, from what the trace says of the tree. */
    static String suggestion(Event checkpoint) {
        JsonNode tree = checkpoint.data().path(CheckpointData.STARTING_TREE);
        List<String> parts = new ArrayList<>();
        String repository = tree.path(CheckpointData.TREE_REPOSITORY).asText(null);
        String commit = tree.path(CheckpointData.TREE_COMMIT).asText(null);
        if (repository != null || commit != null) {
            parts.add("a checkout of " + (repository == null ? "the repository" : repository) + (commit == null ? "" : "@" + commit));
        }
        if (tree.hasNonNull(CheckpointData.TREE_BRANCH)) {
            parts.add("branch " + tree.get(CheckpointData.TREE_BRANCH).asText());
        }
        if (tree.hasNonNull(CheckpointData.TREE_CWD)) {
            parts.add("worked in " + tree.get(CheckpointData.TREE_CWD).asText());
        }
        return parts.isEmpty() ? "the trace says nothing of it" : String.join(", ", parts);
    }

    static String missingTreeMessage(Event checkpoint) {
        String id = checkpoint.data().path(CheckpointData.CHECKPOINT_ID).asText(checkpoint.id());
        return "checkpoint '" + id + "' is the tree the session started from, which the trace does not hold: give it with"
                + " --workspace DIR|ARCHIVE|REPO@COMMIT (the trace suggests: " + suggestion(checkpoint) + ")";
    }

    /**
     * The checkpoint as if it had recorded the tree: {@code data.workspace.files} lists the tree's files, their contents
     * go to {@code blobs}. Id, chain position and hash stay the recorded ones, so a replay forks from the real event.
     */
    static Event filled(Event checkpoint, StartingTree tree, MemoryBlobStore blobs) {
        ObjectNode data = checkpoint.data().deepCopy();
        ObjectNode workspace = data.get(CheckpointData.WORKSPACE) instanceof ObjectNode w ? w : data.putObject(CheckpointData.WORKSPACE);
        ObjectNode files = workspace.putObject(CheckpointData.WORKSPACE_FILES);
        for (WorkspaceFile file : tree.files()) {
            String mode = String.format("%04o", file.mode());
            (file.isSymlink() ? CheckpointData.FileEntry.link(file.linkTarget(), mode)
                    : CheckpointData.FileEntry.regular(blobs.put(file.content()), mode)).into(files.putObject(file.path()));
        }
        workspace.put(CheckpointData.WORKSPACE_SUPPLIED_AS, tree.description());
        return new Event(checkpoint.id(), checkpoint.run(), checkpoint.seq(), checkpoint.ts(), checkpoint.actor(), checkpoint.type(),
                checkpoint.causes(), checkpoint.state(), data, checkpoint.prev(), checkpoint.hash());
    }

    private static String stripSlash(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
