package dev.forkline.trace.store;

import java.util.Arrays;

/**
 * Which three-character pieces (trigrams) the search texts ({@link SearchText}) of one chunk's events hold, as a Bloom
 * filter. A search text that holds a query holds each of the query's trigrams, so an event search skips the chunks
 * whose filter lacks one of them without reading their lines ({@link EventSearch}); a filter may say "maybe" of a
 * trigram no event holds, never "no" of one that some event holds.
 *
 * <p>Hashes and ids hold few distinct trigrams: a chunk of many SHA-256 names holds nearly all 4,096 trigrams of hex
 * digits, so trigrams alone rule no chunk out for a commit or a call id. Each run of six or more hex digits
 * ({@code 0-9a-f}, the text being lowercased) therefore also adds its six-character pieces, and so does a query's: a
 * query's run of hex digits lies inside one run of the text that holds the query, so its six-grams are among that
 * run's.
 *
 * <p>Each piece sets two bits of a table of 2^{@value #BUILT_BITS_LOG2} bits, which is then folded in half (its
 * halves OR-ed: a bit at position p lands at p modulo the smaller size, where a query looks for it) for as long as at
 * most a third of the bits are set. A chunk that holds none of a query's pieces then passes about once in nine per
 * piece the query has, and the filter takes 7 to 14 bits per distinct piece of the chunk.
 */
final class TrigramFilter {

    /** Characters per trigram: queries shorter than this are not narrowed. */
    static final int GRAM = 3;
    /** Hex digits per piece of a run of hex digits. */
    static final int HEX_GRAM = 6;
    /** Set in a hex six-gram's value, which a trigram's (three 16-bit characters) never has. */
    private static final long HEX_TAG = 1L << 62;
    static final int BUILT_BITS_LOG2 = 20;
    static final int MIN_BITS_LOG2 = 9;

    private final int bitsLog2;
    private final long[] words;

    TrigramFilter(int bitsLog2, long[] words) {
        if (bitsLog2 < MIN_BITS_LOG2 || bitsLog2 > BUILT_BITS_LOG2 || words.length != (1 << bitsLog2) / Long.SIZE) {
            throw new IllegalArgumentException("a trigram filter of 2^" + bitsLog2 + " bits cannot have " + words.length + " words");
        }
        this.bitsLog2 = bitsLog2;
        this.words = words;
    }

    int bitsLog2() {
        return bitsLog2;
    }

    /** The table (not a copy: callers must not change it). */
    long[] words() {
        return words;
    }

    /** Whether some event of the chunk may hold every piece of {@code query} (true for a query that has none). */
    boolean mayHold(Query query) {
        int mask = (1 << bitsLog2) - 1;
        long[] positions = query.positions;
        for (long both : positions) {
            int first = (int) both & mask;
            int second = (int) (both >>> 32) & mask;
            if ((words[first >>> 6] & 1L << first) == 0 || (words[second >>> 6] & 1L << second) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The pieces (trigrams, hex six-grams) of one lowercased query text, as the positions of their bits in the built table. */
    static final class Query {
        private final long[] positions;

        Query(String lowerText) {
            int count = Math.max(0, lowerText.length() - GRAM + 1);
            long[] all = new long[count + Math.max(0, lowerText.length() - HEX_GRAM + 1)];
            for (int i = 0; i < count; i++) {
                all[i] = positions(gram(lowerText.charAt(i), lowerText.charAt(i + 1), lowerText.charAt(i + 2)));
            }
            int[] added = {count};
            forEachHexGram(lowerText, hexGram -> all[added[0]++] = positions(hexGram));
            positions = Arrays.copyOf(all, added[0]);
        }

        /** Whether the query has a piece, so that a filter can rule a chunk out. */
        boolean narrows() {
            return positions.length > 0;
        }
    }

    private static long gram(char first, char second, char third) {
        return (long) first << 32 | (long) second << 16 | third;
    }

    /** Each lowercase hex digit's value, -1 for every other character below 128. */
    private static final byte[] HEX_DIGITS = new byte[128];

    static {
        Arrays.fill(HEX_DIGITS, (byte) -1);
        for (int c = '0'; c <= '9'; c++) {
            HEX_DIGITS[c] = (byte) (c - '0');
        }
        for (int c = 'a'; c <= 'f'; c++) {
            HEX_DIGITS[c] = (byte) (c - 'a' + 10);
        }
    }

    /** The value of a lowercase hex digit, else -1. */
    private static int hexDigit(char c) {
        return c < HEX_DIGITS.length ? HEX_DIGITS[c] : -1;
    }

    /** Hands each six-gram of each run of six or more hex digits in {@code text} to {@code action}, as a tagged value. */
    private static void forEachHexGram(String text, java.util.function.LongConsumer action) {
        HexRun run = new HexRun();
        for (int i = 0; i < text.length(); i++) {
            if (run.next(text.charAt(i))) {
                action.accept(run.gram());
            }
        }
    }

    /** Follows the run of hex digits a text's characters make, one character at a time, without a branch per character. */
    private static final class HexRun {
        private long window;
        private int run;

        /** Takes the next character: whether it ends six hex digits in a row, whose six-gram {@link #gram} then is. */
        boolean next(char c) {
            int digit = hexDigit(c);
            window = (window << 4 | (digit & 0xF)) & 0xFF_FFFFL;
            run = digit < 0 ? 0 : run + 1;
            return run >= HEX_GRAM;
        }

        /** The last six digits' six-gram, tagged. */
        long gram() {
            return HEX_TAG | window;
        }

        /** For the next text: a run never spans two texts. */
        void reset() {
            run = 0;
        }
    }

    /** Both bit positions of a piece in the built table: the first in the low half of the result, the second in the high. */
    private static long positions(long gram) {
        long h = gram * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        h ^= h >>> 29;
        int mask = (1 << BUILT_BITS_LOG2) - 1;
        return (h & mask) | ((h >>> 32) & mask) << 32;
    }

    /**
     * Collects the pieces of one chunk's search texts, then {@link #build}s its filter; then it can start on another
     * chunk. Not thread-safe: one per thread (its table is 128 KB).
     */
    static final class Builder {
        private final long[] table = new long[(1 << BUILT_BITS_LOG2) / Long.SIZE];
        private final HexRun hexRun = new HexRun();

        /**
         * Adds the pieces of one event's search text (a piece never spans two events' texts): its trigrams and the
         * six-grams of its runs of hex digits, in one pass over its characters (a second pass for the runs was an eighth
         * of an index pass).
         */
        void add(String searchText) {
            long window = 0;
            hexRun.reset();
            for (int i = 0; i < searchText.length(); i++) {
                char c = searchText.charAt(i);
                window = (window << 16 | c) & 0xFFFF_FFFF_FFFFL;
                if (i >= GRAM - 1) {
                    set(window);
                }
                if (hexRun.next(c)) {
                    set(hexRun.gram());
                }
            }
        }

        private void set(long piece) {
            long both = positions(piece);
            int first = (int) both;
            int second = (int) (both >>> 32);
            table[first >>> 6] |= 1L << first;
            table[second >>> 6] |= 1L << second;
        }

        /** The filter of what was added since the last build, folded as small as it can be; the builder is emptied. */
        TrigramFilter build() {
            long[] bits = table;
            int log2 = BUILT_BITS_LOG2;
            while (log2 > MIN_BITS_LOG2) {
                int halfWords = (1 << log2 - 1) / Long.SIZE;
                long set = 0;
                for (int i = 0; i < halfWords; i++) {
                    set += Long.bitCount(bits[i] | bits[i + halfWords]);
                }
                if (set * 3 > (1L << log2 - 1)) {
                    break;
                }
                for (int i = 0; i < halfWords; i++) {
                    bits[i] |= bits[i + halfWords];
                }
                log2--;
            }
            TrigramFilter filter = new TrigramFilter(log2, Arrays.copyOf(bits, (1 << log2) / Long.SIZE));
            Arrays.fill(bits, 0L);
            return filter;
        }
    }
}
