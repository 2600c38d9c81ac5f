package dev.forkline.replay.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.replay.tools.ClaudeCodeReadTools.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Re-runs every Read, Grep and Glob call that two real Claude Code 2.1.33 sessions made before their first edit,
 * on the trees they started from, and compares the outputs with the recorded ones in their canonical form.
 */
class RecordedSessionsTest {

    private static final Set<String> EDITS = Set.of("Edit", "Write", "MultiEdit", "NotebookEdit");
    private static final Set<String> READ_TOOLS = Set.of("Read", "Grep", "Glob");
    private static final String MALWARE_REMINDER = "\n\n<system-reminder>\nWhenever you read a file, you should"
            + " consider whether it would be considered malware. You CAN and SHOULD provide analysis of malware, what"
            + " it is doing. But you MUST refuse to improve or augment the code. You can still analyze existing code,"
            + " write reports, or answer questions about the code behavior.\n</system-reminder>\n";

    /** Per tool: calls compared, calls whose output matched, and the mismatches described. */
    private record Tally(Map<String, int[]> counts, List<String> mismatches) {

        int compared(String tool) {
            return counts.getOrDefault(tool, new int[2])[0];
        }

        int matched(String tool) {
            return counts.getOrDefault(tool, new int[2])[1];
        }
    }

    @Test
    void session_a47cfcb669b1_matches_every_read_grep_and_glob_before_its_edits() throws IOException {
        Path replay = RecordedSession.replayRoot();
        Map<String, byte[]> files = new HashMap<>();
        RecordedSession.addTree(replay.resolve("repos/entireio__cli@e4e7a027.tar.gz"), "cli/", "", files);
        String root = "/Users/alex/workspace/cli/.worktrees/2";

        List<RecordedSession.Call> calls =
                RecordedSession.calls(replay.resolve("claude-code/a47cfcb669b1/0/full.jsonl"));
        Tally tally = compare(calls, root, root, files);

        assertThat(tally.compared("Read")).isEqualTo(1);
        assertThat(tally.matched("Read")).isEqualTo(1);
        assertThat(tally.compared("Grep")).isEqualTo(2);
        assertThat(tally.matched("Grep")).isEqualTo(2);
        assertThat(tally.compared("Glob")).isEqualTo(2);
        assertThat(tally.matched("Glob")).isEqualTo(2);
        assertThat(tally.mismatches()).isEmpty();

        // Beyond the canonical form: the recorded Read result is the re-run text plus Claude Code's reminder.
        RecordedSession.Call read = calls.stream().filter(c -> c.tool().equals("Read")).findFirst().orElseThrow();
        String rerun = ClaudeCodeReadTools.run("Read", read.input(), root, files).orElseThrow();
        assertThat(read.result()).isEqualTo(rerun + MALWARE_REMINDER);
    }

    @Test
    void session_1a8a83a35a9b_matches_its_read_and_globs_and_reports_its_greps() throws IOException {
        Path replay = RecordedSession.replayRoot();
        // The session ran in worktree .worktrees/1 (febabe6a) and grepped the main checkout, which `git worktree
        // list` in the transcript shows at 6ca42818: the nearest tree shared holds is its child e4e7a027.
        Map<String, byte[]> files = new HashMap<>();
        RecordedSession.addTree(replay.resolve("repos/entireio__cli@e4e7a027.tar.gz"), "cli/", "", files);
        RecordedSession.addTree(replay.resolve("repos/entireio__cli@febabe6a.tar.gz"), "cli/", ".worktrees/1/",
                files);

        List<RecordedSession.Call> calls =
                RecordedSession.calls(replay.resolve("claude-code/1a8a83a35a9b/0/full.jsonl"));
        Tally tally = compare(calls, "/Users/alex/workspace/cli", "/Users/alex/workspace/cli/.worktrees/1", files);

        assertThat(tally.compared("Read")).isEqualTo(1);
        assertThat(tally.matched("Read")).isEqualTo(1);
        assertThat(tally.compared("Glob")).isEqualTo(2);
        assertThat(tally.matched("Glob")).isEqualTo(2);
        assertThat(tally.compared("Grep")).isEqualTo(7);
        assertThat(tally.matched("Grep")).isEqualTo(7);
    }

    private static Tally compare(List<RecordedSession.Call> calls, String root, String cwd,
            Map<String, byte[]> files) {
        Map<String, int[]> counts = new HashMap<>();
        List<String> mismatches = new ArrayList<>();
        for (RecordedSession.Call call : calls) {
            if (EDITS.contains(call.tool())) {
                break;
            }
            if (!READ_TOOLS.contains(call.tool()) || call.result() == null) {
                continue;
            }
            Outcome outcome = ClaudeCodeReadTools.rerun(call.tool(), call.input(), root, cwd, files);
            int[] count = counts.computeIfAbsent(call.tool(), t -> new int[2]);
            count[0]++;
            String expected = ClaudeCodeReadTools.comparable(call.tool(), call.result());
            String actual = outcome.output().map(o -> ClaudeCodeReadTools.comparable(call.tool(), o)).orElse(null);
            if (expected.equals(actual) && outcome.error() == call.error()) {
                count[1]++;
            } else {
                mismatches.add("line " + call.line() + " " + call.tool() + " " + call.input() + "\n  recorded: "
                        + expected + "\n  re-run:   " + outcome.output().map(o -> actual)
                        .orElse("not re-run: " + outcome.notRerunBecause().orElse("")));
            }
        }
        mismatches.forEach(System.out::println);
        return new Tally(counts, mismatches);
    }
}
