package dev.forkline.trace.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.forkline.trace.Hashes;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word-at-a-time checks against byte-by-byte readings of the same rules, on random bytes rich in the bytes that matter. */
class RawLineFactsTest {

    private static final byte[] ALPHABET = "\\\\\\uuu\"ab09fgz \u007f".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    @Test
    void plainAsciiAsByteByByte() {
        SplittableRandom random = new SplittableRandom(3);
        for (int round = 0; round < 200_000; round++) {
            byte[] bytes = new byte[random.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(200) == 0 ? (byte) (0x80 | random.nextInt(128)) : ALPHABET[random.nextInt(ALPHABET.length)];
            }
            int offset = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
            int length = bytes.length - offset == 0 ? 0 : random.nextInt(bytes.length - offset + 1);
            assertEquals(plainAscii(bytes, offset, length), RawLineFacts.isPlainAscii(bytes, offset, length),
                    () -> new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1) + " from " + offset + " for " + length);
        }
    }

    @Test
    void lowerHexAsByteByByte() {
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 200_000; round++) {
            byte[] bytes = new byte[random.nextInt(70)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(40) == 0 ? (byte) random.nextInt(256) : (byte) "0123456789abcdef".charAt(random.nextInt(16));
            }
            int from = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
            boolean expected = true;
            for (int i = from; i < bytes.length; i++) {
                byte b = bytes[i];
                expected &= b >= '0' && b <= '9' || b >= 'a' && b <= 'f';
            }
            assertEquals(expected, Hashes.isLowerHex(bytes, from, bytes.length));
        }
    }

    /** The rule as stated: no byte above 0x7F, and no backslash that is not itself escaped followed by 'u'. */
    private static boolean plainAscii(byte[] bytes, int offset, int length) {
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        for (int i = offset; i < end; i++) {
            if (bytes[i] == '\\') {
                if (i + 1 < end && bytes[i + 1] == 'u') {
                    return false;
                }
                i++;
            }
        }
        return true;
    }
}
