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

    @Test
    void findsTheFirstLineBreakAsAByteByByteSearchDoes() {
        findsTheFirstAsAByteByByteSearchDoes('\n', (bytes, from, to) -> ByteWords.newlineIn(bytes, from, to));
    }

    @Test
    void findsTheFirstQuoteAsAByteByByteSearchDoes() {
        findsTheFirstAsAByteByByteSearchDoes('"', (bytes, from, to) -> ByteWords.indexOf(bytes, from, to, '"'));
    }

    private interface Search {
        int first(byte[] bytes, int from, int to);
    }

    private static void findsTheFirstAsAByteByByteSearchDoes(char wanted, Search search) {
        java.util.Random random = new java.util.Random(7);
        for (int round = 0; round < 2000; round++) {
            byte[] bytes = new byte[random.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                int pick = random.nextInt(8);
                // the byte itself, its neighbours, the same with the high bit set, anything
                bytes[i] = (byte) (pick == 0 ? wanted : pick == 1 ? wanted + 1 : pick == 2 ? wanted | 0x80 : pick == 3 ? wanted - 1 : random.nextInt(256));
            }
            int from = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
            int to = from + random.nextInt(bytes.length - from + 1);
            int expected = -1;
            for (int i = from; i < to; i++) {
                if (bytes[i] == wanted) {
                    expected = i;
                    break;
                }
            }
            assertThat(search.first(bytes, from, to)).as("%s from %d to %d", java.util.Arrays.toString(bytes), from, to).isEqualTo(expected);
        }
    }
}
