package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TrigramFilter}: never "no" for a text that some added search text holds, folded as small as a third of its
 * bits set allows, and "no" for most texts none holds.
 */
class TrigramFilterTest {

    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789 _-./:\"éüß日本語\uD83D\uDE00";

    @Test
    void everyTextThatAnAddedTextHoldsMayBeHeldWhateverTheFiltersSize() {
        Random random = new Random(20261206);
        for (int round = 0; round < 40; round++) {
            // from a few texts (folded to the smallest table) to many (a large one)
            int texts = 1 + random.nextInt(round < 20 ? 5 : 3000);
            List<String> added = new ArrayList<>();
            TrigramFilter.Builder builder = new TrigramFilter.Builder();
            for (int t = 0; t < texts; t++) {
                String text = randomText(random, random.nextInt(200));
                added.add(text);
                builder.add(text);
            }
            TrigramFilter filter = builder.build();
            for (int q = 0; q < 500; q++) {
                String text = added.get(random.nextInt(added.size()));
                if (text.length() < TrigramFilter.GRAM) {
                    continue;
                }
                int from = random.nextInt(text.length() - TrigramFilter.GRAM + 1);
                int to = from + TrigramFilter.GRAM + random.nextInt(text.length() - from - TrigramFilter.GRAM + 1);
                assertThat(filter.mayHold(new TrigramFilter.Query(text.substring(from, to))))
                        .as("'%s' of '%s' (2^%d bits)", text.substring(from, to), text, filter.bitsLog2()).isTrue();
            }
        }
    }

    @Test
    void theTableIsFoldedWhileAtMostAThirdOfItsBitsAreSet() {
        TrigramFilter.Builder builder = new TrigramFilter.Builder();
        builder.add("read_file src/main.py");
        TrigramFilter small = builder.build();
        assertThat(small.bitsLog2()).isEqualTo(TrigramFilter.MIN_BITS_LOG2);

        Random random = new Random(7);
        for (int t = 0; t < 2000; t++) {
            builder.add(randomText(random, 100));
        }
        TrigramFilter large = builder.build();
        assertThat(large.bitsLog2()).isBetween(TrigramFilter.MIN_BITS_LOG2 + 1, TrigramFilter.BUILT_BITS_LOG2 - 1);
        long set = bitsSet(large);
        long bits = 1L << large.bitsLog2();
        assertThat(set * 3).as("%d of %d bits set", set, bits).isLessThanOrEqualTo(bits);
        // folded once more, more than a third of the half would be set
        long[] words = large.words();
        long setIfFolded = 0;
        for (int i = 0; i < words.length / 2; i++) {
            setIfFolded += Long.bitCount(words[i] | words[i + words.length / 2]);
        }
        assertThat(setIfFolded * 3).isGreaterThan(bits / 2);
    }

    @Test
    void aBuildEmptiesTheBuilderForTheNextChunk() {
        TrigramFilter.Builder builder = new TrigramFilter.Builder();
        builder.add("kubectl rollout status");
        assertThat(builder.build().mayHold(new TrigramFilter.Query("rollout"))).isTrue();
        builder.add("git status");
        TrigramFilter next = builder.build();
        assertThat(next.mayHold(new TrigramFilter.Query("rollout"))).isFalse();
        assertThat(next.mayHold(new TrigramFilter.Query("git st"))).isTrue();
    }

    @Test
    void aTrigramNeverSpansTwoTexts() {
        TrigramFilter.Builder builder = new TrigramFilter.Builder();
        builder.add("ab");
        builder.add("cd");
        TrigramFilter filter = builder.build();
        assertThat(filter.mayHold(new TrigramFilter.Query("abc"))).isFalse();
        assertThat(filter.mayHold(new TrigramFilter.Query("bcd"))).isFalse();
        // a query too short for a trigram rules nothing out
        assertThat(new TrigramFilter.Query("ab").narrows()).isFalse();
        assertThat(filter.mayHold(new TrigramFilter.Query("zz"))).isTrue();
    }

    @Test
    void textsNoAddedTextHoldsAreRuledOutAsOftenAsTheFillPromises() {
        Random random = new Random(11);
        TrigramFilter.Builder builder = new TrigramFilter.Builder();
        for (int t = 0; t < 1000; t++) {
            builder.add(randomWords(random, "abcdefghij", 200));
        }
        TrigramFilter filter = builder.build();
        int queries = 10_000;
        int passedOneTrigram = 0;
        int passedFour = 0;
        for (int q = 0; q < queries; q++) {
            // one trigram, absent: with at most a third of the bits set, it passes at most about once in nine
            String absent = randomWords(random, "klmnopqrst", 6);
            passedOneTrigram += filter.mayHold(new TrigramFilter.Query(randomWords(random, "abcdefghij", 2) + absent.charAt(0))) ? 1 : 0;
            // four absent trigrams
            passedFour += filter.mayHold(new TrigramFilter.Query(absent)) ? 1 : 0;
        }
        assertThat(passedOneTrigram).isLessThan(queries * 13 / 100);
        assertThat(passedFour).isLessThan(queries / 100);
    }

    @Test
    void hexIdsAreRuledOutWhereHashesHoldEveryHexTrigram() {
        Random random = new Random(5);
        TrigramFilter.Builder builder = new TrigramFilter.Builder();
        List<String> hashes = new ArrayList<>();
        for (int t = 0; t < 1000; t++) {
            String hash = randomWords(random, "0123456789abcdef", 64);
            hashes.add(hash);
            builder.add("blob sha256:" + hash + " of call_" + hash.substring(0, 12));
        }
        TrigramFilter filter = builder.build();
        int passed = 0;
        int queries = 2_000;
        for (int q = 0; q < queries; q++) {
            String hash = hashes.get(random.nextInt(hashes.size()));
            int from = random.nextInt(64 - 8);
            // a piece of a stored hash, within a longer text: held
            assertThat(filter.mayHold(new TrigramFilter.Query("256:" + hash.substring(0, 10)))).isTrue();
            assertThat(filter.mayHold(new TrigramFilter.Query(hash.substring(from, from + 8)))).isTrue();
            assertThat(filter.mayHold(new TrigramFilter.Query("call_" + hash.substring(0, 7)))).isTrue();
            // every trigram of an absent hex id is held; its six-grams are not
            String absent = randomWords(random, "0123456789abcdef", 12);
            assertThat(new TrigramFilter.Query(absent.substring(0, 5)).narrows()).isTrue();
            passed += filter.mayHold(new TrigramFilter.Query(absent)) ? 1 : 0;
        }
        assertThat(passed).isLessThan(queries / 100);
    }

    private static long bitsSet(TrigramFilter filter) {
        long set = 0;
        for (long word : filter.words()) {
            set += Long.bitCount(word);
        }
        return set;
    }

    private static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            int at = random.nextInt(LETTERS.length());
            char c = LETTERS.charAt(at);
            if (Character.isHighSurrogate(c)) {
                text.append(c).append(LETTERS.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                text.append(c);
            }
        }
        return text.toString();
    }

    private static String randomWords(Random random, String letters, int length) {
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            text.append(letters.charAt(random.nextInt(letters.length())));
        }
        return text.toString();
    }
}
