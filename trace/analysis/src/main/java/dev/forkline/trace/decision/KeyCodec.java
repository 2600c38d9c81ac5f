package dev.forkline.trace.decision;

import dev.forkline.trace.Hashes;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** Ed25519 key encodings: SPKI (public) and PKCS#8 (private) DER, PEM armour, and the key fingerprint. */
public final class KeyCodec {

    public static final String ALGORITHM = "Ed25519";
    static final String PUBLIC_PEM = "PUBLIC KEY";
    static final String PRIVATE_PEM = "PRIVATE KEY";
    static final String ENCRYPTED_PRIVATE_PEM = "ENCRYPTED PRIVATE KEY";

    private KeyCodec() {
    }

    /** {@code sha256:<hex>} of the key's SubjectPublicKeyInfo (X.509) DER encoding. */
    public static String fingerprint(PublicKey key) {
        return Hashes.sha256(key.getEncoded());
    }

    /** Standard base64 (with padding) of the SubjectPublicKeyInfo DER encoding. */
    public static String spkiBase64(PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    /** @throws IllegalArgumentException when the text is not base64 of an Ed25519 SubjectPublicKeyInfo */
    public static PublicKey publicKeyFromSpki(byte[] der) {
        try {
            PublicKey key = KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(der));
            if (!ALGORITHM.equals(key.getAlgorithm()) && !"EdDSA".equals(key.getAlgorithm())) {
                throw new IllegalArgumentException("not an Ed25519 public key: " + key.getAlgorithm());
            }
            return key;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an Ed25519 public key (SubjectPublicKeyInfo): " + e.getMessage(), e);
        }
    }

    public static PublicKey publicKeyFromBase64(String spkiBase64) {
        return publicKeyFromSpki(strictBase64(spkiBase64, "public key"));
    }

    /**
     * Decodes standard padded base64 and insists on the one canonical spelling: the JDK decoder ignores the unused
     * low bits of the last character, so several spellings decode to the same bytes, and a signed document must not
     * be editable without its signature noticing.
     *
     * @throws IllegalArgumentException when {@code text} is null, not base64, or not canonical
     */
    public static byte[] strictBase64(String text, String what) {
        if (text == null) {
            throw new IllegalArgumentException(what + " is missing");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + " is not valid base64: " + e.getMessage(), e);
        }
        if (!Base64.getEncoder().encodeToString(bytes).equals(text)) {
            throw new IllegalArgumentException(what + " is not in canonical base64");
        }
        return bytes;
    }

    static PrivateKey privateKeyFromPkcs8(byte[] der) {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an Ed25519 private key (PKCS#8): " + e.getMessage(), e);
        }
    }

    /** PEM armour: {@code -----BEGIN label-----}, base64 in 64-character lines, {@code -----END label-----}. */
    static String pem(String label, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
    }

    /**
     * The DER inside the first PEM block with {@code label}; text before and after the block (comments, headers) is
     * ignored, as OpenSSL does.
     *
     * @throws IllegalArgumentException when there is no such block or its body is not base64
     */
    static byte[] unpem(String label, String text) {
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        int start = text.indexOf(begin);
        int stop = start < 0 ? -1 : text.indexOf(end, start + begin.length());
        if (start < 0 || stop < 0) {
            throw new IllegalArgumentException("no '" + begin + "' ... '" + end + "' block");
        }
        String body = text.substring(start + begin.length(), stop).replaceAll("\\s", "");
        try {
            return Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the " + label + " block is not valid base64", e);
        }
    }
}
