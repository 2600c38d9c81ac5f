package dev.forkline.views.compare;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class SequenceAlignmentTest {

    /** The alignment written as a diff: " a" kept, "-a" left only, "+a" right only. */
    private static String diff(String left, String right) {
        List<String> l = List.of(left.split(""));
        List<String> r = List.of(right.split(""));
        return SequenceAlignment.align(l, r).stream().map(p -> p.matched() ? " " + l.get(p.left())
                : p.left() >= 0 ? "-" + l.get(p.left()) : "+" + r.get(p.right())).collect(Collectors.joining());
    }

    @Test
    void anInsertedStepKeepsTheRestInStep() {
        assertThat(diff("ABCD", "ABXCD")).isEqualTo(" A B+X C D");
        assertThat(diff("ABXCD", "ABCD")).isEqualTo(" A B-X C D");
    }

    @Test
    void findsTheLongestCommonRunAsADiffDoes() {
        // Myers' paper's example: 5 edits, 4 items kept
        String diff = diff("ABCABBA", "CBABAC");
        assertThat(diff.chars().filter(c -> c == '-' || c == '+').count()).isEqualTo(5);
        assertThat(diff.replaceAll("[-+].", "").replace(" ", "")).hasSize(4);
    }

    @Test
    void everyItemAppearsOnceInOrder() {
        java.util.Random random = new java.util.Random(7);
        for (int round = 0; round < 200; round++) {
            List<Integer> left = new ArrayList<>();
            List<Integer> right = new ArrayList<>();
            for (int i = random.nextInt(30); i > 0; i--) {
                left.add(random.nextInt(4));
            }
            for (int i = random.nextInt(30); i > 0; i--) {
                right.add(random.nextInt(4));
            }
            List<SequenceAlignment.Pair> pairs = SequenceAlignment.align(left, right);
            assertThat(pairs.stream().filter(p -> p.left() >= 0).map(SequenceAlignment.Pair::left).toList())
                    .isEqualTo(java.util.stream.IntStream.range(0, left.size()).boxed().toList());
            assertThat(pairs.stream().filter(p -> p.right() >= 0).map(SequenceAlignment.Pair::right).toList())
                    .isEqualTo(java.util.stream.IntStream.range(0, right.size()).boxed().toList());
            pairs.stream().filter(SequenceAlignment.Pair::matched).forEach(p -> assertThat(left.get(p.left())).isEqualTo(right.get(p.right())));
            assertThat(pairs.stream().filter(SequenceAlignment.Pair::matched).count()).isEqualTo(lcs(left, right));
        }
    }

    @Test
    void emptyAndIdenticalSequences() {
        assertThat(diff("AB", "B")).isEqualTo("-A B");
        assertThat(SequenceAlignment.align(List.of(), List.of("a", "b"))).hasSize(2).noneMatch(SequenceAlignment.Pair::matched);
        assertThat(SequenceAlignment.align(List.of("a", "b"), List.of("a", "b"))).allMatch(SequenceAlignment.Pair::matched);
    }

    @Test
    void unrelatedHugeRunsArePairedByPositionPastTheEditLimit() {
        List<Integer> left = java.util.stream.IntStream.range(0, 5000).boxed().toList();
        List<Integer> right = java.util.stream.IntStream.range(10_000, 15_000).boxed().toList();
        List<SequenceAlignment.Pair> pairs = SequenceAlignment.align(left, right);
        assertThat(pairs).hasSize(5000).allMatch(p -> p.left() == p.right());
    }

    private static int lcs(List<Integer> a, List<Integer> b) {
        int[][] table = new int[a.size() + 1][b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                table[i][j] = a.get(i - 1).equals(b.get(j - 1)) ? table[i - 1][j - 1] + 1 : Math.max(table[i - 1][j], table[i][j - 1]);
            }
        }
        return table[a.size()][b.size()];
    }
}
