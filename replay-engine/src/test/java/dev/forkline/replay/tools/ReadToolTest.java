package dev.forkline.replay.tools;

import static dev.forkline.replay.tools.Trees.ROOT;
import static dev.forkline.replay.tools.Trees.input;
import static dev.forkline.replay.tools.Trees.run;
import static dev.forkline.replay.tools.Trees.tree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.replay.tools.ClaudeCodeReadTools.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadToolTest {

    @Test
    void numbers_each_line_right_aligned_in_six_columns_with_an_arrow_and_counts_the_empty_line_after_a_final_newline() {
        assertThat(run("Read", "{'file_path':'/w/repo/a.txt'}", tree("a.txt", "alpha\n\tbeta\n")))
                .isEqualTo("     1\u2192alpha\n     2\u2192\tbeta\n     3\u2192");
        assertThat(run("Read", "{'file_path':'/w/repo/a.txt'}", tree("a.txt", "alpha\nbeta")))
                .isEqualTo("     1\u2192alpha\n     2\u2192beta");
    }

    @Test
    void reads_crlf_as_lf_and_drops_a_utf8_bom() {
        assertThat(run("Read", "{'file_path':'/w/repo/a.txt'}", tree("a.txt", "\uFEFFone\r\ntwo\r\n")))
                .isEqualTo("     1\u2192one\n     2\u2192two\n     3\u2192");
    }

    @Test
    void offset_and_limit_select_lines_numbered_from_the_offset() {
        Map<String, byte[]> files = tree("n.txt", "l1\nl2\nl3\nl4\nl5\n");
        assertThat(run("Read", "{'file_path':'/w/repo/n.txt','offset':3,'limit':2}", files))
                .isEqualTo("     3\u2192l3\n     4\u2192l4");
        assertThat(run("Read", "{'file_path':'/w/repo/n.txt','offset':'4'}", files))
                .isEqualTo("     4\u2192l4\n     5\u2192l5\n     6\u2192");
        assertThat(run("Read", "{'file_path':'/w/repo/n.txt','limit':1}", files)).isEqualTo("     1\u2192l1");
        // offset 0 reads from the start but numbers from 0, as Claude Code's startLine is the offset given
        assertThat(run("Read", "{'file_path':'/w/repo/n.txt','offset':0,'limit':2}", files))
                .isEqualTo("     0\u2192l1\n     1\u2192l2");
    }

    @Test
    void numbers_of_six_digits_or_more_are_not_padded() {
        Map<String, byte[]> files = tree("big.txt", "x\n".repeat(100_001));
        assertThat(run("Read", "{'file_path':'/w/repo/big.txt','offset':99999,'limit':2}", files))
                .isEqualTo(" 99999\u2192x\n100000\u2192x");
    }

    @Test
    void an_offset_past_the_end_and_an_empty_file_give_the_shorter_than_offset_reminder() {
        Map<String, byte[]> files = tree("n.txt", "a\nb\n", "empty.txt", "");
        assertThat(run("Read", "{'file_path':'/w/repo/n.txt','offset':9}", files)).isEqualTo(
                "<system-reminder>Warning: the file exists but is shorter than the provided offset (9). The file has"
                        + " 3 lines.</system-reminder>");
        assertThat(run("Read", "{'file_path':'/w/repo/empty.txt'}", files)).isEqualTo(
                "<system-reminder>Warning: the file exists but is shorter than the provided offset (1). The file has"
                        + " 1 lines.</system-reminder>");
    }

    @Test
    void long_lines_and_long_files_are_read_whole_without_a_limit() {
        String longLine = "y".repeat(5000);
        String manyLines = "z\n".repeat(2500);
        Map<String, byte[]> files = tree("long.txt", longLine, "many.txt", manyLines);
        assertThat(run("Read", "{'file_path':'/w/repo/long.txt'}", files)).isEqualTo("     1\u2192" + longLine);
        assertThat(run("Read", "{'file_path':'/w/repo/many.txt'}", files)).endsWith("  2500\u2192z\n  2501\u2192");
    }

    @Test
    void a_file_over_256_kb_is_read_only_with_a_limit() {
        Map<String, byte[]> files = tree("huge.txt", "0123456789\n".repeat(30_000));
        Outcome whole = ClaudeCodeReadTools.rerun("Read", input("{'file_path':'/w/repo/huge.txt'}"), ROOT, ROOT,
                files);
        assertThat(whole.output()).isEmpty();
        assertThat(whole.notRerunBecause()).get().asString().contains("over 256 KB");
        assertThat(run("Read", "{'file_path':'/w/repo/huge.txt','limit':1}", files)).isEqualTo("     1\u21920123456789");
    }

    @Test
    void a_missing_file_is_an_error_naming_the_working_directory_and_guessing_a_near_name() {
        Map<String, byte[]> files = tree("src/app.ts", "x", "docs/guide.md", "y");
        Outcome missing = ClaudeCodeReadTools.rerun("Read", input("{'file_path':'/w/repo/src/nope.ts'}"), ROOT, ROOT,
                files);
        assertThat(missing.error()).isTrue();
        assertThat(missing.output()).contains("<tool_use_error>File does not exist. Note: your current working"
                + " directory is /w/repo.</tool_use_error>");
        assertThat(run("Read", "{'file_path':'/w/repo/src/app.js'}", files)).isEqualTo("<tool_use_error>File does"
                + " not exist. Note: your current working directory is /w/repo. Did you mean app.ts?</tool_use_error>");
        Outcome besideCwd = ClaudeCodeReadTools.rerun("Read", input("{'file_path':'/w/repo/guide.md'}"), ROOT,
                "/w/repo/docs", files);
        assertThat(besideCwd.output()).contains("<tool_use_error>File does not exist. Note: your current working"
                + " directory is /w/repo/docs. Did you mean /w/repo/docs/guide.md?</tool_use_error>");
    }

    @Test
    void relative_paths_resolve_against_the_working_directory() {
        Map<String, byte[]> files = tree("docs/a.md", "hello");
        Outcome outcome = ClaudeCodeReadTools.rerun("Read", input("{'file_path':'a.md'}"), ROOT, "/w/repo/docs",
                files);
        assertThat(outcome.output()).contains("     1\u2192hello");
        assertThat(run("Read", "{'file_path':'/w/repo/x/../docs/./a.md'}", files)).isEqualTo("     1\u2192hello");
    }

    @Test
    void binary_extensions_are_refused_in_claude_codes_words_and_media_is_not_rerun() {
        Map<String, byte[]> files = tree("lib.so", "\u0000", "logo.png", "png", "doc.pdf", "pdf");
        Outcome binary = ClaudeCodeReadTools.rerun("Read", input("{'file_path':'/w/repo/lib.so'}"), ROOT, ROOT,
                files);
        assertThat(binary.error()).isTrue();
        assertThat(binary.output()).contains("<tool_use_error>This tool cannot read binary files. The file appears"
                + " to be a binary .so file. Please use appropriate tools for binary file analysis.</tool_use_error>");
        for (String media : new String[] {"logo.png", "doc.pdf"}) {
            Outcome outcome = ClaudeCodeReadTools.rerun("Read", input("{'file_path':'/w/repo/" + media + "'}"), ROOT,
                    ROOT, files);
            assertThat(outcome.notRerunBecause()).isPresent();
        }
    }

    @Test
    void paths_outside_the_workspace_directories_and_unknown_arguments_are_not_rerun() {
        Map<String, byte[]> files = tree("d/a.txt", "a");
        assertThat(ClaudeCodeReadTools.rerun("Read", input("{'file_path':'/etc/passwd'}"), ROOT, ROOT, files)
                .notRerunBecause()).get().asString().contains("outside the workspace");
        assertThat(ClaudeCodeReadTools.rerun("Read", input("{'file_path':'/w/repo/d'}"), ROOT, ROOT, files)
                .notRerunBecause()).get().asString().contains("directory");
        assertThat(ClaudeCodeReadTools.unsupported("Read", input("{'file_path':'/w/repo/d/a.txt','encoding':'x'}")))
                .get().asString().contains("encoding");
        assertThat(ClaudeCodeReadTools.unsupported("Read", input("{'file_path':'/w/repo/d/a.txt','offset':2}")))
                .isEmpty();
        assertThat(ClaudeCodeReadTools.unsupported("LS", input("{'path':'/w/repo'}"))).get().asString()
                .startsWith("LS");
        assertThat(ClaudeCodeReadTools.run("Bash", input("{'command':'ls'}"), ROOT, files)).isEmpty();
    }

    @Test
    void multibyte_text_is_decoded_as_utf8() {
        Map<String, byte[]> files = Map.of("u.txt", "caf\u00e9 \u2603\n".getBytes(StandardCharsets.UTF_8));
        assertThat(run("Read", "{'file_path':'/w/repo/u.txt'}", files)).isEqualTo("     1\u2192caf\u00e9 \u2603\n"
                + "     2\u2192");
    }
}
