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

class GrepToolTest {

    private static final Map<String, byte[]> CODE = tree(
            "cmd/a.go", "package cmd\n\nfunc Alpha() {}\n",
            "cmd/b.go", "package cmd\n// alpha helper\nfunc beta() {}\n",
            "README.md", "Alpha and omega\n");

    @Test
    void files_with_matches_is_the_default_with_a_found_line_and_paths_relative_to_the_working_directory() {
        assertThat(run("Grep", "{'pattern':'Alpha'}", CODE)).isEqualTo("Found 2 files\nREADME.md\ncmd/a.go");
        assertThat(run("Grep", "{'pattern':'beta'}", CODE)).isEqualTo("Found 1 file\ncmd/b.go");
        assertThat(run("Grep", "{'pattern':'gamma'}", CODE)).isEqualTo("No files found");
    }

    @Test
    void paths_outside_the_working_directory_stay_absolute() {
        Outcome outcome = ClaudeCodeReadTools.rerun("Grep", input("{'pattern':'beta','path':'/w/repo/cmd'}"), ROOT,
                "/w/repo/docs", CODE);
        assertThat(outcome.output()).contains("Found 1 file\n/w/repo/cmd/b.go");
    }

    @Test
    void case_insensitive_search() {
        assertThat(run("Grep", "{'pattern':'alpha','-i':true}", CODE))
                .isEqualTo("Found 3 files\nREADME.md\ncmd/a.go\ncmd/b.go");
    }

    @Test
    void content_mode_prints_path_line_number_and_line_and_can_drop_the_numbers() {
        assertThat(run("Grep", "{'pattern':'func','output_mode':'content'}", CODE))
                .isEqualTo("cmd/a.go:3:func Alpha() {}\ncmd/b.go:3:func beta() {}");
        assertThat(run("Grep", "{'pattern':'func','output_mode':'content','-n':false}", CODE))
                .isEqualTo("cmd/a.go:func Alpha() {}\ncmd/b.go:func beta() {}");
        assertThat(run("Grep", "{'pattern':'gamma','output_mode':'content'}", CODE)).isEqualTo("No matches found");
    }

    @Test
    void context_lines_use_a_dash_and_groups_that_do_not_touch_are_separated_across_files_too() {
        Map<String, byte[]> files = tree(
                "a.txt", "1\n2\nhit\n4\n5\n6\n7\nhit\n9\n",
                "b.txt", "hit\nx: y\n");
        // Claude Code makes a line's path relative up to its first ':', so a context line keeps ripgrep's absolute
        // path unless its text has a colon
        assertThat(run("Grep", "{'pattern':'hit','output_mode':'content','-C':1}", files)).isEqualTo(String.join("\n",
                "/w/repo/a.txt-2-2", "a.txt:3:hit", "/w/repo/a.txt-4-4", "--", "/w/repo/a.txt-7-7", "a.txt:8:hit",
                "/w/repo/a.txt-9-9", "--", "b.txt:1:hit", "b.txt-2-x: y"));
        assertThat(run("Grep", "{'pattern':'hit','output_mode':'content','-A':4,'path':'/w/repo/a.txt'}", files))
                .isEqualTo(String.join("\n", "3:hit", "4-4", "5-5", "6-6", "7-7", "8:hit", "9-9"));
        assertThat(run("Grep", "{'pattern':'hit','output_mode':'content','-B':1,'context':0}", files))
                .isEqualTo("a.txt:3:hit\na.txt:8:hit\nb.txt:1:hit");
        // context flags only apply to content mode
        assertThat(run("Grep", "{'pattern':'hit','-C':2}", files)).isEqualTo("Found 2 files\na.txt\nb.txt");
    }

    @Test
    void a_single_file_path_is_searched_without_its_name_and_the_first_line_loses_its_leading_blanks() {
        Map<String, byte[]> files = tree(".gitignore", "bin/\n.worktrees/\n", "f.go", "\tfirst\n\tsecond\n");
        assertThat(run("Grep", "{'pattern':'\\\\.worktrees','path':'/w/repo/.gitignore','output_mode':'content'}",
                files)).isEqualTo("2:.worktrees/");
        assertThat(run("Grep", "{'pattern':'first|second','path':'/w/repo/f.go','output_mode':'content','-n':false}",
                files)).isEqualTo("first\n\tsecond");
    }

    @Test
    void count_mode_lists_matching_lines_per_file_and_sums_them() {
        Map<String, byte[]> files = tree("a.txt", "hit hit\nhit\n", "b.txt", "hit\n", "c.txt", "none\n");
        assertThat(run("Grep", "{'pattern':'hit','output_mode':'count'}", files))
                .isEqualTo("a.txt:2\nb.txt:1\n\nFound 3 total occurrences across 2 files.");
        assertThat(run("Grep", "{'pattern':'hit','output_mode':'count','path':'/w/repo/b.txt'}", files))
                .isEqualTo("1\n\nFound 0 total occurrences across 0 files.");
        assertThat(run("Grep", "{'pattern':'none','output_mode':'count'}", files))
                .isEqualTo("c.txt:1\n\nFound 1 total occurrence across 1 file.");
        assertThat(run("Grep", "{'pattern':'zzz','output_mode':'count'}", files))
                .isEqualTo("No matches found\n\nFound 0 total occurrences across 0 files.");
    }

    @Test
    void head_limit_and_offset_page_the_results_with_a_note_when_something_was_cut() {
        Map<String, byte[]> files = tree("a.txt", "x\n", "b.txt", "x\n", "c.txt", "x\n");
        assertThat(run("Grep", "{'pattern':'x','head_limit':2}", files)).isEqualTo("Found 2 files limit: 2\na.txt\nb.txt");
        assertThat(run("Grep", "{'pattern':'x','head_limit':2,'offset':1}", files))
                .isEqualTo("Found 2 files offset: 1\nb.txt\nc.txt");
        assertThat(run("Grep", "{'pattern':'x','output_mode':'content','head_limit':1}", files))
                .isEqualTo("a.txt:1:x\n\n[Showing results with pagination = limit: 1]");
        assertThat(run("Grep", "{'pattern':'x','output_mode':'count','head_limit':1,'offset':1}", files))
                .isEqualTo("b.txt:1\n\nFound 1 total occurrence across 1 file. with pagination = limit: 1, offset: 1");
    }

    @Test
    void without_head_limit_at_most_250_entries_are_shown_and_zero_means_all() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < 260; i++) {
            files.put(String.format("f%03d.txt", i), "x\n".getBytes());
        }
        assertThat(run("Grep", "{'pattern':'x'}", files)).startsWith("Found 250 files limit: 250\nf000.txt\n")
                .endsWith("\nf249.txt");
        assertThat(run("Grep", "{'pattern':'x','head_limit':0}", files)).startsWith("Found 260 files\n");
    }

    @Test
    void glob_and_type_filter_files_by_name() {
        Map<String, byte[]> files = tree("a.ts", "x", "b.tsx", "x", "c.js", "x", "d.md", "x", "e.txt", "x",
                "sub/f.go", "x");
        assertThat(run("Grep", "{'pattern':'x','glob':'*.{ts,tsx}'}", files)).isEqualTo("Found 2 files\na.ts\nb.tsx");
        assertThat(run("Grep", "{'pattern':'x','glob':'*.md,*.txt'}", files)).isEqualTo("Found 2 files\nd.md\ne.txt");
        assertThat(run("Grep", "{'pattern':'x','glob':'*.md *.go'}", files)).isEqualTo("Found 2 files\nd.md\nsub/f.go");
        assertThat(run("Grep", "{'pattern':'x','glob':'!*.ts'}", files)).startsWith("Found 5 files\n")
                .doesNotContain("a.ts");
        assertThat(run("Grep", "{'pattern':'x','type':'go'}", files)).isEqualTo("Found 1 file\nsub/f.go");
        assertThat(run("Grep", "{'pattern':'x','type':'ts'}", files)).isEqualTo("Found 2 files\na.ts\nb.tsx");
        assertThat(ClaudeCodeReadTools.rerun("Grep", input("{'pattern':'x','type':'cobol'}"), ROOT, ROOT, files)
                .notRerunBecause()).isPresent();
    }

    @Test
    void gitignore_rules_apply_and_vcs_directories_are_skipped_but_hidden_files_are_searched() {
        Map<String, byte[]> files = tree(
                ".gitignore", "*.log\n/build/\nnotes/\n!keep.log\n",
                "app.log", "x", "keep.log", "x", "build/out.txt", "x", "src/build/in.txt", "x",
                "notes/n.txt", "x", "src/.gitignore", "secret.txt\n", "src/secret.txt", "x", "secret.txt", "x",
                ".git/config", "x", ".env", "x", "src/ok.txt", "x");
        assertThat(run("Grep", "{'pattern':'x'}", files)).isEqualTo(
                "Found 6 files\n.env\nkeep.log\nsecret.txt\nsrc/.gitignore\nsrc/build/in.txt\nsrc/ok.txt");
        // an include glob overrides the ignore files, as in ripgrep
        assertThat(run("Grep", "{'pattern':'x','glob':'*.log'}", files)).isEqualTo("Found 2 files\napp.log\nkeep.log");
        // a subdirectory search still obeys the ignore files above it
        assertThat(run("Grep", "{'pattern':'x','path':'/w/repo/src'}", files))
                .isEqualTo("Found 3 files\nsrc/.gitignore\nsrc/build/in.txt\nsrc/ok.txt");
    }

    @Test
    void multiline_lets_a_pattern_cross_lines_and_a_newline_without_it_finds_nothing() {
        Map<String, byte[]> files = tree("m.txt", "start\nmiddle\nend\n", "n.txt", "start end\n");
        assertThat(run("Grep", "{'pattern':'start.*end','multiline':true,'output_mode':'content'}", files))
                .isEqualTo("m.txt:1:start\nm.txt:2:middle\nm.txt:3:end\nn.txt:1:start end");
        assertThat(run("Grep", "{'pattern':'start\\\\nmiddle'}", files)).isEqualTo("No files found");
        assertThat(run("Grep", "{'pattern':'start\\\\nmiddle','multiline':true}", files)).isEqualTo("Found 1 file\nm.txt");
    }

    @Test
    void patterns_ripgrep_refuses_find_nothing() {
        Map<String, byte[]> files = tree("a.txt", "foobar\n");
        assertThat(run("Grep", "{'pattern':'foo(?=bar)'}", files)).isEqualTo("No files found");
        assertThat(run("Grep", "{'pattern':'(o)\\\\1'}", files)).isEqualTo("No files found");
        assertThat(run("Grep", "{'pattern':'(?P<x>foo)bar'}", files)).isEqualTo("Found 1 file\na.txt");
    }

    @Test
    void lines_over_500_bytes_are_omitted_in_content_mode() {
        String longMatch = "hit " + "m".repeat(496);
        String longContext = "c".repeat(500);
        Map<String, byte[]> files = tree("l.txt", "hit\n" + longContext + "\n" + longMatch + "\n" + "c".repeat(499)
                + "\n");
        assertThat(run("Grep", "{'pattern':'hit','output_mode':'content','-A':1}", files)).isEqualTo(String.join("\n",
                "l.txt:1:hit", "/w/repo/l.txt-2-[Omitted long context line]", "l.txt:3:[Omitted long matching line]",
                "/w/repo/l.txt-4-" + "c".repeat(499)));
    }

    @Test
    void binary_files_are_skipped_and_a_missing_path_is_an_error() {
        Map<String, byte[]> files = tree("bin.dat", "x\u0000x", "t.txt", "x");
        assertThat(run("Grep", "{'pattern':'x'}", files)).isEqualTo("Found 1 file\nt.txt");
        Outcome missing = ClaudeCodeReadTools.rerun("Grep", input("{'pattern':'x','path':'/w/repo/nope'}"), ROOT,
                ROOT, files);
        assertThat(missing.error()).isTrue();
        assertThat(missing.output()).contains("<tool_use_error>Path does not exist: /w/repo/nope. Note: your current"
                + " working directory is /w/repo.</tool_use_error>");
    }

    @Test
    void arguments_may_arrive_as_text_and_unknown_ones_are_not_rerun() {
        assertThat(run("Grep", "{'pattern':'func','output_mode':'content','-n':'false','head_limit':'1'}", CODE))
                .isEqualTo("cmd/a.go:func Alpha() {}\n\n[Showing results with pagination = limit: 1]");
        assertThat(ClaudeCodeReadTools.unsupported("Grep", input("{'pattern':'x','-w':true}"))).get().asString()
                .contains("-w");
        assertThat(ClaudeCodeReadTools.unsupported("Grep", input("{'pattern':'x','-i':true,'glob':'*.go'}")))
                .isEmpty();
    }
}
