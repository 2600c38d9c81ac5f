package dev.forkline.replay.sandbox;

import dev.forkline.trace.payload.CheckpointData.FileEntry;
import dev.forkline.trace.payload.CheckpointData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The workspace a recorded checkpoint holds, as files ready for {@link SandboxBackend#start} or {@link Sandbox#replaceWorkspace}:
 * {@code data.workspace.files} ({@code path -> {blob, mode}} or {@code {symlink, mode}}) with contents from the bundle.
 */
public final class CheckpointWorkspace {

    private CheckpointWorkspace() {
    }

    /**
     * @throws IllegalArgumentException when the event is not a checkpoint or names a path outside the workspace
     * @throws IOException              when a blob it names is missing from {@code blobs}
     */
    public static List<WorkspaceFile> files(Event checkpoint, BlobSource blobs) throws IOException {
        if (!checkpoint.is(EventType.CHECKPOINT)) {
            throw new ReplayInputException(checkpoint.id() + " is a " + checkpoint.type() + ", not a checkpoint");
        }
        List<WorkspaceFile> files = new ArrayList<>();
        JsonNode entries = checkpoint.data().path(CheckpointData.WORKSPACE).path(CheckpointData.WORKSPACE_FILES);
        for (Iterator<Map.Entry<String, JsonNode>> it = entries.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            JsonNode file = entry.getValue();
            int mode = Integer.parseInt(file.path(FileEntry.MODE).asText("0644"), 8);
            if (file.path(FileEntry.SYMLINK).isTextual()) {
                files.add(WorkspaceFile.symlink(entry.getKey(), file.path(FileEntry.SYMLINK).asText()));
                continue;
            }
            String blob = file.path(FileEntry.BLOB).asText(null);
            if (blob == null) {
                throw new IOException("checkpoint " + checkpoint.id() + ": " + entry.getKey() + " has no blob");
            }
            byte[] content = blobs.read(blob).orElseThrow(() -> new IOException(
                    "checkpoint " + checkpoint.id() + ": blob " + blob + " of " + entry.getKey() + " is missing from the bundle"));
            files.add(WorkspaceFile.regular(entry.getKey(), content, mode & 07777));
        }
        return files;
    }
}
