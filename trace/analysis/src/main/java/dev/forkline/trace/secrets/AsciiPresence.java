package dev.forkline.trace.secrets;

/**
 * Which ASCII characters a text holds, as they are and with letters folded to lower case, found in one pass. A shape
 * whose literals need a character the text lacks cannot match, so the text is not searched for them: most strings
 * (ids, names, paths, short messages) lack one character of every literal.
 */
record AsciiPresence(long low, long high, long foldedLow, long foldedHigh) {

    static AsciiPresence of(CharSequence text) {
        long low = 0;
        long high = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 64) {
                low |= 1L << c;
            } else if (c < 128) {
                high |= 1L << (c - 64);
            }
        }
        // the letters A-Z are bits 1-26 of high; a-z bits 33-58
        long upperLetters = high & 0x07FF_FFFEL;
        return new AsciiPresence(low, high, low, (high & ~0x07FF_FFFEL) | upperLetters << 32);
    }

    /** Whether the text holds every character of {@code required} (as they are, or folded when {@code folded}). */
    boolean holdsAll(AsciiPresence required, boolean folded) {
        return folded
                ? (required.foldedLow & ~foldedLow) == 0 && (required.foldedHigh & ~foldedHigh) == 0
                : (required.low & ~low) == 0 && (required.high & ~high) == 0;
    }

    /** Whether the text holds one of the characters of {@code wanted} as they are. */
    boolean holdsAny(AsciiPresence wanted) {
        return (wanted.low & low) != 0 || (wanted.high & high) != 0;
    }
}
