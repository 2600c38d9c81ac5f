package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word-at-a-time byte search against looking at each of the eight bytes. */
class ByteWordsTest {

    @Test
    void theLowestFlagIsTheFirstByteThatMatches() {
        SplittableRandom random = new SplittableRandom(13);
        byte[] bytes = new byte[8];
        for (int round = 0; round < 200_000; round++) {
            for (int k = 0; k < 8; k++) {
                bytes[k] = (byte) (random.nextInt(4) == 0 ? '\n' : random.nextInt(256));
            }
            long flags = ByteWords.matches(ByteWords.at(bytes, 0), ByteWords.repeated('\n'));
            int first = -1;
            for (int k = 7; k >= 0; k--) {
                if (bytes[k] == '\n') {
                    first = k;
                }
            }
            assertThat(flags == 0 ? -1 : Long.numberOfTrailingZeros(flags) >>> 3).as("first line break").isEqualTo(first);
        }
    }
}
