package dev.forkline.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word-at-a-time check against a byte-by-byte reading of the same rule, on random bytes rich in the bytes that matter. */
class AsciiJsonTest {

    private static final byte[] ALPHABET = "\\\\\\uuu\"ab09fgz \u007f".getBytes(StandardCharsets.ISO_8859_1);

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
            assertEquals(plainAscii(bytes, offset, length), AsciiJson.isPlain(bytes, offset, length),
                    () -> new String(bytes, StandardCharsets.ISO_8859_1) + " from " + offset + " for " + length);
        }
    }

    @Test
    void linesAsTheyAreWritten() {
        assertTrue(plain("{\"a\":\"tab\\there, quote \\\" and backslash \\\\u\"}"));
        assertFalse(plain("{\"a\":\"\\ud83d\\ude00\"}"));
        assertFalse(plain("{\"a\":\"caf\u00e9\"}"));
    }

    private static boolean plain(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return AsciiJson.isPlain(bytes, 0, bytes.length);
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
