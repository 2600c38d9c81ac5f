package dev.forkline.trace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The one place where Forkline turns bytes into {@code sha256:<hex>} names. */
public final class Hashes {

    public static final String PREFIX = "sha256:";
    private static final int HEX_LENGTH = 64;

    /** One digest per thread for {@link #sha256}: looking the algorithm up for every event was a few percent of an import. */
    private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(Hashes::digest);

    private Hashes() {
    }

    public static String sha256(byte[] content) {
        return sha256(content, 0, content.length);
    }

    /** SHA-256 of {@code content[offset, offset + length)}. */
    public static String sha256(byte[] content, int offset, int length) {
        MessageDigest digest = DIGEST.get();
        digest.update(content, offset, length);
        return PREFIX + HexFormat.of().formatHex(digest.digest());
    }

    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    public static String name(MessageDigest finishedDigest) {
        return PREFIX + HexFormat.of().formatHex(finishedDigest.digest());
    }

    /** The hash of an event: SHA-256 of the RFC 8785 canonical JSON of the event object without its {@code hash}. */
    public static String eventHash(ObjectNode eventJson) {
        return sha256(CanonicalJson.writeWithout(eventJson, "hash").getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code hash} is {@code sha256:} and 64 lowercase hex digits. Called for every event and blob name on import, so no regex. */
    public static boolean isValid(String hash) {
        if (hash == null || hash.length() != PREFIX.length() + HEX_LENGTH || !hash.startsWith(PREFIX)) {
            return false;
        }
        // a character beyond Latin-1 becomes '?', which is not a hex digit
        return isLowerHex(hash.getBytes(StandardCharsets.ISO_8859_1), PREFIX.length(), hash.length());
    }

    /** Whether {@code bytes[from, to)} are all lowercase hex digits; eight at a time. */
    public static boolean isLowerHex(byte[] bytes, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long word = ByteWords.at(bytes, i);
            if ((word & ByteWords.HIGH_BITS) != 0) {
                return false;
            }
            // per byte (each below 0x80, so no sum carries into the next): the high bit says ">= lower bound" of
            // b + (0x80 - lower) and "< upper bound" of b + (0x80 - upper)
            long digit = (word + 0x5050505050505050L) & ~(word + 0x4646464646464646L);
            long letter = (word + 0x1F1F1F1F1F1F1F1FL) & ~(word + 0x1919191919191919L);
            if (((digit | letter) & ByteWords.HIGH_BITS) != ByteWords.HIGH_BITS) {
                return false;
            }
        }
        for (; i < to; i++) {
            byte b = bytes[i];
            if (!(b >= '0' && b <= '9' || b >= 'a' && b <= 'f')) {
                return false;
            }
        }
        return true;
    }
}
