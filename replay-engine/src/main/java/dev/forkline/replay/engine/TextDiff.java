package dev.forkline.replay.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified-diff-like excerpt of two texts, line by line (longest common subsequence), with two lines of context and at
 * most {@link #MAX_EXCERPT_LINES} lines. Texts longer than {@link #MAX_LINES} lines are compared from their first
 * differing line only, so the cost stays bounded.
 */
public final class TextDiff {

    static final int MAX_LINES = 2000;
    static final int MAX_EXCERPT_LINES = 40;
    private static final int CONTEXT = 2;

    private TextDiff() {
    }

    private record Op(char kind, String line, int expectedLine, int actualLine) {
    }

    /** The excerpt, headed {@code --- recorded} / {@code +++ replay}; empty when the texts are equal. */
    public static String excerpt(String expected, String actual) {
        if (expected.equals(actual)) {
            return "";
        }
        List<String> a = lines(expected);
        List<String> b = lines(actual);
        int skip = 0;
        if (a.size() > MAX_LINES || b.size() > MAX_LINES) {
            while (skip < a.size() && skip < b.size() && a.get(skip).equals(b.get(skip))) {
                skip++;
            }
            skip = Math.max(0, skip - CONTEXT);
            a = a.subList(skip, Math.min(a.size(), skip + MAX_LINES));
            b = b.subList(skip, Math.min(b.size(), skip + MAX_LINES));
        }
        List<Op> ops = align(a, b, skip);
        StringBuilder out = new StringBuilder("--- recorded\n+++ replay\n");
        int written = 0;
        int i = 0;
        while (i < ops.size() && written < MAX_EXCERPT_LINES) {
            if (ops.get(i).kind() == ' ') {
                i++;
                continue;
            }
            int start = Math.max(0, i - CONTEXT);
            int end = i;
            int quiet = 0;
            while (end < ops.size() && quiet <= 2 * CONTEXT) {
                quiet = ops.get(end).kind() == ' ' ? quiet + 1 : 0;
                end++;
            }
            end = Math.min(ops.size(), end - Math.max(0, quiet - CONTEXT));
            Op first = ops.get(start);
            int expectedCount = 0;
            int actualCount = 0;
            for (int k = start; k < end; k++) {
                char kind = ops.get(k).kind();
                expectedCount += kind == '+' ? 0 : 1;
                actualCount += kind == '-' ? 0 : 1;
            }
            out.append("@@ -").append(first.expectedLine()).append(',').append(expectedCount)
                    .append(" +").append(first.actualLine()).append(',').append(actualCount).append(" @@\n");
            for (int k = start; k < end && written < MAX_EXCERPT_LINES; k++, written++) {
                out.append(ops.get(k).kind()).append(ops.get(k).line()).append('\n');
            }
            i = end;
        }
        if (written >= MAX_EXCERPT_LINES) {
            out.append("... (excerpt cut at ").append(MAX_EXCERPT_LINES).append(" lines)\n");
        }
        if (!expected.endsWith("\n") && actual.endsWith("\n") || expected.endsWith("\n") && !actual.endsWith("\n")) {
            out.append("\\ the texts differ in their final newline\n");
        }
        return out.toString();
    }

    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast();
        }
        return lines;
    }

    private static List<Op> align(List<String> a, List<String> b, int offset) {
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Op> ops = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                ops.add(new Op(' ', a.get(i), offset + i + 1, offset + j + 1));
                i++;
                j++;
            } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
                ops.add(new Op('-', a.get(i), offset + i + 1, offset + j + 1));
                i++;
            } else {
                ops.add(new Op('+', b.get(j), offset + i + 1, offset + j + 1));
                j++;
            }
        }
        return ops;
    }
}
