package dev.forkline.trace.bundle;

import dev.forkline.trace.Hashes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What one pass over a line's raw bytes tells the scanner before it parses: whether the bytes can be trusted to be
 * the text itself (ASCII without {@code \\u} escapes, so no decoding can change a character or produce a surrogate),
 * and where strings of the form of a blob name stand. For such lines a string {@code "sha256:<64 hex>"} appears
 * verbatim, so finding it in the bytes finds it in the parsed text.
 */
final class RawLineFacts {

    private static final byte[] PREFIX = "\"sha256:".getBytes(StandardCharsets.US_ASCII);
    private static final int HEX = 64;

    private RawLineFacts() {
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
    private static final long QUOTES = 0x2222222222222222L;
    /** {@code "sha256:} as the little-endian long of its 8 bytes. */
    private static final long QUOTED_PREFIX = (long) LONGS.get(PREFIX, 0);

    /**
     * Whether the bytes are the text itself: plain ASCII without {@code \\u} escapes. Eight bytes at a time; a word
     * holding a backslash continues right after the character the backslash escapes.
     */
    static boolean isPlainAscii(byte[] buffer, int offset, int length) {
        int end = offset + length;
        int i = offset;
        while (i + 8 <= end) {
            long word = (long) LONGS.get(buffer, i);
            if ((word & HIGH_BITS) != 0) {
                return false;
            }
            long backslashes = matches(word, BACKSLASHES);
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

    /** Whether one of the word's bytes equals the byte repeated in {@code pattern} (the classic SWAR zero-byte test). */
    private static boolean hasByte(long word, long pattern) {
        return matches(word, pattern) != 0;
    }

    /** The high bit of each byte of the word that may equal the pattern's byte; the lowest one set does for certain. */
    private static long matches(long word, long pattern) {
        long x = word ^ pattern;
        return (x - ONES) & ~x & HIGH_BITS;
    }

    /**
     * The blob-name strings (values only, not member names) between {@code from} and {@code to} of a line that
     * {@link #isPlainAscii} accepted and that parsed as JSON, in order. In valid JSON a quote followed by
     * {@code sha256:} opens a string unless a backslash escapes it.
     */
    static List<String> blobNameValues(byte[] buffer, int from, int to) {
        List<String> names = List.of();
        int last = to - (PREFIX.length + HEX + 1);
        int i = from;
        while (i <= last) {
            if (!hasByte((long) LONGS.get(buffer, i), QUOTES)) {
                i += 8;
                continue;
            }
            int stop = Math.min(i + 8, last + 1);
            for (; i < stop; i++) {
                if (buffer[i] == '"' && (long) LONGS.get(buffer, i) == QUOTED_PREFIX && (i == from || buffer[i - 1] != '\\')
                        && startsBlobName(buffer, i, to)) {
                    int close = i + PREFIX.length + HEX;
                    if (!isMemberName(buffer, close + 1, to)) {
                        if (names.isEmpty()) {
                            names = new ArrayList<>(2);
                        }
                        names.add(new String(buffer, i + 1, close - i - 1, StandardCharsets.US_ASCII));
                    }
                    i = close + 1;
                    break;
                }
            }
        }
        return names;
    }

    private static boolean startsBlobName(byte[] buffer, int quote, int end) {
        int close = quote + PREFIX.length + HEX;
        return close < end && buffer[close] == '"' && Hashes.isLowerHex(buffer, quote + PREFIX.length, close);
    }

    private static boolean isMemberName(byte[] buffer, int from, int end) {
        for (int i = from; i < end; i++) {
            byte b = buffer[i];
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b == ':';
            }
        }
        return false;
    }
}
