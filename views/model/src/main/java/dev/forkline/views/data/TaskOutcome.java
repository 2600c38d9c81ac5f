package dev.forkline.views.data;

import java.util.Locale;

/**
 * What a run's badge says about the task, kept apart from what a replay says about agreeing with the recording: a
 * replay that "matched" a failed run reproduced a failure, and a fork that "succeeded" while its tests were deleted
 * proved nothing. The text reads as a sentence ("Task: failed (tests deleted)"); the tone is the pill's colour, and
 * only a task that succeeded with its tests in place is green.
 *
 * @param text e.g. "Task: succeeded", "Task: failed (tests deleted)", "Task: unproven (tests deleted)"
 * @param tone success, danger, warning or neutral (the pill's colour)
 */
public record TaskOutcome(String text, String tone) {

    /** What is known of a run's test files: whether it deleted some (ancestry included) and did not restore them. */
    public enum Tests {
        /** Not known yet: the run's state mutations are still being read, after the trace was shown. */
        CHECKING,
        /** None deleted, or all created again. */
        IN_PLACE,
        /** Some deleted and not created again: a success proves nothing. */
        DELETED,
        /** A state mutation on the way could not be read (a damaged event): whether tests were deleted is not known. */
        UNREADABLE
    }

    /**
     * The badge for a run's recorded outcome (success, failure, aborted, unknown, running), knowing what it did to its
     * test files. Only a success with its tests known to be in place is green.
     */
    public static TaskOutcome of(String outcome, Tests tests) {
        String value = outcome == null ? "" : outcome.toLowerCase(Locale.ROOT);
        boolean deleted = tests == Tests.DELETED;
        String cause = deleted ? " (tests deleted)" : "";
        return switch (value) {
            case "success" -> switch (tests) {
                case IN_PLACE -> new TaskOutcome("Task: succeeded", "success");
                case DELETED -> new TaskOutcome("Task: unproven (tests deleted)", "warning");
                case CHECKING -> new TaskOutcome("Task: succeeded (checking tests…)", "neutral");
                case UNREADABLE -> new TaskOutcome("Task: succeeded (tests not checked)", "warning");
            };
            case "failure" -> new TaskOutcome("Task: failed" + cause, "danger");
            case "aborted" -> new TaskOutcome("Task: stopped before the end" + cause, "warning");
            case "running" -> new TaskOutcome("Task: no end recorded" + cause, deleted ? "warning" : "neutral");
            default -> new TaskOutcome("Task: outcome unknown" + cause, deleted ? "warning" : "neutral");
        };
    }

    /** The badge for a trace in the library, from its root run's outcome (its test files are not looked at there). */
    public static TaskOutcome of(String outcome) {
        return of(outcome, Tests.IN_PLACE);
    }

    /** What a replay says about the recording it replayed: agreement, not the task's success. */
    public static String replayAgreement(String divergence) {
        if (divergence == null) {
            return "Replay";
        }
        return "diverged".equals(divergence) ? "Replay: differs from the recording" : "Replay: matched the recording";
    }
}
