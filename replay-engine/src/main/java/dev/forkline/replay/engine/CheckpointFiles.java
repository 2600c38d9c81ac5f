package dev.forkline.replay.engine;

import dev.forkline.trace.payload.CheckpointData.FileEntry;
import dev.forkline.trace.payload.CheckpointData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.sandbox.WorkspacePaths;
import dev.forkline.trace.Event;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a checkpoint recorded for each path ({@code data.workspace.files}: path to {@code {blob, mode}} or
 * {@code {symlink, mode}}), to compare a workspace with; the files themselves come from
 * {@link dev.forkline.replay.sandbox.CheckpointWorkspace}.
 */
final class CheckpointFiles {

    /** What the checkpoint says a path holds: content hash (of the link target for a link), mode, link target. */
    record Expected(String sha256, int mode, String linkTarget) {
    }

    private CheckpointFiles() {
    }

    /** Path to what the checkpoint recorded, sorted; paths that are not valid workspace paths are refused. */
    static SortedMap<String, Expected> expected(Event checkpoint) {
        SortedMap<String, Expected> files = new TreeMap<>();
        JsonNode recorded = checkpoint.data().path(CheckpointData.WORKSPACE).path(CheckpointData.WORKSPACE_FILES);
        for (Iterator<Map.Entry<String, JsonNode>> it = recorded.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String path = WorkspacePaths.normalize(entry.getKey());
            JsonNode f = entry.getValue();
            int mode = parseMode(f.path(FileEntry.MODE).asText("0644"));
            if (f.hasNonNull(FileEntry.SYMLINK)) {
                String target = f.get(FileEntry.SYMLINK).asText();
                files.put(path, new Expected(Hashes.sha256(target.getBytes(StandardCharsets.UTF_8)), mode, target));
            } else {
                files.put(path, new Expected(f.path(FileEntry.BLOB).asText(null), mode, null));
            }
        }
        return files;
    }

    static byte[] blob(BlobSource blobs, String hash, String what) throws IOException {
        if (hash == null) {
            throw new IOException(what + " names no blob");
        }
        return blobs.read(hash).orElseThrow(() -> new IOException(what + ": blob " + hash + " is not in the bundle"));
    }

    static int parseMode(String mode) {
        try {
            return Integer.parseInt(mode, 8) & 07777;
        } catch (NumberFormatException e) {
            return 0644;
        }
    }
}
