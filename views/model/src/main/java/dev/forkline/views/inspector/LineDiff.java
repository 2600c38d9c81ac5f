package dev.forkline.views.inspector;

import java.util.ArrayList;
import java.util.List;

/** A plain longest-common-subsequence line diff, enough for the before/after of one file mutation. */
public final class LineDiff {

    /** Beyond this many lines on a side the diff is not computed (the LCS table is quadratic). */
    public static final int MAX_LINES = 3000;

    private LineDiff() {
    }

    public static List<EventDetails.DiffLine> diff(String before, String after) {
        String[] a = before.isEmpty() ? new String[0] : before.split("\n", -1);
        String[] b = after.isEmpty() ? new String[0] : after.split("\n", -1);
        if (a.length > MAX_LINES || b.length > MAX_LINES) {
            return List.of(new EventDetails.DiffLine('!', "file too large to diff (" + a.length + " → " + b.length + " lines)"));
        }
        int[][] lcs = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                lcs[i][j] = a[i].equals(b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<EventDetails.DiffLine> lines = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            if (i < a.length && j < b.length && a[i].equals(b[j])) {
                lines.add(new EventDetails.DiffLine(' ', a[i]));
                i++;
                j++;
            } else if (j < b.length && (i == a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
                lines.add(new EventDetails.DiffLine('+', b[j++]));
            } else {
                lines.add(new EventDetails.DiffLine('-', a[i++]));
            }
        }
        return lines;
    }
}
