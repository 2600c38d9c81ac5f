package dev.forkline.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Whether a line of JSON's bytes are its text itself: plain ASCII without {@code \\u} escapes. Such a line needs no
 * UTF-8 decoding (no byte can be malformed or become a replacement character), and no string in it can hold a
 * surrogate, so it can be parsed from its bytes and its strings need no search for lone surrogates. Nearly every line
 * Forkline writes is plain.
 */
public final class AsciiJson {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;

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
            long word = (long) LONGS.get(buffer, i);
            if ((word & HIGH_BITS) != 0) {
                return false;
            }
            long backslashes = backslashesIn(word);
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

    /** The high bit of each byte of the word that may be a backslash (the classic SWAR zero-byte test); the lowest one set is. */
    private static long backslashesIn(long word) {
        long x = word ^ BACKSLASHES;
        return (x - ONES) & ~x & HIGH_BITS;
    }
}
