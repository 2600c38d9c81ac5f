package dev.forkline.importers.otel;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.util.Set;

/**
 * Which attribute keys a streamed read of a key/value list keeps ({@link AnyValues#readKeyValues}): all of them, or
 * a few named ones, which are then matched against the parser's characters, so that a key left out costs no string
 * (a million spans' skeletons read ten keys apiece and keep one or two).
 */
final class KeptKeys {

    static final KeptKeys ALL = new KeptKeys(null, 0);

    /** The kept keys in an open hash table by {@link String#hashCode}, or null: all are kept. */
    private final String[] slots;
    /** Bit n set when a kept key is n characters long (a key of 64 or more sets none: such keys are looked up). */
    private final long lengths;

    private KeptKeys(String[] slots, long lengths) {
        this.slots = slots;
        this.lengths = lengths;
    }

    static KeptKeys only(Set<String> keys) {
        String[] slots = new String[Integer.highestOneBit(Math.max(1, keys.size()) * 4)];
        long lengths = 0;
        for (String key : keys) {
            int at = first(key.hashCode(), slots.length);
            while (slots[at] != null) {
                at = (at + 1) & (slots.length - 1);
            }
            slots[at] = key;
            lengths |= key.length() < Long.SIZE ? 1L << key.length() : 0;
        }
        return new KeptKeys(slots, lengths);
    }

    /**
     * The key that the string token at the parser is, when it is kept (one of the named keys, the same string each
     * time), else null.
     */
    String keyAt(JsonParser parser) throws IOException {
        if (slots == null) {
            return parser.getText();
        }
        char[] text = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        int length = parser.getTextLength();
        if (length < Long.SIZE && (lengths & 1L << length) == 0) {
            return null;
        }
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + text[offset + i];
        }
        for (int at = first(hash, slots.length); slots[at] != null; at = (at + 1) & (slots.length - 1)) {
            if (slots[at].length() == length && spells(slots[at], text, offset)) {
                return slots[at];
            }
        }
        return null;
    }

    private static boolean spells(String key, char[] text, int offset) {
        for (int i = 0; i < key.length(); i++) {
            if (key.charAt(i) != text[offset + i]) {
                return false;
            }
        }
        return true;
    }

    private static int first(int hash, int size) {
        return (hash ^ (hash >>> 16)) & (size - 1);
    }
}
