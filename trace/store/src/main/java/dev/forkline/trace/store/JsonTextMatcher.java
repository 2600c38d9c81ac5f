package dev.forkline.trace.store;

import dev.forkline.trace.ByteWords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A fast first pass of the text search over an event's stored line: whether the line could match, without parsing it.
 * The search text of an event ({@link SearchText}) is its tool name and its payload's strings joined by spaces and
 * lowercased; a query found there has each of its space-separated words inside one of those strings. So the line may
 * match when each word of the folded query ({@link CaseFolding}) is inside the tool name or inside one of the
 * string values of the line's {@code data} member (not member names, nor the envelope's values, which the search text
 * leaves out), decoded (escapes and UTF-8) and folded. That accepts every line whose event matches (no false negatives)
 * and some that do not (words in different orders, a text cut at the search text's length), which the caller then
 * checks on the parsed event. Most strings are ASCII: those are matched on their bytes, folding A-Z as it goes (their
 * escapes, such as a tool output's line breaks, undone into a scratch array first); only the others are decoded. A tool
 * name's words are looked for once per name. Not thread-safe: one per thread.
 */
final class JsonTextMatcher {

    private static final byte[] ASCII_LOWER = new byte[128];
    private static final int MAX_TOOL_NAMES = 4096;
    private static final long QUOTES = ByteWords.repeated('"');
    private static final long BACKSLASHES = ByteWords.repeated('\\');
    /** The bit that tells an ASCII letter's cases apart, in every byte. */
    private static final long CASE_BITS = ByteWords.repeated(' ');

    static {
        for (int c = 0; c < 128; c++) {
            ASCII_LOWER[c] = (byte) (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
        }
    }

    private final String[] words;
    /** A word's bytes when it is all ASCII, else null (it can only be in a string that is decoded). */
    private final byte[][] asciiWords;
    private final boolean[] found;
    private final StringBuilder decoded = new StringBuilder(256);
    /** An ASCII string's content with its escapes undone. */
    private byte[] unescaped = new byte[256];
    private int unescapedLength;
    /** Per tool name seen, which words it holds (most traces name a few dozen tools). */
    private final Map<String, boolean[]> toolNameWords = new HashMap<>();
    /**
     * The folded query when it is printable ASCII and spaces (else null): a line with it inside one string can be known
     * to match without its search text ({@link #surelyMatches}).
     */
    private final byte[] phrase;
    /** Whether the last line {@link #mayMatch} accepted surely matches. */
    private boolean sure;
    /** The length of the search text up to the string last looked at, while it is known (-1 once it is not). */
    private int textLength;

    JsonTextMatcher(String query) {
        List<String> parts = new ArrayList<>();
        for (String part : CaseFolding.fold(query).split(" ")) {
            if (!part.isEmpty()) {
                parts.add(part);
            }
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to search for in '" + query + "'");
        }
        this.words = parts.toArray(String[]::new);
        this.asciiWords = new byte[words.length][];
        for (int w = 0; w < words.length; w++) {
            if (words[w].chars().allMatch(c -> c < 0x80)) {
                asciiWords[w] = words[w].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            }
        }
        this.found = new boolean[words.length];
        String folded = CaseFolding.fold(query.strip());
        this.phrase = !folded.isEmpty() && folded.chars().allMatch(c -> c >= ' ' && c < 0x7F)
                ? folded.getBytes(java.nio.charset.StandardCharsets.US_ASCII) : null;
    }

    /**
     * Whether the line {@link #mayMatch} last accepted matches for sure, so that its search text need not be made: the
     * query is printable ASCII, found whole in one string of plain ASCII (escapes allowed) with nothing but ASCII
     * before it and ending within the search text's length (or, a single word, in the tool name). False says only that
     * the caller must check.
     */
    boolean surelyMatches() {
        return sure;
    }

    /**
     * @param line     UTF-8 bytes holding the event's JSON in {@code [start, end)}
     * @param toolName the tool name its search text starts with, or null
     */
    boolean mayMatch(byte[] line, int start, int end, String toolName) {
        java.util.Arrays.fill(found, false);
        sure = false;
        textLength = phrase != null ? 0 : -1;
        int missing = words.length;
        if (toolName != null) {
            boolean[] inName = wordsIn(toolName);
            for (int w = 0; w < words.length; w++) {
                if (inName[w]) {
                    found[w] = true;
                    missing--;
                }
            }
            textLength = textLength >= 0 && isAscii(toolName) ? toolName.length() : -1;
            sure = words.length == 1 && missing == 0 && textLength >= 0 && textLength <= SearchText.MAX_LENGTH;
        }
        int depth = 0;
        // the strings looked at are those of the line's "data" member, as in the search text: its value's nesting depth
        // once inside it (0 outside), and whether the next value is its (a number's or a literal's is followed by the
        // next member's name, which says again)
        int payloadDepth = 0;
        boolean payloadNext = false;
        int i = start;
        while (missing > 0) {
            int open = ByteWords.indexOf(line, i, end, '"');
            if (open < 0) {
                break;
            }
            for (int k = i; k < open; k++) {
                byte b = line[k];
                if (b == '{' || b == '[') {
                    depth++;
                    if (payloadNext) {
                        payloadDepth = depth;
                        payloadNext = false;
                    }
                } else if (b == '}' || b == ']') {
                    if (depth == payloadDepth) {
                        payloadDepth = 0;
                    }
                    depth--;
                }
            }
            int from = open + 1;
            int to = from;
            boolean ascii = true;
            boolean escaped = false;
            while (true) {
                to = stringStopIn(line, to, end);
                if (to < 0) {
                    to = end;
                    break;
                }
                byte b = line[to];
                if (b == '"') {
                    break;
                } else if (b == '\\') {
                    escaped = true;
                    to += 2;
                } else {
                    ascii = false;
                    to++;
                }
            }
            to = Math.min(to, end);
            i = to + 1;
            if (isMemberName(line, i, end)) {
                // a name written with escapes may still be "data": taken as it, which only lets more lines through
                // (and makes the line's verdict unsure)
                payloadNext = depth == 1 && (escaped || isData(line, from, to));
                if (payloadNext && escaped) {
                    textLength = -1;
                }
                continue;
            }
            boolean inPayload = payloadDepth > 0 || payloadNext;
            payloadNext = false;
            if (!inPayload) {
                continue;
            }
            if (ascii && !escaped) {
                missing -= markFoundInAscii(line, from, to);
            } else if (ascii && unescapeAscii(line, from, to)) {
                missing -= markFoundInAscii(unescaped, 0, unescapedLength);
            } else {
                decodeString(line, from, to);
                missing -= markFound();
                textLength = -1; // folding may change a text's length beyond ASCII (U+0130)
            }
        }
        return missing == 0;
    }

    private static boolean isAscii(String text) {
        for (int k = 0; k < text.length(); k++) {
            if (text.charAt(k) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Whether the string that ended just before {@code after} is a member's name: a colon follows it. */
    private static boolean isMemberName(byte[] line, int after, int end) {
        int i = after;
        while (i < end && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n' || line[i] == '\r')) {
            i++;
        }
        return i < end && line[i] == ':';
    }

    private static boolean isData(byte[] line, int from, int to) {
        return to - from == 4 && line[from] == 'd' && line[from + 1] == 'a' && line[from + 2] == 't' && line[from + 3] == 'a';
    }

    /** Which words the folded {@code toolName} holds. */
    private boolean[] wordsIn(String toolName) {
        boolean[] inName = toolNameWords.get(toolName);
        if (inName == null) {
            decoded.setLength(0);
            toolName.codePoints().forEach(c -> CaseFolding.appendFolded(c, decoded));
            inName = new boolean[words.length];
            for (int w = 0; w < words.length; w++) {
                inName[w] = decoded.indexOf(words[w]) >= 0;
            }
            if (toolNameWords.size() < MAX_TOOL_NAMES) {
                toolNameWords.put(toolName, inName);
            }
        }
        return inName;
    }

    /**
     * Undoes the escapes of an ASCII string's content {@code [from, to)} into {@link #unescaped}, setting
     * {@link #unescapedLength}; false (nothing usable) when an escape stands for a character beyond ASCII or is cut short.
     */
    private boolean unescapeAscii(byte[] line, int from, int to) {
        if (unescaped.length < to - from) {
            unescaped = new byte[Math.max(to - from, unescaped.length * 2)];
        }
        int n = 0;
        int i = from;
        while (i < to) {
            byte b = line[i];
            if (b != '\\') {
                unescaped[n++] = b;
                i++;
                continue;
            }
            if (i + 1 >= to) {
                return false;
            }
            byte kind = line[i + 1];
            i += 2;
            int plain = kind;
            if (kind == 'u') {
                plain = i + 4 <= to ? hex4(line, i) : -1;
                if (plain < 0 || plain >= 0x80) {
                    return false;
                }
                i += 4;
            } else {
                plain = escapedCharacter(kind);
            }
            unescaped[n++] = (byte) plain;
        }
        unescapedLength = n;
        return true;
    }

    /**
     * Marks the ASCII words found in plain ASCII bytes {@code [from, to)}, ignoring case: the content of one string of
     * the search text, whose length it adds to the text's (with the space before it, as {@link SearchText} joins them).
     */
    private int markFoundInAscii(byte[] line, int from, int to) {
        int stringStart = textLength < 0 || from == to ? textLength : textLength == 0 ? 0 : textLength + 1;
        int newlyFound = 0;
        for (int w = 0; w < words.length; w++) {
            byte[] word = asciiWords[w];
            if (found[w] || word == null) {
                continue;
            }
            int at = indexIgnoringCase(line, from, to, word);
            if (at >= 0) {
                found[w] = true;
                newlyFound++;
                if (words.length == 1) {
                    vouch(stringStart, at - from);
                }
            }
        }
        if (words.length > 1 && !sure && stringStart >= 0) {
            int at = indexIgnoringCase(line, from, to, phrase);
            if (at >= 0) {
                vouch(stringStart, at - from);
            }
        }
        if (textLength >= 0 && from < to) {
            textLength = stringStart + (to - from);
        }
        return newlyFound;
    }

    /** The phrase found {@code offset} bytes into a string starting {@code stringStart} characters into the search text. */
    private void vouch(int stringStart, int offset) {
        sure |= phrase != null && stringStart >= 0 && stringStart + offset + phrase.length <= SearchText.MAX_LENGTH;
    }

    /**
     * Where the ASCII bytes {@code [from, to)} first hold the lowercase ASCII {@code word}, ignoring case; -1 if nowhere. The places its
     * first byte may be at are found eight bytes at a time: for a letter, both cases at once (a byte ORed with 0x20 is
     * a lowercase letter only if it was that letter in either case).
     */
    private static int indexIgnoringCase(byte[] line, int from, int to, byte[] word) {
        byte first = word[0];
        boolean letter = first >= 'a' && first <= 'z';
        long folding = letter ? CASE_BITS : 0;
        long firsts = ByteWords.repeated((char) first);
        int last = to - word.length;
        int at = from;
        for (; at + Long.BYTES <= to; at += Long.BYTES) {
            long candidates = ByteWords.matches(ByteWords.at(line, at) | folding, firsts);
            while (candidates != 0) {
                int candidate = at + (Long.numberOfTrailingZeros(candidates) >>> 3);
                if (candidate > last) {
                    return -1;
                }
                if (startsWithIgnoringCase(line, candidate, word)) {
                    return candidate;
                }
                candidates &= candidates - 1;
            }
        }
        for (; at <= last; at++) {
            if (startsWithIgnoringCase(line, at, word)) {
                return at;
            }
        }
        return -1;
    }

    private static boolean startsWithIgnoringCase(byte[] line, int at, byte[] word) {
        for (int k = 0; k < word.length; k++) {
            if (ASCII_LOWER[line[at + k]] != word[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first byte in {@code [from, to)} where a plain ASCII string's run of content stops: its closing quote, an
     * escape or a byte beyond ASCII; -1 if none. (Of the flags of one word, the lowest is always a true one.)
     */
    private static int stringStopIn(byte[] line, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long word = ByteWords.at(line, i);
            long stops = ByteWords.matches(word, QUOTES) | ByteWords.matches(word, BACKSLASHES) | (word & ByteWords.HIGH_BITS);
            if (stops != 0) {
                return i + (Long.numberOfTrailingZeros(stops) >>> 3);
            }
        }
        for (; i < to; i++) {
            byte b = line[i];
            if (b == '"' || b == '\\' || b < 0) {
                return i;
            }
        }
        return -1;
    }

    private int markFound() {
        int newlyFound = 0;
        for (int w = 0; w < words.length; w++) {
            if (!found[w] && decoded.indexOf(words[w]) >= 0) {
                found[w] = true;
                newlyFound++;
            }
        }
        return newlyFound;
    }

    /** Decodes and folds the content of a string, {@code [i, end)} without its quotes, into {@link #decoded}. */
    private void decodeString(byte[] line, int i, int end) {
        decoded.setLength(0);
        int pendingHigh = -1;
        while (i < end) {
            int b = line[i] & 0xFF;
            int codePoint;
            if (b == '\\' && i + 1 < end) {
                int escaped = line[i + 1];
                i += 2;
                switch (escaped) {
                    case 'u' -> {
                        codePoint = i + 4 <= end ? hex4(line, i) : -1;
                        i += 4;
                        if (codePoint < 0) {
                            continue;
                        }
                        if (Character.isHighSurrogate((char) codePoint)) {
                            flushLone(pendingHigh);
                            pendingHigh = codePoint;
                            continue;
                        }
                        if (Character.isLowSurrogate((char) codePoint) && pendingHigh >= 0) {
                            codePoint = Character.toCodePoint((char) pendingHigh, (char) codePoint);
                            pendingHigh = -1;
                        }
                    }
                    default -> codePoint = escapedCharacter(escaped);
                }
            } else if (b < 0x80) {
                codePoint = b;
                i++;
            } else {
                int length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
                codePoint = b & (0xFF >> (length + 1));
                for (int k = 1; k < length && i + k < end; k++) {
                    codePoint = codePoint << 6 | (line[i + k] & 0x3F);
                }
                i += length;
            }
            flushLone(pendingHigh);
            pendingHigh = -1;
            CaseFolding.appendFolded(codePoint, decoded);
        }
        flushLone(pendingHigh);
    }

    /** The character a two-character escape such as {@code \n} stands for, by its letter ({@code \" \\ \/} stand for themselves). */
    private static int escapedCharacter(int letter) {
        return switch (letter) {
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            case 'b' -> '\b';
            case 'f' -> '\f';
            default -> letter;
        };
    }

    private void flushLone(int highSurrogate) {
        if (highSurrogate >= 0) {
            decoded.append((char) highSurrogate);
        }
    }

    private static int hex4(byte[] line, int at) {
        int value = 0;
        for (int k = 0; k < 4; k++) {
            int digit = Character.digit(line[at + k], 16);
            if (digit < 0) {
                return -1;
            }
            value = value << 4 | digit;
        }
        return value;
    }
}
