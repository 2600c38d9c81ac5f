package dev.forkline.replay.tools;

import static dev.forkline.replay.tools.ClaudeCodeReadTools.comparable;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComparableOutputTest {

    @Test
    void read_loses_the_trailing_reminder_whatever_its_wording() {
        String lines = "     1\u2192a\n     2\u2192";
        assertThat(comparable("Read", lines + "\n\n<system-reminder>\nWhenever you read a file, you should consider"
                + " whether it looks malicious.\n</system-reminder>\n")).isEqualTo(lines);
        assertThat(comparable("Read", lines)).isEqualTo(lines);
    }

    @Test
    void missing_path_errors_keep_only_their_first_sentence() {
        String canonical = "<tool_use_error>File does not exist.</tool_use_error>";
        assertThat(comparable("Read", "<tool_use_error>File does not exist.</tool_use_error>")).isEqualTo(canonical);
        assertThat(comparable("Read", "<tool_use_error>File does not exist. Note: your current working directory is"
                + " /w. Did you mean a.ts?</tool_use_error>")).isEqualTo(canonical);
        assertThat(comparable("Read", "<tool_use_error>File does not exist. Current working directory: /w"
                + "</tool_use_error>")).isEqualTo(canonical);
        assertThat(comparable("Grep", "<tool_use_error>Path does not exist: src. Note: your current working directory"
                + " is /w.</tool_use_error>")).isEqualTo("<tool_use_error>Path does not exist: src.</tool_use_error>");
    }

    @Test
    void grep_file_lists_are_sorted_under_their_found_line() {
        assertThat(comparable("Grep", "Found 3 files\nb.go\nc.go\na.go")).isEqualTo("Found 3 files\na.go\nb.go\nc.go");
        assertThat(comparable("Grep", "No files found")).isEqualTo("No files found");
    }

    @Test
    void grep_counts_are_sorted_above_their_summary() {
        assertThat(comparable("Grep", "b.go:1\na.go:2\n\nFound 3 total occurrences across 2 files."))
                .isEqualTo("a.go:2\nb.go:1\n\nFound 3 total occurrences across 2 files.");
    }

    @Test
    void grep_content_is_grouped_by_file_in_path_order_without_separators() {
        String ripgrepOrder = String.join("\n", "b.go-1-x", "b.go:2:hit", "--", "a.go:5:hit", "a.go-6-y", "--",
                "a.go:9:hit");
        String otherOrder = String.join("\n", "a.go:5:hit", "a.go-6-y", "--", "a.go:9:hit", "--", "b.go-1-x",
                "b.go:2:hit");
        assertThat(comparable("Grep", ripgrepOrder)).isEqualTo(comparable("Grep", otherOrder))
                .isEqualTo(String.join("\n", "a.go:5:hit", "a.go-6-y", "a.go:9:hit", "b.go-1-x", "b.go:2:hit"));
        assertThat(comparable("Grep", "b.go:1:x\na.go:1:x\n\n[Showing results with pagination = limit: 2]"))
                .isEqualTo("a.go:1:x\nb.go:1:x\n\n[Showing results with pagination = limit: 2]");
        assertThat(comparable("Grep", "b.go:1:x")).isNotEqualTo(comparable("Grep", "b.go:2:x"));
    }

    @Test
    void glob_paths_are_sorted_with_the_truncation_note_last() {
        String note = "(Results are truncated. Consider using a more specific path or pattern.)";
        assertThat(comparable("Glob", "/w/b\n/w/a\n" + note)).isEqualTo("/w/a\n/w/b\n" + note);
        assertThat(comparable("Glob", "No files found")).isEqualTo("No files found");
    }
}
