package dev.forkline.trace;

/**
 * Whether a line of JSON's bytes are its text itself: plain ASCII without {@code \\u} escapes. Such a line needs no
 * UTF-8 decoding (no byte can be malformed or become a replacement character), and no string in it can hold a
 * surrogate, so it can be parsed from its bytes and its strings need no search for lone surrogates. Nearly every line
 * Forkline writes is plain.
 */
public final class AsciiJson {

    private static final long BACKSLASHES = ByteWords.repeated('\\');

    private AsciiJson() {
    }

    /**
     * Whether the bytes are plain ASCII without {@code \\u} escapes. Eight bytes at a time; a word holding a backslash
     * continues right after the character the backslash escapes.
     */
    public static boolean isPlain(byte[] buffer, int offset, int length) {
        int end = offset + length;
        int i = offset;
        while (i + 8 <= end) {
            long word = ByteWords.at(buffer, i);
            if ((word & ByteWords.HIGH_BITS) != 0) {
                return false;
            }
            long backslashes = ByteWords.matches(word, BACKSLASHES);
            if (backslashes == 0) {
                i += 8;
                continue;
            }
            // the lowest flagged byte is a backslash for certain (a false match can only follow a true one)
            int backslash = i + (Long.numberOfTrailingZeros(backslashes) >>> 3);
            if (backslash + 1 < end && (buffer[backslash + 1] == 'u' || buffer[backslash + 1] < 0)) {
                return false;
            }
            i = backslash + 2;
        }
        for (; i < end; i++) {
            byte b = buffer[i];
            if (b < 0) {
                return false;
            }
            if (b == '\\') {
                if (i + 1 < end && (buffer[i + 1] == 'u' || buffer[i + 1] < 0)) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }
}
