package dev.forkline.trace;

/**
 * Whether a line of JSON's bytes are its text itself: well-formed UTF-8 without {@code \\u} escapes. Such a line needs
 * no care in decoding (no byte can be malformed or become a replacement character), and no string in it can hold a
 * surrogate (well-formed UTF-8 encodes none alone), so it can be parsed from its bytes and its strings need no search for
 * lone surrogates. Nearly every line Forkline writes is plain: its canonical form writes text as UTF-8 and escapes with
 * {@code \\u} only control characters other than the short escapes.
 */
public final class PlainJson {

    private static final long BACKSLASHES = ByteWords.repeated('\\');

    private PlainJson() {
    }

    /**
     * Whether the bytes are well-formed UTF-8 without {@code \\u} escapes. Eight bytes at a time while they are ASCII
     * without a backslash; a word holding either is read byte by byte, a backslash together with the character it
     * escapes, a multi-byte character whole.
     */
    public static boolean isPlain(byte[] buffer, int offset, int length) {
        int end = offset + length;
        int i = offset;
        while (i < end) {
            if (i + 8 <= end) {
                long word = ByteWords.at(buffer, i);
                if ((word & ByteWords.HIGH_BITS) == 0 && ByteWords.matches(word, BACKSLASHES) == 0) {
                    i += 8;
                    continue;
                }
            }
            int wordEnd = Math.min(i + 8, end);
            while (i < wordEnd) {
                byte b = buffer[i];
                if (b == '\\') {
                    if (i + 1 < end && (buffer[i + 1] == 'u' || buffer[i + 1] < 0)) {
                        return false;
                    }
                    i += 2;
                } else if (b >= 0) {
                    i++;
                } else {
                    int character = utf8Length(buffer, i, end);
                    if (character == 0) {
                        return false;
                    }
                    i += character;
                }
            }
        }
        return true;
    }

    /**
     * How many bytes the well-formed UTF-8 character starting at {@code at} takes (2 to 4), or 0 when the bytes there
     * are not one: a stray continuation byte, an over-long form, a surrogate, beyond U+10FFFF, or cut short by
     * {@code end} (the Unicode Standard's table 3-7, which Java's decoder also follows).
     */
    private static int utf8Length(byte[] buffer, int at, int end) {
        int lead = buffer[at] & 0xFF;
        int length;
        int secondLow = 0x80;
        int secondHigh = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xE0) {
                secondLow = 0xA0;
            } else if (lead == 0xED) {
                secondHigh = 0x9F;
            }
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            if (lead == 0xF0) {
                secondLow = 0x90;
            } else if (lead == 0xF4) {
                secondHigh = 0x8F;
            }
        } else {
            return 0;
        }
        if (at + length > end) {
            return 0;
        }
        int second = buffer[at + 1] & 0xFF;
        if (second < secondLow || second > secondHigh) {
            return 0;
        }
        for (int k = 2; k < length; k++) {
            if ((buffer[at + k] & 0xC0) != 0x80) {
                return 0;
            }
        }
        return length;
    }
}
