package dev.forkline.views.data;

import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.Lineage;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

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

    /**
     * Test files by their usual names: a folder test/, tests/, __tests__/ or spec/, or a file test_*.py, *_test.*,
     * *.test.*, *.spec.*, *Test.java, *Tests.java. A heuristic: it errs towards warning.
     */
    private static final Pattern TEST_PATH = Pattern.compile(
            "(^|.*/)(tests?|__tests__|specs?)/.*|(^|.*/)test_[^/]*\\.py|.*_test\\.[^/]+|.*\\.(test|spec)\\.[^/]+|.*Tests?\\.java");

    /** The badge for a run's recorded outcome (success, failure, aborted, unknown, running), knowing whether its tests were deleted. */
    public static TaskOutcome of(String outcome, boolean testsDeleted) {
        String value = outcome == null ? "" : outcome.toLowerCase(Locale.ROOT);
        String cause = testsDeleted ? " (tests deleted)" : "";
        return switch (value) {
            case "success" -> testsDeleted ? new TaskOutcome("Task: unproven (tests deleted)", "warning") : new TaskOutcome("Task: succeeded", "success");
            case "failure" -> new TaskOutcome("Task: failed" + cause, "danger");
            case "aborted" -> new TaskOutcome("Task: stopped before the end" + cause, "warning");
            case "running" -> new TaskOutcome("Task: no end recorded" + cause, testsDeleted ? "warning" : "neutral");
            default -> new TaskOutcome("Task: outcome unknown" + cause, testsDeleted ? "warning" : "neutral");
        };
    }

    /** The badge for a trace in the library, from its root run's outcome. */
    public static TaskOutcome of(String outcome) {
        return of(outcome, false);
    }

    /** What a replay says about the recording it replayed: agreement, not the task's success. */
    public static String replayAgreement(String divergence) {
        if (divergence == null) {
            return "Replay";
        }
        return "diverged".equals(divergence) ? "Replay: differs from the recording" : "Replay: matched the recording";
    }

    /** Whether a path looks like a test file. */
    public static boolean isTestPath(String path) {
        return path != null && TEST_PATH.matcher(path.replace('\\', '/')).matches();
    }

    /**
     * The test files the run (with its ancestry up to where it forked) deleted and did not create again: reads only the
     * state.mutation events, found through the columns.
     */
    public static Set<String> deletedTests(Lineage lineage, dev.forkline.trace.columns.EventColumns columns) {
        Set<String> deleted = new TreeSet<>();
        for (int position = 0; position < lineage.size(); position++) {
            if (columns.kind(lineage.indexAt(position)) != EventType.STATE_MUTATION) {
                continue;
            }
            var data = lineage.get(position).data();
            String path = data.path(StateMutationData.PATH).asText(null);
            if (!isTestPath(path)) {
                continue;
            }
            if (MutationOp.DELETE.wireName().equals(data.path(StateMutationData.OP).asText())) {
                deleted.add(path);
            } else {
                deleted.remove(path);
            }
        }
        return deleted;
    }
}
