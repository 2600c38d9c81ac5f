package dev.forkline.trace.store;

import java.util.Locale;

/**
 * Lowercasing one code point at a time so that it agrees with {@code String.toLowerCase(Locale.ROOT)} of whole texts:
 * that lowercases every code point on its own except capital sigma, which becomes final or medial sigma depending on
 * its neighbours. Mapping final sigma to medial sigma on both sides makes the two agree, so a text lowercased whole
 * contains a lowercased query only if the folded text contains the folded query.
 */
final class CaseFolding {

    private static final char FINAL_SIGMA = '\u03C2';
    private static final char SIGMA = '\u03C3';
    private static final int CAPITAL_I_WITH_DOT = 0x130;

    private CaseFolding() {
    }

    /** Appends the folded form of one code point (one or two chars; three for U+0130). */
    static void appendFolded(int codePoint, StringBuilder out) {
        if (codePoint < 0x80) {
            out.append((char) (codePoint >= 'A' && codePoint <= 'Z' ? codePoint + ('a' - 'A') : codePoint));
            return;
        }
        if (codePoint == CAPITAL_I_WITH_DOT) {
            out.append("i\u0307"); // what String.toLowerCase(Locale.ROOT) makes of it
            return;
        }
        int lower = Character.toLowerCase(codePoint);
        if (lower == FINAL_SIGMA) {
            lower = SIGMA;
        }
        out.appendCodePoint(lower);
    }

    /** A query as the folded text must contain it. */
    static String fold(String query) {
        return query.toLowerCase(Locale.ROOT).replace(FINAL_SIGMA, SIGMA);
    }
}
