package dev.forkline.trace.state;

import dev.forkline.trace.bundle.BlobSource;
import java.io.IOException;
import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The workspace file tree, rebuilt from the nearest checkpoint (or revert) before the point plus the mutations since.
 * Without such a checkpoint the starting tree is unknown and taken as empty ({@link #baselineKnown()} is false).
 */
public final class WorkspaceState {

    private final SortedMap<String, FileEntry> files;
    private final SortedMap<String, WorkspaceChange> changes;
    private final String lastCheckpointId;
    private final String lastCheckpointEventId;
    private final int mutationsReplayed;
    private final BlobSource blobs;

    WorkspaceState(SortedMap<String, FileEntry> files, SortedMap<String, WorkspaceChange> changes, String lastCheckpointId,
                   String lastCheckpointEventId, int mutationsReplayed, BlobSource blobs) {
        this.files = Collections.unmodifiableSortedMap(files);
        this.changes = Collections.unmodifiableSortedMap(changes);
        this.lastCheckpointId = lastCheckpointId;
        this.lastCheckpointEventId = lastCheckpointEventId;
        this.mutationsReplayed = mutationsReplayed;
        this.blobs = blobs;
    }

    /** Workspace-relative path to content and mode, sorted by path. */
    public SortedMap<String, FileEntry> files() {
        return files;
    }

    /** Paths whose net state differs from the last checkpoint, with the net op; sorted by path. */
    public SortedMap<String, WorkspaceChange> changedSinceCheckpoint() {
        return changes;
    }

    /** The checkpoint id the tree was rebuilt from, or null when there is none before this point. */
    public String lastCheckpointId() {
        return lastCheckpointId;
    }

    /** The checkpoint (or revert / run.fork) event the tree was rebuilt from, or null. */
    public String lastCheckpointEventId() {
        return lastCheckpointEventId;
    }

    public boolean baselineKnown() {
        return lastCheckpointEventId != null;
    }

    /** How many state.mutation events were applied on top of the checkpoint to get here. */
    public int mutationsReplayed() {
        return mutationsReplayed;
    }

    /** The content of a file, or empty when the path is not in the tree or its blob is not in the bundle. */
    public Optional<byte[]> read(String path) throws IOException {
        FileEntry entry = files.get(path);
        return entry == null || entry.blob() == null ? Optional.empty() : blobs.read(entry.blob());
    }
}
