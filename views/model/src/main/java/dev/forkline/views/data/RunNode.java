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
 * @param tests      what the run (with its ancestry) did to test files, as far as known: a success that deleted its
 *                   tests proves nothing
 */
public record RunNode(String run, String parentRun, String origin, String divergence, String outcome, String checkpoint,
                      int edits, int eventCount, List<RunNode> children, TaskOutcome.Tests tests) {

    /** The origin of a node that only groups the replays of one run in the fork tree: not a run of its own. */
    public static final String GROUP = "group";

    public RunNode {
        children = List.copyOf(children);
    }

    /** A node grouping these replays of {@code parentRun}, for the fork tree; its "run" names the group, not a run. */
    public static RunNode groupOfReplays(String parentRun, List<RunNode> replays) {
        return new RunNode("replays of " + parentRun, parentRun, GROUP, null, "", null, 0,
                replays.stream().mapToInt(RunNode::eventCount).sum(), replays);
    }

    /** Whether this node groups runs rather than being one. */
    public boolean isGroup() {
        return GROUP.equals(origin);
    }

    /** A node with nothing to say about test files: a group of replays, a run still being written. */
    public RunNode(String run, String parentRun, String origin, String divergence, String outcome, String checkpoint,
                   int edits, int eventCount, List<RunNode> children) {
        this(run, parentRun, origin, divergence, outcome, checkpoint, edits, eventCount, children, TaskOutcome.Tests.IN_PLACE);
    }

    /** This node, and its children, with what each run did to test files as {@code testsOf} says. */
    public RunNode withTests(java.util.function.Function<String, TaskOutcome.Tests> testsOf) {
        return new RunNode(run, parentRun, origin, divergence, outcome, checkpoint, edits, eventCount,
                children.stream().map(child -> child.withTests(testsOf)).toList(), testsOf.apply(run));
    }

    /** What the run's outcome says about the task, in words ("Task: failed (tests deleted)"), and its colour. */
    public TaskOutcome task() {
        return TaskOutcome.of(outcome, tests);
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
            case GROUP -> children.size() + " replays";
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
            case GROUP -> children.size() + " replays";
            default -> "original";
        };
    }
}
