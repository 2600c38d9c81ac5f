package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8#isValid} says what a strict decoder says: for every sequence of one or two bytes, every three-byte one whose
 * first byte starts a longer sequence (with the third byte at each boundary), and many longer ones.
 */
class Utf8Test {

    private final CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    @Test
    void shortSequences() {
        byte[] bytes = new byte[3];
        int[] thirds = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xFF};
        for (int a = 0; a < 256; a++) {
            bytes[0] = (byte) a;
            assertAgrees(bytes, 1);
            for (int b = 0; b < 256; b++) {
                bytes[1] = (byte) b;
                assertAgrees(bytes, 2);
                for (int c : a >= 0xE0 ? thirds : new int[0]) {
                    bytes[2] = (byte) c;
                    assertAgrees(bytes, 3);
                }
            }
        }
    }

    @Test
    void longerSequencesMostlyOfLeadAndContinuationBytes() {
        Random random = new Random(20);
        byte[] interesting = {'a', '{', (byte) 0x80, (byte) 0x8F, (byte) 0x90, (byte) 0x9F, (byte) 0xA0, (byte) 0xBF, (byte) 0xC0,
                (byte) 0xC2, (byte) 0xDF, (byte) 0xE0, (byte) 0xE1, (byte) 0xED, (byte) 0xEE, (byte) 0xF0, (byte) 0xF1, (byte) 0xF4,
                (byte) 0xF5, (byte) 0xFF};
        for (int round = 0; round < 200_000; round++) {
            byte[] bytes = new byte[1 + random.nextInt(9)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : interesting[random.nextInt(interesting.length)];
            }
            assertAgrees(bytes, bytes.length);
        }
        byte[] text = "ascii, é, 日本語 and \u0000 😀".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.isValid(text, 0, text.length)).isTrue();
        assertThat(Utf8.isValid(text, 0, text.length - 1)).as("cut inside the emoji").isFalse();
    }

    /** Runs of ASCII long enough to be checked eight bytes at a time, with other bytes at every position and offset. */
    @Test
    void asciiRunsWithOtherBytesAnywhere() {
        Random random = new Random(21);
        byte[] others = {(byte) 0x80, (byte) 0xBF, (byte) 0xC2, (byte) 0xE0, (byte) 0xED, (byte) 0xF0, (byte) 0xF4, (byte) 0xFF};
        byte[] emoji = "😀".getBytes(StandardCharsets.UTF_8);
        for (int round = 0; round < 100_000; round++) {
            byte[] bytes = new byte[8 + random.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (' ' + random.nextInt(95));
            }
            int at = random.nextInt(bytes.length);
            switch (random.nextInt(3)) {
                case 0 -> bytes[at] = others[random.nextInt(others.length)];
                case 1 -> System.arraycopy(emoji, 0, bytes, at, Math.min(emoji.length, bytes.length - at));
                default -> {
                }
            }
            int offset = random.nextInt(8);
            assertAgrees(java.util.Arrays.copyOfRange(bytes, offset, bytes.length), bytes.length - offset);
            assertThat(Utf8.isValid(bytes, offset, bytes.length - offset))
                    .isEqualTo(Utf8.isValid(java.util.Arrays.copyOfRange(bytes, offset, bytes.length), 0, bytes.length - offset));
        }
    }

    private void assertAgrees(byte[] bytes, int length) {
        boolean decodes;
        try {
            strict.decode(ByteBuffer.wrap(bytes, 0, length));
            decodes = true;
        } catch (CharacterCodingException e) {
            decodes = false;
        }
        if (Utf8.isValid(bytes, 0, length) != decodes) {
            assertThat(Utf8.isValid(bytes, 0, length)).as("%s", java.util.HexFormat.of().formatHex(bytes, 0, length)).isEqualTo(decodes);
        }
    }
}
