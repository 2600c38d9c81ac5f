package dev.forkline.replay.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PatchHunksTest {

    private static final String FILE = "a\nb\nc\nd\ne\nf\ng\n";

    @Test
    void codexChunksApplyInOrderWithAnchorsAndEndOfFile() {
        String patch = """
                @@ b
                 c
                -d
                +D
                @@
                 f
                -g
                +G
                +h
                *** End of File
                """;
        assertThat(PatchHunks.apply("x", FILE, patch).text()).isEqualTo("a\nb\nc\nD\ne\nf\nG\nh\n");
    }

    @Test
    void theFirstCodexChunkMayOmitItsMarkerAndWhiteSpaceDifferencesAreTolerated() {
        String patch = "*** Begin Patch\n*** Update File: x\n a  \n-b\n+B\n*** End Patch\n";
        assertThat(PatchHunks.apply("x", FILE, patch).text()).isEqualTo("a\nB\nc\nd\ne\nf\ng\n");
        // a pure addition goes at the end, and the result ends with a newline as Codex writes it
        assertThat(PatchHunks.apply("x", "a\nb", "@@\n+c\n").text()).isEqualTo("a\nb\nc\n");
    }

    @Test
    void unifiedDiffsUseTheirLineNumbersAndHeaders() {
        String patch = """
                diff --git a/x b/x
                index 1111111..2222222 100644
                --- a/x
                +++ b/x
                @@ -2,2 +2,2 @@ heading text
                 b
                -c
                +C
                @@ -6,0 +7,1 @@
                +f2
                """;
        assertThat(PatchHunks.apply("x", FILE, patch).text()).isEqualTo("a\nb\nC\nd\ne\nf\nf2\ng\n");
    }

    @Test
    void aRemovedLineStartingWithTwoDashesIsNotTakenForAHeader() {
        String sql = "select 1;\n-- old comment\nselect 2;\n";
        String patch = "@@ -1,3 +1,3 @@\n select 1;\n--- old comment\n+-- new comment\n select 2;\n";
        assertThat(PatchHunks.apply("q.sql", sql, patch).text()).isEqualTo("select 1;\n-- new comment\nselect 2;\n");
    }

    @Test
    void noNewlineAtEndOfFileIsHonoured() {
        String patch = "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n";
        assertThat(PatchHunks.apply("x", "a\nb", patch).text()).isEqualTo("a\nB");
        String addsNewline = "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n";
        assertThat(PatchHunks.apply("x", "a\nb", addsNewline).text()).isEqualTo("a\nB\n");
    }

    @Test
    void aHunkThatDoesNotFitSaysWhich() {
        PatchHunks.Result result = PatchHunks.apply("x", FILE, "@@\n c\n-z\n+Z\n");
        assertThat(result.text()).isNull();
        assertThat(result.failure()).isEqualTo("x: patch hunk 1 of 1 does not match: its lines from \"c\" are not in the file");
        assertThat(PatchHunks.apply("x", null, "@@\n-a\n").failure()).contains("does not exist");
        assertThat(PatchHunks.apply("x", FILE, "").failure()).isEqualTo("x: the patch holds no hunks");
        assertThat(PatchHunks.apply("x", FILE, "just words\n").failure())
                .isEqualTo("x: the patch has a line that is neither context, removal nor addition: \"just words\"");
    }
}
