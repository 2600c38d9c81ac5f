package dev.forkline.views.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Aligns two sequences by content as a diff does: the longest run of equal items in order is kept in step (Myers'
 * O((N+M)·D) algorithm, after the common prefix and suffix are set aside), and what lies between is left out on one
 * side. Items are compared with {@link Object#equals}. Past {@link #MAX_EDITS} differences the rest of the middle is
 * paired by position, so that two unrelated huge runs cannot take unbounded time or memory.
 */
public final class SequenceAlignment {

    /** The most differences searched for before the remainder is paired by position. */
    public static final int MAX_EDITS = 2_000;

    /** One aligned pair: positions into the left and right sequence, -1 for the side that has nothing there. */
    public record Pair(int left, int right) {
        public boolean matched() {
            return left >= 0 && right >= 0;
        }
    }

    private SequenceAlignment() {
    }

    /** The alignment in order: matched pairs, and items present only on the left ({@code right == -1}) or right. */
    public static <K> List<Pair> align(List<K> left, List<K> right) {
        int n = left.size();
        int m = right.size();
        int prefix = 0;
        while (prefix < n && prefix < m && Objects.equals(left.get(prefix), right.get(prefix))) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < n - prefix && suffix < m - prefix && Objects.equals(left.get(n - 1 - suffix), right.get(m - 1 - suffix))) {
            suffix++;
        }
        List<Pair> pairs = new ArrayList<>(Math.max(n, m));
        for (int i = 0; i < prefix; i++) {
            pairs.add(new Pair(i, i));
        }
        middle(left.subList(prefix, n - suffix), right.subList(prefix, m - suffix), prefix, prefix, pairs);
        for (int i = suffix; i > 0; i--) {
            pairs.add(new Pair(n - i, m - i));
        }
        return pairs;
    }

    /** Myers' greedy forward search, keeping each round's furthest reaching points to walk the path back. */
    private static <K> void middle(List<K> a, List<K> b, int leftOffset, int rightOffset, List<Pair> out) {
        int n = a.size();
        int m = b.size();
        if (n == 0 || m == 0) {
            for (int i = 0; i < n; i++) {
                out.add(new Pair(leftOffset + i, -1));
            }
            for (int j = 0; j < m; j++) {
                out.add(new Pair(-1, rightOffset + j));
            }
            return;
        }
        int max = Math.min(n + m, MAX_EDITS);
        int offset = max + 1;
        int[] v = new int[2 * max + 3];
        List<int[]> trace = new ArrayList<>();
        int found = -1;
        for (int d = 0; d <= max && found < 0; d++) {
            for (int k = -d; k <= d; k += 2) {
                int x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
                int y = x - k;
                while (x < n && y < m && Objects.equals(a.get(x), b.get(y))) {
                    x++;
                    y++;
                }
                v[offset + k] = x;
                if (x >= n && y >= m) {
                    found = d;
                    break;
                }
            }
            trace.add(java.util.Arrays.copyOfRange(v, offset - d - 1, offset + d + 2));
        }
        if (found < 0) {
            byPosition(n, m, leftOffset, rightOffset, out);
            return;
        }
        List<Pair> reversed = new ArrayList<>();
        int x = n;
        int y = m;
        for (int d = found; d > 0; d--) {
            int[] previous = trace.get(d - 1); // index of k in round d-1's copy: k + (d - 1) + 1
            int k = x - y;
            boolean down = k == -d || (k != d && at(previous, d - 1, k - 1) < at(previous, d - 1, k + 1));
            int prevK = down ? k + 1 : k - 1;
            int prevX = at(previous, d - 1, prevK);
            int prevY = prevX - prevK;
            while (x > prevX && y > prevY) {
                reversed.add(new Pair(leftOffset + --x, rightOffset + --y));
            }
            if (down) {
                reversed.add(new Pair(-1, rightOffset + --y));
            } else {
                reversed.add(new Pair(leftOffset + --x, -1));
            }
        }
        while (x > 0 && y > 0) {
            reversed.add(new Pair(leftOffset + --x, rightOffset + --y));
        }
        for (int i = reversed.size() - 1; i >= 0; i--) {
            out.add(reversed.get(i));
        }
    }

    private static int at(int[] round, int d, int k) {
        return round[k + d + 1];
    }

    private static void byPosition(int n, int m, int leftOffset, int rightOffset, List<Pair> out) {
        for (int i = 0; i < Math.max(n, m); i++) {
            out.add(new Pair(i < n ? leftOffset + i : -1, i < m ? rightOffset + i : -1));
        }
    }
}
