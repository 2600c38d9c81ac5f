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

    private Hashes() {
    }

    public static String sha256(byte[] content) {
        return PREFIX + HexFormat.of().formatHex(digest().digest(content));
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
    private static final boolean[] LOWER_HEX = new boolean[128];

    static {
        for (char c : "0123456789abcdef".toCharArray()) {
            LOWER_HEX[c] = true;
        }
    }

    public static boolean isValid(String hash) {
        if (hash == null || hash.length() != PREFIX.length() + HEX_LENGTH || !hash.startsWith(PREFIX)) {
            return false;
        }
        for (int i = PREFIX.length(); i < hash.length(); i++) {
            char c = hash.charAt(i);
            if (c >= LOWER_HEX.length || !LOWER_HEX[c]) {
                return false;
            }
        }
        return true;
    }
}
