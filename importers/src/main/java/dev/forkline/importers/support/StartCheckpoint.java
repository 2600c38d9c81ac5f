package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.CheckpointData;

/**
 * The {@code start} checkpoint of an imported run: the tree the session started from, whose files the trace does not
 * hold. It is written right after the run's session.start, with an empty {@code workspace.files} and
 * {@code workspace.source: "supplied"}: a replay is given the tree ({@code --workspace SRC}) and applies the run's own
 * recorded edits (state.mutation) on top. {@code startingTree} says what the trace knows about where that tree comes
 * from. One instance per import: it reports {@code starting-tree-needed} once, for the first checkpoint written.
 */
public final class StartCheckpoint {

    public static final String ID = "start";
    public static final String LABEL = "the tree the session started from (supplied at replay with --workspace)";
    /** The root used when a trace records no working directory (the hint says it stands in for the real one). */
    public static final String DEFAULT_ROOT = "/workspace";

    private final ImportSession session;
    private Event first;
    private StartingTree firstTree;
    private String firstRoot;

    public StartCheckpoint(ImportSession session) {
        this.session = session;
    }

    /** The root a run's checkpoint uses: the recorded one, else {@link #DEFAULT_ROOT}. */
    public static String rootOr(String recorded) {
        return recorded == null || recorded.isBlank() ? DEFAULT_ROOT : recorded;
    }

    /**
     * Appends the checkpoint right after {@code sessionStart} (same time, actor harness, no causes).
     *
     * @param recordedRoot the absolute directory the session worked in, or null when the trace does not record one
     */
    public Event append(Event sessionStart, String recordedRoot, StartingTree tree, long line) {
        boolean rootRecorded = recordedRoot != null && !recordedRoot.isBlank();
        String root = rootOr(recordedRoot);
        ObjectNode data = Json.object();
        data.put(CheckpointData.CHECKPOINT_ID, ID);
        data.put(CheckpointData.LABEL, LABEL);
        ObjectNode workspace = data.putObject(CheckpointData.WORKSPACE);
        workspace.put(CheckpointData.WORKSPACE_ROOT, root);
        workspace.put(CheckpointData.WORKSPACE_SOURCE, "supplied");
        workspace.putObject(CheckpointData.WORKSPACE_FILES);
        data.set(CheckpointData.STARTING_TREE, tree.toJson(root, rootRecorded));
        Event checkpoint = session.append(NewEvent.of(sessionStart.run(), "harness", EventType.CHECKPOINT).at(sessionStart.ts())
                .touches(StateKind.WORKSPACE, StateKind.HARNESS).data(data), line);
        if (first == null) {
            first = checkpoint;
            firstTree = tree;
            firstRoot = root;
        }
        return checkpoint;
    }

    public boolean written() {
        return first != null;
    }

    /**
     * At the end of the import: {@code starting-tree-needed} (info) when a checkpoint was written, else
     * {@code withoutCheckpoint} (the format's no-checkpoint finding: no run made a tool call worth replaying).
     */
    public void report(Finding withoutCheckpoint) {
        if (first == null) {
            session.finding(withoutCheckpoint);
            return;
        }
        session.finding(Finding.info(ImportFindings.STARTING_TREE_NEEDED, "replay from checkpoint '" + ID + "' needs the tree the session"
                + " started from: --workspace SRC (suggested: " + firstTree.suggestion(firstRoot) + "); the session's own recorded edits"
                + " are applied on top of it", first.id(), 0));
    }
}
