package dev.forkline.trace.store;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The words of a search text ({@link SearchText}) that the library's search index keeps per trace: maximal runs of
 * letters, digits and {@code _}, lowercased (the search text already is). A word is kept unless it is longer than
 * {@value #MAX_LENGTH} characters, or is at least {@value #MIN_HEX_LENGTH} characters of hex digits holding a digit
 * (hashes, ids, timestamps and the pieces of UUIDs: many per trace, each found once, rarely searched for). A query
 * made of words that are all kept is answered from the index ({@link LibrarySearch}); a query holding a skipped word,
 * or no word at all, is looked for as text in every trace instead.
 */
final class SearchTerms {

    static final int MAX_LENGTH = 32;
    static final int MIN_HEX_LENGTH = 8;

    private SearchTerms() {
    }

    /** The distinct kept words of {@code searchText}, in the order they first appear. */
    static Set<String> of(String searchText) {
        Set<String> terms = new LinkedHashSet<>();
        forEachKept(searchText, terms::add);
        return terms;
    }

    /** Hands each kept word of {@code searchText} to {@code action}, in order, repeats included. */
    static void forEachKept(String searchText, Consumer<String> action) {
        forEachWord(searchText, word -> {
            if (isKept(word)) {
                action.accept(word);
            }
        });
    }

    /** Every word of {@code text}, lowercased, kept or not, in order. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        forEachWord(text, words::add);
        return words;
    }

    private static void forEachWord(String text, Consumer<String> action) {
        String lower = text.toLowerCase(Locale.ROOT);
        int start = -1;
        int i = 0;
        while (i < lower.length()) {
            int c = lower.codePointAt(i);
            boolean wordChar = Character.isLetterOrDigit(c) || c == '_';
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                action.accept(lower.substring(start, i));
                start = -1;
            }
            i += Character.charCount(c);
        }
        if (start >= 0) {
            action.accept(lower.substring(start));
        }
    }

    static boolean isKept(String word) {
        return !word.isEmpty() && word.length() <= MAX_LENGTH && !looksLikeAnId(word);
    }

    private static boolean looksLikeAnId(String word) {
        if (word.length() < MIN_HEX_LENGTH) {
            return false;
        }
        boolean digit = false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if (c < 'a' || c > 'f') {
                return false;
            }
        }
        return digit;
    }

    /** Whether some term of {@code terms} starts with each of {@code words}. */
    static boolean holdsAll(Set<String> terms, List<String> words) {
        for (String word : words) {
            if (terms.stream().noneMatch(term -> term.startsWith(word))) {
                return false;
            }
        }
        return true;
    }
}
