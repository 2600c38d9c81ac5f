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
 * @param testsDeleted whether test files were deleted in the run (or its ancestry) and not restored: its success proves nothing
 */
public record RunNode(String run, String parentRun, String origin, String divergence, String outcome, String checkpoint,
                      int edits, int eventCount, List<RunNode> children, boolean testsDeleted) {

    public RunNode {
        children = List.copyOf(children);
    }

    public RunNode(String run, String parentRun, String origin, String divergence, String outcome, String checkpoint,
                   int edits, int eventCount, List<RunNode> children) {
        this(run, parentRun, origin, divergence, outcome, checkpoint, edits, eventCount, children, false);
    }

    /** What the run's outcome says about the task, in words ("Task: failed (tests deleted)"), and its colour. */
    public TaskOutcome task() {
        return TaskOutcome.of(outcome, testsDeleted);
    }

    /**
     * How the run came about, in words: "Original run", "Replay: matched the recording", "Replay: differs from the
     * recording", "Fork with 1 edit", "Revert", "Imported" — never a judgement of the task.
     */
    public String originLabel() {
        return switch (origin) {
            case "replay" -> TaskOutcome.replayAgreement(divergence);
            case "fork" -> edits > 0 ? "Fork with " + edits + (edits == 1 ? " edit" : " edits") : "Fork";
            case "revert" -> "Revert";
            case "import" -> "Imported";
            default -> "Original run";
        };
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
