package dev.forkline.trace.store;

import dev.forkline.trace.Hashes;
import java.util.HexFormat;

/**
 * A digest of a trace's events that does not depend on their order and can be extended when events are appended:
 * the sum, modulo 2^256, of the events' hashes. Equal digests and equal counts let a re-import be recognised as
 * unchanged without reading the stored events back; a mismatch only means "compare event by event".
 */
final class ContentDigest {

    static final String PREFIX = "sum256:";

    // Big-endian 64-bit limbs: words[0] is the most significant.
    private final long[] words = new long[4];

    static ContentDigest parse(String text) {
        ContentDigest digest = new ContentDigest();
        if (text == null || !text.startsWith(PREFIX) || text.length() != PREFIX.length() + 64) {
            throw new IllegalArgumentException("not a content digest: " + text);
        }
        byte[] bytes = HexFormat.of().parseHex(text, PREFIX.length(), text.length());
        for (int i = 0; i < 4; i++) {
            digest.words[i] = bytesToLong(bytes, i * 8);
        }
        return digest;
    }

    /** Adds an event's hash ({@code sha256:<hex>}). */
    void add(String eventHash) {
        if (!Hashes.isValid(eventHash)) {
            throw new IllegalArgumentException("not an event hash: " + eventHash);
        }
        add(HexFormat.of().parseHex(eventHash, Hashes.PREFIX.length(), eventHash.length()), 0);
    }

    /** Adds an event's hash given as its 32 bytes at {@code offset}. */
    void add(byte[] hash, int offset) {
        long carry = 0;
        for (int i = 3; i >= 0; i--) {
            long addend = bytesToLong(hash, offset + i * 8);
            long partial = words[i] + addend;
            long overflowed = Long.compareUnsigned(partial, words[i]) < 0 ? 1 : 0;
            long sum = partial + carry;
            if (carry == 1 && sum == 0) {
                overflowed = 1;
            }
            words[i] = sum;
            carry = overflowed;
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(PREFIX);
        for (long word : words) {
            text.append(HexFormat.of().toHexDigits(word));
        }
        return text.toString();
    }

    private static long bytesToLong(byte[] bytes, int offset) {
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = value << 8 | (bytes[offset + i] & 0xff);
        }
        return value;
    }
}
