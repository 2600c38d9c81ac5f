package dev.forkline.replay.tools;

import static dev.forkline.replay.tools.Trees.ROOT;
import static dev.forkline.replay.tools.Trees.input;
import static dev.forkline.replay.tools.Trees.run;
import static dev.forkline.replay.tools.Trees.tree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.replay.tools.ClaudeCodeReadTools.Outcome;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GlobToolTest {

    private static final Map<String, byte[]> WEB = tree(
            "package.json", "{}",
            "src/app.ts", "", "src/view.tsx", "", "src/util/strings.ts", "", "src/util/README.md", "",
            "docs/KNOWN_LIMITATIONS.md", "", "README.md", "",
            ".gitignore", "dist/\n", "dist/app.js", "", ".claude/commands/review.md", "");

    @Test
    void double_star_matches_at_any_depth_and_paths_come_back_absolute() {
        assertThat(run("Glob", "{'pattern':'**/*.ts'}", WEB)).isEqualTo("/w/repo/src/app.ts\n/w/repo/src/util/strings.ts");
        assertThat(run("Glob", "{'pattern':'src/**/*.ts'}", WEB))
                .isEqualTo("/w/repo/src/app.ts\n/w/repo/src/util/strings.ts");
    }

    @Test
    void braces_offer_alternatives() {
        assertThat(run("Glob", "{'pattern':'**/*.{ts,tsx}'}", WEB))
                .isEqualTo("/w/repo/src/app.ts\n/w/repo/src/util/strings.ts\n/w/repo/src/view.tsx");
        assertThat(run("Glob", "{'pattern':'**/{package,tsconfig}.json'}", WEB)).isEqualTo("/w/repo/package.json");
    }

    @Test
    void a_pattern_without_a_slash_matches_file_names_at_any_depth_one_with_a_slash_from_the_working_directory() {
        assertThat(run("Glob", "{'pattern':'*.md'}", WEB)).isEqualTo(String.join("\n", "/w/repo/.claude/commands/review.md",
                "/w/repo/README.md", "/w/repo/docs/KNOWN_LIMITATIONS.md", "/w/repo/src/util/README.md"));
        assertThat(run("Glob", "{'pattern':'src/*.ts'}", WEB)).isEqualTo("/w/repo/src/app.ts");
        assertThat(run("Glob", "{'pattern':'docs/plans/.gitignore'}", WEB)).isEqualTo("No files found");
    }

    @Test
    void matching_is_case_sensitive() {
        assertThat(run("Glob", "{'pattern':'**/known_limitations*'}", WEB)).isEqualTo("No files found");
        assertThat(run("Glob", "{'pattern':'**/KNOWN_LIMITATIONS*'}", WEB)).isEqualTo("/w/repo/docs/KNOWN_LIMITATIONS.md");
    }

    @Test
    void ignore_files_do_not_count_and_hidden_files_are_listed() {
        assertThat(run("Glob", "{'pattern':'**/*.js'}", WEB)).isEqualTo("/w/repo/dist/app.js");
        assertThat(run("Glob", "{'pattern':'.gitignore'}", WEB)).isEqualTo("/w/repo/.gitignore");
    }

    @Test
    void path_sets_the_directory_and_an_absolute_pattern_is_split_at_its_static_part() {
        assertThat(run("Glob", "{'pattern':'*.ts','path':'/w/repo/src/util'}", WEB)).isEqualTo("/w/repo/src/util/strings.ts");
        assertThat(run("Glob", "{'pattern':'**/*.md','path':'./.claude'}", WEB))
                .isEqualTo("/w/repo/.claude/commands/review.md");
        assertThat(run("Glob", "{'pattern':'/w/repo/src/*.tsx'}", WEB)).isEqualTo("/w/repo/src/view.tsx");
        assertThat(run("Glob", "{'pattern':'/w/repo/docs/KNOWN_LIMITATIONS.md'}", WEB))
                .isEqualTo("/w/repo/docs/KNOWN_LIMITATIONS.md");
    }

    @Test
    void more_than_100_files_are_cut_with_claude_codes_note() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < 101; i++) {
            files.put(String.format("f%03d.txt", i), new byte[0]);
        }
        String output = run("Glob", "{'pattern':'*.txt'}", files);
        assertThat(output.lines()).hasSize(101);
        assertThat(output).endsWith("/w/repo/f099.txt\n(Results are truncated. Consider using a more specific path or"
                + " pattern.)");
    }

    @Test
    void a_missing_directory_or_a_file_as_path_is_an_error() {
        Outcome missing = ClaudeCodeReadTools.rerun("Glob", input("{'pattern':'*','path':'/w/repo/nope'}"), ROOT,
                ROOT, WEB);
        assertThat(missing.error()).isTrue();
        assertThat(missing.output()).contains("<tool_use_error>Directory does not exist: /w/repo/nope. Note: your"
                + " current working directory is /w/repo.</tool_use_error>");
        assertThat(run("Glob", "{'pattern':'*','path':'/w/repo/README.md'}", WEB))
                .isEqualTo("<tool_use_error>Path is not a directory: /w/repo/README.md</tool_use_error>");
        assertThat(ClaudeCodeReadTools.rerun("Glob", input("{'pattern':'*','path':'~/.claude/commands'}"), ROOT, ROOT,
                WEB).notRerunBecause()).isPresent();
    }
}
