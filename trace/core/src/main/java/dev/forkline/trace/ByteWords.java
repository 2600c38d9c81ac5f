package dev.forkline.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of an array at a time, as one little-endian {@code long}: what the hand-written searches over raw lines
 * (plain ASCII, line breaks, blob names, hex digits) share. Byte {@code k} of the array is bits {@code 8k..8k+7}.
 */
public final class ByteWords {

    /** The high bit of every byte: a word with none of them set holds ASCII only. */
    public static final long HIGH_BITS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteWords() {
    }

    /** The eight bytes at {@code index}. */
    public static long at(byte[] bytes, int index) {
        return (long) LONGS.get(bytes, index);
    }

    /** The byte repeated in all eight places, to compare words with. */
    public static long repeated(char c) {
        return ONES * (c & 0xFF);
    }

    /**
     * The high bit of each byte of the word that may equal the byte repeated in {@code pattern} (the classic SWAR
     * zero-byte test): the lowest one set does for certain, a higher one may be a false match after a true one. Its
     * byte index is {@code Long.numberOfTrailingZeros(flags) >>> 3}.
     */
    public static long matches(long word, long pattern) {
        long x = word ^ pattern;
        return (x - ONES) & ~x & HIGH_BITS;
    }

    /** The first line break in {@code bytes[from, to)}, or -1; eight bytes at a time (it was a sixth of the bundle scan's CPU). */
    public static int newlineIn(byte[] bytes, int from, int to) {
        return indexOf(bytes, from, to, '\n');
    }

    /** The first byte {@code c} (an ASCII character) in {@code bytes[from, to)}, or -1; eight bytes at a time. */
    public static int indexOf(byte[] bytes, int from, int to, char c) {
        long pattern = repeated(c);
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long found = matches(at(bytes, i), pattern);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == (byte) c) {
                return i;
            }
        }
        return -1;
    }
}
