package dev.forkline.trace.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.forkline.trace.Hashes;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word-at-a-time hex check against a byte-by-byte reading of the same rule. */
class RawLineFactsTest {

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
}
