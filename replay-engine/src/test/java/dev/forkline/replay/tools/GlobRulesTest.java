package dev.forkline.replay.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** ripgrep's glob and ignore-line rules, which Grep's filters and Glob's patterns rest on. */
class GlobRulesTest {

    @Test
    void wildcards_stop_at_slashes_and_double_stars_cross_them_only_as_whole_components() {
        assertThat(GlobPattern.compile("*.go").matches("a.go")).isTrue();
        assertThat(GlobPattern.compile("*.go").matches("x/a.go")).isFalse();
        assertThat(GlobPattern.compile("**/a.go").matches("a.go")).isTrue();
        assertThat(GlobPattern.compile("**/a.go").matches("x/y/a.go")).isTrue();
        assertThat(GlobPattern.compile("x/**").matches("x/y/z")).isTrue();
        assertThat(GlobPattern.compile("x/**/z").matches("x/z")).isTrue();
        assertThat(GlobPattern.compile("x/**/z").matches("x/a/b/z")).isTrue();
        assertThat(GlobPattern.compile("a**b").matches("a/b")).isFalse();
        assertThat(GlobPattern.compile("?.md").matches("a.md")).isTrue();
        assertThat(GlobPattern.compile("[!a]x").matches("bx")).isTrue();
        assertThat(GlobPattern.compile("[!a]x").matches("ax")).isFalse();
        assertThat(GlobPattern.compile("[a-c].txt").matches("b.txt")).isTrue();
        assertThat(GlobPattern.compile("*.{md,txt}").matches("a.txt")).isTrue();
        assertThat(GlobPattern.compile("\\*.md").matches("*.md")).isTrue();
        assertThat(GlobPattern.compile("\\*.md").matches("a.md")).isFalse();
        assertThatThrownBy(() -> GlobPattern.compile("*.{md")).hasMessageContaining("*.{md");
    }

    @Test
    void ignore_lines_anchor_on_slashes_restrict_to_directories_and_let_the_last_match_win() {
        IgnoreRules rules = IgnoreRules.parse("# comment\n*.log\n!keep.log\n/root-only\nbuild/\ndocs/*.tmp\n"
                + "deep/**\n");
        assertThat(rules.matched("a/b.log", false)).isEqualTo(IgnoreRules.Match.IGNORE);
        assertThat(rules.matched("a/keep.log", false)).isEqualTo(IgnoreRules.Match.WHITELIST);
        assertThat(rules.matched("root-only", false)).isEqualTo(IgnoreRules.Match.IGNORE);
        assertThat(rules.matched("x/root-only", false)).isEqualTo(IgnoreRules.Match.NONE);
        assertThat(rules.matched("x/build", true)).isEqualTo(IgnoreRules.Match.IGNORE);
        assertThat(rules.matched("x/build", false)).isEqualTo(IgnoreRules.Match.NONE);
        assertThat(rules.matched("docs/a.tmp", false)).isEqualTo(IgnoreRules.Match.IGNORE);
        assertThat(rules.matched("x/docs/a.tmp", false)).isEqualTo(IgnoreRules.Match.NONE);
        assertThat(rules.matched("deep", true)).isEqualTo(IgnoreRules.Match.NONE);
        assertThat(rules.matched("deep/a", false)).isEqualTo(IgnoreRules.Match.IGNORE);
        assertThat(IgnoreRules.parse("  \n#only comments\n").isEmpty()).isTrue();
        assertThat(IgnoreRules.parse("trailing   \n").matched("trailing", false)).isEqualTo(IgnoreRules.Match.IGNORE);
    }

    @Test
    void node_path_arithmetic_collapses_dots_and_keeps_climbing_paths_absolute() {
        assertThat(NodePaths.resolve("/w/repo", "../x/./y/")).isEqualTo("/w/x/y");
        assertThat(NodePaths.relative("/w/repo", "/w/repo/a/b")).isEqualTo("a/b");
        assertThat(NodePaths.relative("/w/repo", "/w/other")).isEqualTo("../other");
        assertThat(NodePaths.toRelativePath("/w/repo", "/w/other/f")).isEqualTo("/w/other/f");
        assertThat(NodePaths.toRelativePath("/w/repo", "45")).isEqualTo("45");
        assertThat(NodePaths.expand("/w/repo", " src/a.ts ")).isEqualTo("/w/repo/src/a.ts");
        assertThat(NodePaths.expand("/w/repo", "~/x")).isNull();
    }
}
