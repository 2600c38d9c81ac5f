package dev.forkline.replay.workspace;

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

    private final Map<String, WorkspaceFile> start;
    private final int eventCount;
    private final List<Change> changes;
    private final List<EditCheck> checks;

    private WorkspaceRebuilder(Map<String, WorkspaceFile> start, int eventCount, List<Change> changes, List<EditCheck> checks) {
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
        Map<String, WorkspaceFile> start = new HashMap<>(tree.byPath());
        Map<String, WorkspaceFile> current = new HashMap<>(start);
        List<Change> changes = new ArrayList<>();
        List<EditCheck> checks = new ArrayList<>();
        for (int position = 0; position < events.size(); position++) {
            Event event = events.get(position);
            if (!event.is(EventType.STATE_MUTATION)) {
                continue;
            }
            JsonNode data = event.data();
            String recordedPath = event.text("path");
            MutationPaths.Resolved resolved = MutationPaths.resolve(recordedPath, root);
            if (resolved.path() == null) {
                checks.add(new EditCheck(position, event.id(), recordedPath, new MutationOutcome.Skipped(resolved.refusal())));
                continue;
            }
            String path = resolved.path();
            MutationOutcome outcome = MutationApplier.apply(path, data, current.get(path), blobs);
            MutationOutcome.Applied result = switch (outcome) {
                case MutationOutcome.Applied applied -> applied;
                case MutationOutcome.PreconditionFailed failed -> failed.recorded();
                default -> null;
            };
            String movedTo = data.hasNonNull("movedTo") ? data.get("movedTo").asText() : null;
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
                    record(current, changes, position, path, null);
                }
            }
            if (result != null) {
                String at = result.file() == null ? path : result.file().path();
                record(current, changes, position, at, result.file());
            }
            checks.add(new EditCheck(position, event.id(), path, outcome));
        }
        return new WorkspaceRebuilder(start, events.size(), List.copyOf(changes), List.copyOf(checks));
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
        return new WorkspaceView(start, overlay);
    }

    /** One check per {@code state.mutation} event, in event order. */
    public List<EditCheck> checks() {
        return checks;
    }

    private static void record(Map<String, WorkspaceFile> current, List<Change> changes, int position, String path, WorkspaceFile file) {
        if (file == null) {
            current.remove(path);
        } else {
            current.put(path, file);
        }
        changes.add(new Change(position, path, file));
    }

    private static MutationOutcome.Applied moved(MutationOutcome.Applied applied, String to) {
        WorkspaceFile file = applied.file();
        return new MutationOutcome.Applied(new WorkspaceFile(to, file.content(), file.mode(), file.linkTarget()), applied.note());
    }

    private static String rootOf(List<Event> events) {
        for (Event event : events) {
            if (event.is(EventType.CHECKPOINT)) {
                JsonNode root = event.data().path("workspace").path("root");
                if (root.isTextual() && !root.asText().isBlank()) {
                    return root.asText();
                }
            }
        }
        return null;
    }
}
