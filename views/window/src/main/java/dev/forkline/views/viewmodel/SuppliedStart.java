package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.views.data.RunLineage;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The checkpoint an imported session starts from, whose files the trace does not hold ({@code data.workspace.source:
 * "supplied"}), with what the trace says of that tree ({@code data.startingTree}) and the SWE-agent tool bundles its
 * session names ({@code session.start data.environment.sweAgent.toolBundles}).
 *
 * @param checkpoint  the checkpoint event ({@code start})
 * @param repository  data.startingTree.repository, or null
 * @param commit      data.startingTree.commit: the commit the tree must hold, or null
 * @param branch      data.startingTree.branch, or null
 * @param cwd         data.startingTree.cwd, or null
 * @param hint        data.startingTree.hint: the importer's sentence on what to supply, or null
 * @param root        data.workspace.root: where the session worked, or null
 * @param toolBundles the tool bundles a SWE-agent session runs; empty for other agents
 * @param harness     the agent that recorded the session ({@code session.start data.environment.harness.name}, e.g.
 *                    {@code claude-code}), or null
 */
public record SuppliedStart(Event checkpoint, String repository, String commit, String branch, String cwd, String hint, String root,
                            List<String> toolBundles, String harness) {

    public SuppliedStart {
        toolBundles = List.copyOf(toolBundles);
    }

    /** Whether the checkpoint's files are supplied by the reviewer rather than recorded. */
    public static boolean isSupplied(Event checkpoint) {
        return checkpoint != null && checkpoint.is(EventType.CHECKPOINT)
                && CheckpointData.SOURCE_SUPPLIED.equals(checkpoint.data().path(CheckpointData.WORKSPACE).path(CheckpointData.WORKSPACE_SOURCE).asText(null));
    }

    /**
     * The run's supplied start: the first checkpoint of its lineage (its ancestors' events included) when its files are
     * supplied. An importer writes it right after the session's start, before any other checkpoint; the checkpoints of
     * a recorded run hold their files, and there may be thousands, so no other is read (this runs on the UI thread
     * whenever a run is shown, each preview of an import included).
     */
    public static Optional<SuppliedStart> of(RunLineage lineage, String run) {
        if (lineage == null || run == null || lineage.node(run) == null) {
            return Optional.empty();
        }
        Lineage path = lineage.eventsWithAncestry(run);
        EventColumns columns = lineage.columns();
        Event sessionStart = null;
        for (int p = 0; p < path.size(); p++) {
            int index = path.indexAt(p);
            if (sessionStart == null && columns.is(index, EventType.SESSION_START)) {
                sessionStart = path.get(p);
            } else if (columns.is(index, EventType.CHECKPOINT)) {
                Event checkpoint = path.get(p);
                return isSupplied(checkpoint) ? Optional.of(of(checkpoint, sessionStart)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    static SuppliedStart of(Event checkpoint, Event sessionStart) {
        JsonNode tree = checkpoint.data().path(CheckpointData.STARTING_TREE);
        List<String> bundles = new ArrayList<>();
        if (sessionStart != null) {
            sessionStart.data().path(SessionStartData.ENVIRONMENT).path(SessionStartData.ENVIRONMENT_SWE_AGENT)
                    .path(SessionStartData.SWE_AGENT_TOOL_BUNDLES).forEach(b -> bundles.add(b.asText()));
        }
        String harness = sessionStart == null ? null : text(sessionStart.data().path(SessionStartData.ENVIRONMENT).path(SessionStartData.ENVIRONMENT_HARNESS),
                SessionStartData.HARNESS_NAME);
        return new SuppliedStart(checkpoint, text(tree, CheckpointData.TREE_REPOSITORY), text(tree, CheckpointData.TREE_COMMIT),
                text(tree, CheckpointData.TREE_BRANCH), text(tree, CheckpointData.TREE_CWD), text(tree, CheckpointData.TREE_HINT),
                text(checkpoint.data().path(CheckpointData.WORKSPACE), CheckpointData.WORKSPACE_ROOT), bundles, harness);
    }

    /** Whether Claude Code recorded the session, so its file-history folder can be given. */
    public boolean claudeCode() {
        return "claude-code".equals(harness);
    }

    /** The checkpoint's id for people ({@code start}). */
    public String name() {
        return ReplayTargets.checkpointName(checkpoint);
    }

    /** What the trace suggests, in one line: repository@commit, branch, working directory. */
    public String suggestion() {
        List<String> parts = new ArrayList<>();
        if (repository != null || commit != null) {
            parts.add((repository == null ? "the repository" : repository) + (commit == null ? "" : " at commit " + commit));
        }
        if (branch != null) {
            parts.add("branch " + branch);
        }
        if (cwd != null) {
            parts.add("worked in " + cwd);
        } else if (root != null) {
            parts.add("worked in " + root);
        }
        return parts.isEmpty() ? "The trace says nothing of the tree it started from." : "The trace suggests: " + String.join(", ", parts) + ".";
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isTextual() || value.asText().isBlank() ? null : value.asText();
    }
}
