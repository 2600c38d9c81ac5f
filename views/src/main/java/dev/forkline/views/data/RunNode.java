package dev.forkline.views.data;

import java.util.List;

/**
 * One run in the fork tree.
 *
 * @param origin     how the run came about: original, replay, fork, revert, import
 * @param divergence for replays: matched, diverged, or null when not a replay or not compared
 * @param outcome    its session.end outcome, or "running" when it has none
 * @param checkpoint the checkpoint id it was forked from, or null for a root run
 * @param edits      how many edits a fork applied
 */
public record RunNode(String run, String parentRun, String origin, String divergence, String outcome, String checkpoint,
                      int edits, int eventCount, List<RunNode> children) {

    public RunNode {
        children = List.copyOf(children);
    }

    /** The badge shown in the fork tree: original, replay matched/diverged, fork with edits, revert, imported. */
    public String badge() {
        return switch (origin) {
            case "replay" -> divergence == null ? "replay" : "replay " + divergence;
            case "fork" -> edits > 0 ? "fork with edits" : "fork";
            case "revert" -> "revert";
            case "import" -> "imported";
            default -> "original";
        };
    }
}
