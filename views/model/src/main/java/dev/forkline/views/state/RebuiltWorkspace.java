package dev.forkline.views.state;

import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.replay.workspace.EditCheck;
import dev.forkline.replay.workspace.MutationOutcome;
import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.replay.workspace.WorkspaceRebuilder;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The real workspace of an imported session at any of its events, without Docker: the tree the reviewer supplied with
 * the session's recorded edits applied in order ({@link WorkspaceRebuilder}), listed for the state panel with what
 * changed since the start and the edits that did not apply as recorded. Built once per run (off the UI thread); a
 * listing at an event is then cheap.
 */
public final class RebuiltWorkspace {

    /**
     * One file at an event.
     *
     * @param path    relative to the workspace root
     * @param change  against the starting tree: unchanged, created, modified, deleted
     * @param size    bytes (0 for a link or a deleted file)
     * @param problem the last recorded edit of this file, at or before the event, that did not apply as recorded (its
     *                precondition failed, or its result is unknown), with its event id; null when every edit applied
     */
    public record Entry(String path, String change, long size, String problem) {
        public boolean changed() {
            return !"unchanged".equals(change);
        }
    }

    /**
     * The workspace at one event.
     *
     * @param files   every file, in path order, deleted ones included
     * @param edits   recorded edits at or before the event
     * @param failed  of those, how many did not apply as recorded
     */
    public record Listing(int position, List<Entry> files, int edits, int failed) {
        public Listing {
            files = List.copyOf(files);
        }

        public long changed() {
            return files.stream().filter(Entry::changed).count();
        }
    }

    private final StartingTree tree;
    private final WorkspaceRebuilder rebuilder;
    private final Map<String, WorkspaceFile> start;

    private RebuiltWorkspace(StartingTree tree, WorkspaceRebuilder rebuilder) {
        this.tree = tree;
        this.rebuilder = rebuilder;
        this.start = rebuilder.filesAt(-1);
    }

    /**
     * @param events the run's events with its ancestors' up to the fork point, in order (what positions index)
     * @throws IOException when a recorded edit's content cannot be read
     */
    public static RebuiltWorkspace of(StartingTree tree, List<Event> events, BlobSource blobs) throws IOException {
        return new RebuiltWorkspace(tree, WorkspaceRebuilder.of(tree, events, blobs));
    }

    /** The workspace after the event at {@code position} of the events it was built over. */
    public Listing at(int position) {
        Map<String, WorkspaceFile> now = rebuilder.filesAt(position);
        Map<String, String> problems = new HashMap<>();
        int edits = 0;
        int failed = 0;
        for (EditCheck check : rebuilder.checks()) {
            if (check.position() > position) {
                break;
            }
            edits++;
            if (!check.ok()) {
                failed++;
                problems.put(check.path(), "edit " + check.eventId() + ": " + describe(check.outcome()));
            }
        }
        List<Entry> files = new ArrayList<>(now.size() + 4);
        for (Map.Entry<String, WorkspaceFile> file : now.entrySet()) {
            WorkspaceFile was = start.get(file.getKey());
            WorkspaceFile is = file.getValue();
            String change = was == null ? "created" : was == is || same(was, is) ? "unchanged" : "modified";
            files.add(new Entry(file.getKey(), change, is.isSymlink() ? 0 : is.content().length, problems.get(file.getKey())));
        }
        for (String path : start.keySet()) {
            if (!now.containsKey(path)) {
                files.add(new Entry(path, "deleted", 0, problems.get(path)));
            }
        }
        if (files.size() > now.size()) {
            files.sort(java.util.Comparator.comparing(Entry::path));
        }
        return new Listing(position, files, edits, failed);
    }

    /** A file at the event, or null when it does not exist there. */
    public WorkspaceFile file(int position, String path) {
        return rebuilder.filesAt(position).get(path);
    }

    public StartingTree tree() {
        return tree;
    }

    /** Every recorded edit as it applied, in event order. */
    public List<EditCheck> checks() {
        return rebuilder.checks();
    }

    private static boolean same(WorkspaceFile a, WorkspaceFile b) {
        return a.mode() == b.mode() && java.util.Objects.equals(a.linkTarget(), b.linkTarget()) && Arrays.equals(a.content(), b.content());
    }

    private static String describe(MutationOutcome outcome) {
        return switch (outcome) {
            case MutationOutcome.PreconditionFailed failed -> "precondition failed: " + failed.message();
            case MutationOutcome.Unknown unknown -> "not rebuilt: " + unknown.why();
            case MutationOutcome.Skipped skipped -> "skipped: " + skipped.why();
            case MutationOutcome.Applied applied -> applied.summary();
        };
    }
}
