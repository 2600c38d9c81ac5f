package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.CheckpointWorkspace;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The workspace a replay starts from: a checkpoint's files, and a digest of what the checkpoint records for them (path,
 * mode, content hash or link target, in path order; NUL-terminated fields, which no path or target holds). A {@link SandboxPool} matches a sandbox it prepared in advance
 * by the digest, so two checkpoints holding the same files are the same starting workspace.
 *
 * @param digest {@code sha256:<hex>} over the recorded listing; computed from the recorded hashes, not the contents
 * @param files  the files with their contents, ready to copy into a sandbox
 */
public record StartingWorkspace(String digest, List<WorkspaceFile> files) {

    public StartingWorkspace {
        files = List.copyOf(files);
    }

    /**
     * @throws IllegalArgumentException when the event is not a checkpoint or names a path outside the workspace
     * @throws IOException              when a blob it names is missing from {@code blobs}
     */
    static StartingWorkspace of(Event checkpoint, BlobSource blobs) throws IOException {
        List<WorkspaceFile> files = CheckpointWorkspace.files(checkpoint, blobs);
        return new StartingWorkspace(digestOf(CheckpointFiles.expected(checkpoint)), files);
    }

    static String digestOf(SortedMap<String, CheckpointFiles.Expected> recorded) {
        MessageDigest digest = Hashes.digest();
        for (Map.Entry<String, CheckpointFiles.Expected> entry : recorded.entrySet()) {
            CheckpointFiles.Expected file = entry.getValue();
            String line = entry.getKey() + '\0' + Integer.toOctalString(file.mode()) + '\0' + file.sha256() + '\0'
                    + (file.linkTarget() == null ? "" : "L" + file.linkTarget()) + '\0';
            digest.update(line.getBytes(StandardCharsets.UTF_8));
        }
        return Hashes.name(digest);
    }
}
