package dev.forkline.trace.store;

import java.util.ArrayList;
import java.util.List;

/**
 * A fast first pass of the text search over an event's stored line: whether the line could match, without parsing it.
 * The search text of an event ({@link SearchText}) is its tool name and its payload's strings joined by spaces and
 * lowercased; a query found there has each of its space-separated words inside one of those strings. So the line may
 * match when each word of the folded query ({@link CaseFolding}) is inside the tool name or inside one of the line's
 * JSON strings, decoded (escapes and UTF-8) and folded. That accepts every line whose event matches (no false
 * negatives) and some that do not (member names, envelope fields, words in different orders), which the caller then
 * checks on the parsed event. Most strings are plain ASCII without escapes: those are matched on their bytes, folding
 * A-Z as it goes; only the others are decoded. Not thread-safe: one per thread.
 */
final class JsonTextMatcher {

    private static final byte[] ASCII_LOWER = new byte[128];

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
    }

    /**
     * @param line     UTF-8 bytes holding the event's JSON in {@code [start, end)}
     * @param toolName the tool name its search text starts with, or null
     */
    boolean mayMatch(byte[] line, int start, int end, String toolName) {
        java.util.Arrays.fill(found, false);
        int missing = words.length;
        if (toolName != null) {
            decoded.setLength(0);
            toolName.codePoints().forEach(c -> CaseFolding.appendFolded(c, decoded));
            missing -= markFound();
        }
        int i = start;
        while (missing > 0 && i < end) {
            if (line[i] != '"') {
                i++;
                continue;
            }
            int from = i + 1;
            int to = from;
            boolean plainAscii = true;
            while (to < end && line[to] != '"') {
                if (line[to] == '\\') {
                    plainAscii = false;
                    to += 2;
                } else {
                    plainAscii &= line[to] >= 0;
                    to++;
                }
            }
            to = Math.min(to, end);
            if (plainAscii) {
                missing -= markFoundInAscii(line, from, to);
            } else {
                decodeString(line, from, to);
                missing -= markFound();
            }
            i = to + 1;
        }
        return missing == 0;
    }

    /** Marks the ASCII words found in plain ASCII bytes {@code [from, to)}, ignoring case. */
    private int markFoundInAscii(byte[] line, int from, int to) {
        int newlyFound = 0;
        for (int w = 0; w < words.length; w++) {
            byte[] word = asciiWords[w];
            if (!found[w] && word != null && containsIgnoringCase(line, from, to, word)) {
                found[w] = true;
                newlyFound++;
            }
        }
        return newlyFound;
    }

    private static boolean containsIgnoringCase(byte[] line, int from, int to, byte[] word) {
        byte first = word[0];
        for (int at = from, last = to - word.length; at <= last; at++) {
            if (ASCII_LOWER[line[at]] != first) {
                continue;
            }
            int k = 1;
            while (k < word.length && ASCII_LOWER[line[at + k]] == word[k]) {
                k++;
            }
            if (k == word.length) {
                return true;
            }
        }
        return false;
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
                    case 'n' -> codePoint = '\n';
                    case 't' -> codePoint = '\t';
                    case 'r' -> codePoint = '\r';
                    case 'b' -> codePoint = '\b';
                    case 'f' -> codePoint = '\f';
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
                    default -> codePoint = escaped; // \" \\ \/
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
