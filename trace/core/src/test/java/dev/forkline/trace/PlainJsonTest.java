package dev.forkline.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time check against the rule read plainly (Java's strict UTF-8 decoder, then the escapes byte by byte), on
 * random bytes rich in the bytes that matter: backslashes, {@code u}, and every class of UTF-8 lead and continuation byte.
 */
class PlainJsonTest {

    private static final byte[] ALPHABET = "\\\\\\uuu\"ab09fgz \u007f".getBytes(StandardCharsets.ISO_8859_1);
    /** Leads of each kind (two-byte, the three-byte ones with narrowed second bytes, four-byte, never valid) and continuations. */
    private static final byte[] HIGH = HexFormat.of().parseHex("c0c1c2dfe0e1ecedeeeff0f1f3f4f5ff808f909fa0bf");

    @Test
    void asTheStrictDecoderAndTheEscapesReadByteByByte() {
        SplittableRandom random = new SplittableRandom(3);
        for (int round = 0; round < 400_000; round++) {
            byte[] bytes = new byte[random.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(12) == 0 ? HIGH[random.nextInt(HIGH.length)] : ALPHABET[random.nextInt(ALPHABET.length)];
            }
            int offset = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
            int length = bytes.length - offset == 0 ? 0 : random.nextInt(bytes.length - offset + 1);
            assertEquals(plainAsStated(bytes, offset, length), PlainJson.isPlain(bytes, offset, length),
                    () -> HexFormat.of().formatHex(bytes) + " from " + offset + " for " + length);
        }
    }

    @Test
    void linesAsTheyAreWritten() {
        assertTrue(plain("{\"a\":\"tab\\there, quote \\\" and backslash \\\\u\"}"));
        assertTrue(plain("{\"a\":\"caf\u00e9 \u2026 \u20ac \ud83d\ude00 \udbff\udfff, long enough to span words\"}"));
        assertFalse(plain("{\"a\":\"\\ud83d\\ude00\"}"));
        assertFalse(plain("{\"a\":\"bell \\u0007\"}"));
    }

    @Test
    void malformedUtf8IsNotPlain() {
        for (String hex : new String[] {"c0af", "e08080", "eda080", "edbfbf", "f08f8080", "f4908080", "f5808080", "80", "bf",
                "c3", "e282", "f09f98", "c328", "e228a1", "f0289f98"}) {
            byte[] line = HexFormat.of().parseHex("7b2261223a22" + hex + "20202020202020202022207d");
            assertFalse(PlainJson.isPlain(line, 0, line.length), hex);
            assertFalse(plainAsStated(line, 0, line.length), hex);
        }
    }

    private static boolean plain(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return PlainJson.isPlain(bytes, 0, bytes.length);
    }

    /** The rule as stated: bytes Java's decoder reads without a replacement, and no backslash not itself escaped before 'u'. */
    private static boolean plainAsStated(byte[] bytes, int offset, int length) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, offset, length));
        } catch (CharacterCodingException e) {
            return false;
        }
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (bytes[i] == '\\') {
                if (i + 1 < end && (bytes[i + 1] == 'u' || bytes[i + 1] < 0)) {
                    return false;
                }
                i++;
            }
        }
        return true;
    }
}
