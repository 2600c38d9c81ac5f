package dev.forkline.trace.store;

import dev.forkline.trace.Hashes;
import java.util.HexFormat;

/** {@code sha256:<hex>} names as the 32 bytes the store keeps of them, and back. */
final class HashBytes {

    static final int LENGTH = 32;

    private static final HexFormat HEX = HexFormat.of();

    private HashBytes() {
    }

    /** @param name a valid {@code sha256:} name ({@link Hashes#isValid}) */
    static byte[] of(String name) {
        return HEX.parseHex(name, Hashes.PREFIX.length(), name.length());
    }

    static String name(byte[] bytes, int offset) {
        return Hashes.PREFIX + HEX.formatHex(bytes, offset, offset + LENGTH);
    }
}
