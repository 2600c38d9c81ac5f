package dev.forkline.replay.engine;

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
 * The workspace a checkpoint recorded ({@code data.workspace.files}: path to {@code {blob, mode}} or
 * {@code {symlink, mode}}), with contents read from the bundle's blobs and checked against their names.
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
        JsonNode recorded = checkpoint.data().path("workspace").path("files");
        for (Iterator<Map.Entry<String, JsonNode>> it = recorded.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String path = WorkspacePaths.normalize(entry.getKey());
            JsonNode f = entry.getValue();
            int mode = parseMode(f.path("mode").asText("0644"));
            if (f.hasNonNull("symlink")) {
                String target = f.get("symlink").asText();
                files.put(path, new Expected(Hashes.sha256(target.getBytes(StandardCharsets.UTF_8)), mode, target));
            } else {
                files.put(path, new Expected(f.path("blob").asText(null), mode, null));
            }
        }
        return files;
    }

    /**
     * The files to put into a sandbox.
     *
     * @throws IOException when a blob is missing or does not match its name
     */
    static List<WorkspaceFile> read(Event checkpoint, BlobSource blobs) throws IOException {
        List<WorkspaceFile> files = new ArrayList<>();
        for (Map.Entry<String, Expected> entry : expected(checkpoint).entrySet()) {
            Expected e = entry.getValue();
            if (e.linkTarget() != null) {
                files.add(WorkspaceFile.symlink(entry.getKey(), e.linkTarget()));
            } else {
                files.add(WorkspaceFile.regular(entry.getKey(), blob(blobs, e.sha256(), "checkpoint "
                        + checkpoint.text("checkpointId") + " file " + entry.getKey()), e.mode()));
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
