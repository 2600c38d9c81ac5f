package dev.forkline.replay.workspace;

import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.StateMutationData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The workspace of an imported session at any of its events: the starting tree with the session's own recorded
 * {@code state.mutation}s applied in order, each checked against the file it was made on ({@link #checks()}).
 * <p>
 * All mutations are applied once, when it is built, into one working map, keeping a log of the changes; the workspace
 * at an event is then the start tree with the log up to that event laid over it, so neither building nor asking copies
 * the tree per event. A mutation whose precondition fails still takes the state the trace records after it, when it
 * records one (later events saw that state); one whose result is unknown leaves the file as it was.
 */
public final class WorkspaceRebuilder {

    /** One entry of the change log: {@code file} null when the path was deleted. */
    private record Change(int position, String path, WorkspaceFile file) {
    }

    /** The start tree's files in path order, and the same by path. */
    private final List<WorkspaceFile> startInOrder;
    private final Map<String, WorkspaceFile> start;
    private final int eventCount;
    private final List<Change> changes;
    private final List<EditCheck> checks;
    private final List<BackupCheck> backupChecks;

    private WorkspaceRebuilder(List<WorkspaceFile> startInOrder, Map<String, WorkspaceFile> start, int eventCount, List<Change> changes,
                               List<EditCheck> checks, List<BackupCheck> backupChecks) {
        this.backupChecks = backupChecks;
        this.startInOrder = startInOrder;
        this.start = start;
        this.eventCount = eventCount;
        this.changes = changes;
        this.checks = checks;
    }

    /**
     * Rebuilds over {@code events} (one run's, in order) with the workspace root read from the first checkpoint that
     * records one ({@code data.workspace.root}); without one, absolute mutation paths are skipped.
     *
     * @throws IOException when reading a blob fails
     */
    public static WorkspaceRebuilder of(StartingTree tree, List<Event> events, BlobSource blobs) throws IOException {
        return of(tree, events, blobs, rootOf(events));
    }

    /**
     * Rebuilds over {@code events} (one run's, in order); absolute mutation paths under {@code root} (may be null) are
     * made relative to it, and mutations outside it are skipped with a check saying so.
     *
     * @throws IOException when reading a blob fails
     */
    public static WorkspaceRebuilder of(StartingTree tree, List<Event> events, BlobSource blobs, String root) throws IOException {
        return of(tree, events, blobs, root, null);
    }

    /**
     * Like {@link #of(StartingTree, List, BlobSource, String)}, and with Claude Code's file-history backups: at each
     * {@code file-history-snapshot} note, every backup it names for the first time is compared with the rebuilt file
     * ({@link #backupChecks()}) and the workspace takes the backup's state where it lacked the file or held another.
     *
     * @param history the session's file-history folder, or null
     * @throws IOException when reading a blob or a backup fails
     */
    public static WorkspaceRebuilder of(StartingTree tree, List<Event> events, BlobSource blobs, String root, FileHistory history)
            throws IOException {
        List<WorkspaceFile> startInOrder = inPathOrder(tree.files());
        Map<String, WorkspaceFile> start = HashMap.newHashMap(startInOrder.size());
        for (WorkspaceFile file : startInOrder) {
            start.put(file.path(), file);
        }
        // the workspace now is the start tree with this overlay laid over it (a null value: deleted), not a copy of it
        Map<String, WorkspaceFile> current = new HashMap<>();
        // the hashes of files now in the workspace that are known without hashing them (written from an after blob)
        Map<String, String> knownHashes = new HashMap<>();
        List<Change> changes = new ArrayList<>();
        List<EditCheck> checks = new ArrayList<>();
        List<BackupCheck> backupChecks = new ArrayList<>();
        java.util.Set<String> backupsSeen = new java.util.HashSet<>();
        for (int position = 0; position < events.size(); position++) {
            Event event = events.get(position);
            if (history != null && event.is(EventType.NOTE)) {
                for (FileHistory.TrackedBackup backup : FileHistory.newBackupsAt(event, position, backupsSeen)) {
                    String path = BackupComparison.path(backup, root);
                    WorkspaceFile now = path == null ? null : current.containsKey(path) ? current.get(path) : start.get(path);
                    BackupCheck check = BackupComparison.compare(history, backup, root, now);
                    backupChecks.add(check);
                    if (check.verdict().overlays()) {
                        record(current, knownHashes, changes, position, check.path(), check.file(), null);
                    }
                }
                continue;
            }
            if (!event.is(EventType.STATE_MUTATION)) {
                continue;
            }
            JsonNode data = event.data();
            String recordedPath = StateMutationData.from(event.data()).path();
            MutationPaths.Resolved resolved = MutationPaths.resolve(recordedPath, root);
            if (resolved.path() == null) {
                checks.add(new EditCheck(position, event.id(), recordedPath, new MutationOutcome.Skipped(resolved.refusal())));
                continue;
            }
            String path = resolved.path();
            WorkspaceFile now = current.containsKey(path) ? current.get(path) : start.get(path);
            MutationOutcome outcome = MutationApplier.apply(path, data, now, knownHashes.get(path), blobs);
            MutationOutcome.Applied result = switch (outcome) {
                case MutationOutcome.Applied applied -> applied;
                case MutationOutcome.PreconditionFailed failed -> failed.recorded();
                default -> null;
            };
            String movedTo = data.hasNonNull(StateMutationData.MOVED_TO) ? data.get(StateMutationData.MOVED_TO).asText() : null;
            if (result != null && result.file() != null && movedTo != null) {
                MutationPaths.Resolved target = MutationPaths.resolve(movedTo, root);
                if (target.path() == null) {
                    outcome = new MutationOutcome.Skipped(path + " was moved to " + target.refusal());
                    result = null;
                } else {
                    result = moved(result, target.path());
                    if (outcome instanceof MutationOutcome.Applied) {
                        outcome = result;
                    }
                    record(current, knownHashes, changes, position, path, null, null);
                }
            }
            if (result != null) {
                String at = result.file() == null ? path : result.file().path();
                record(current, knownHashes, changes, position, at, result.file(), result.hash());
            }
            checks.add(new EditCheck(position, event.id(), path, outcome));
        }
        return new WorkspaceRebuilder(startInOrder, start, events.size(), List.copyOf(changes), List.copyOf(checks),
                List.copyOf(backupChecks));
    }

    /**
     * The workspace after the event at {@code position}, i.e. with every mutation at or before it applied; -1 gives
     * the starting tree. Unmodifiable, iterated in path order.
     *
     * @throws IndexOutOfBoundsException when {@code position} is below -1 or past the last event
     */
    public Map<String, WorkspaceFile> filesAt(int position) {
        if (position < -1 || position >= eventCount) {
            throw new IndexOutOfBoundsException("position " + position + " is outside -1.." + (eventCount - 1));
        }
        Map<String, WorkspaceFile> overlay = new HashMap<>();
        for (Change change : changes) {
            if (change.position() > position) {
                break;
            }
            overlay.put(change.path(), change.file());
        }
        return new WorkspaceView(startInOrder, start, overlay);
    }

    /** One check per {@code state.mutation} event, in event order. */
    public List<EditCheck> checks() {
        return checks;
    }

    /** One check per file-history backup compared (none without a file-history folder), in event order. */
    public List<BackupCheck> backupChecks() {
        return backupChecks;
    }

    private static void record(Map<String, WorkspaceFile> current, Map<String, String> knownHashes, List<Change> changes, int position,
                               String path, WorkspaceFile file, String hash) {
        current.put(path, file);
        if (hash == null) {
            knownHashes.remove(path);
        } else {
            knownHashes.put(path, hash);
        }
        changes.add(new Change(position, path, file));
    }

    private static MutationOutcome.Applied moved(MutationOutcome.Applied applied, String to) {
        WorkspaceFile file = applied.file();
        return new MutationOutcome.Applied(new WorkspaceFile(to, file.content(), file.mode(), file.linkTarget()), applied.note(),
                applied.hash());
    }

    /** {@code files} as they are when already in path order ({@link StartingTree} promises it), else a sorted copy. */
    private static List<WorkspaceFile> inPathOrder(List<WorkspaceFile> files) {
        for (int i = 1; i < files.size(); i++) {
            if (files.get(i - 1).path().compareTo(files.get(i).path()) >= 0) {
                List<WorkspaceFile> sorted = new ArrayList<>(new java.util.TreeMap<>(files.stream()
                        .collect(java.util.stream.Collectors.toMap(WorkspaceFile::path, f -> f, (a, b) -> b))).values());
                return List.copyOf(sorted);
            }
        }
        return files;
    }

    private static String rootOf(List<Event> events) {
        for (Event event : events) {
            if (event.is(EventType.CHECKPOINT)) {
                JsonNode root = event.data().path(CheckpointData.WORKSPACE).path(CheckpointData.WORKSPACE_ROOT);
                if (root.isTextual() && !root.asText().isBlank()) {
                    return root.asText();
                }
            }
        }
        return null;
    }
}
