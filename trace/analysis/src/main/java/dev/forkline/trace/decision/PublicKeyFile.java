package dev.forkline.trace.decision;

import java.security.PublicKey;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An owner's exported public key: a few header lines naming the owner and the fingerprint, then a standard
 * {@code PUBLIC KEY} PEM block (OpenSSL reads the file as it is; it skips text before the block).
 *
 * <pre>
 * # Forkline decision key (Ed25519)
 * Owner: alice
 * Fingerprint: sha256:4f1c...
 * -----BEGIN PUBLIC KEY-----
 * MCowBQYDK2VwAyEA...
 * -----END PUBLIC KEY-----
 * </pre>
 */
public record PublicKeyFile(String owner, PublicKey publicKey) {

    private static final Pattern OWNER = Pattern.compile("(?m)^Owner:[ \\t]*(\\S+)[ \\t]*\\r?$");
    private static final Pattern FINGERPRINT = Pattern.compile("(?m)^Fingerprint:[ \\t]*(\\S+)[ \\t]*\\r?$");

    public PublicKeyFile {
        Owners.requireValid(owner);
        Objects.requireNonNull(publicKey, "publicKey");
    }

    public String fingerprint() {
        return KeyCodec.fingerprint(publicKey);
    }

    public String toText() {
        return "# Forkline decision key (Ed25519)\n"
                + "Owner: " + owner + "\n"
                + "Fingerprint: " + fingerprint() + "\n"
                + KeyCodec.pem(KeyCodec.PUBLIC_PEM, publicKey.getEncoded());
    }

    /**
     * Reads an exported key. {@code ownerIfAbsent} names the owner of a bare PEM file without an {@code Owner:}
     * line (may be null, then such a file is refused).
     *
     * @throws IllegalArgumentException when the text is not a readable Ed25519 public key, names no owner, or its
     *                                  {@code Fingerprint:} line does not match the key (the file was altered)
     */
    public static PublicKeyFile parse(String text, String source, String ownerIfAbsent) {
        try {
            PublicKey key = KeyCodec.publicKeyFromSpki(KeyCodec.unpem(KeyCodec.PUBLIC_PEM, text));
            String header = headerOf(text);
            Matcher ownerLine = OWNER.matcher(header);
            String owner = ownerLine.find() ? ownerLine.group(1) : ownerIfAbsent;
            if (owner == null) {
                throw new IllegalArgumentException("it names no owner: add a line 'Owner: NAME' before the PEM block, or give the owner explicitly");
            }
            if (ownerIfAbsent != null && !ownerIfAbsent.equals(owner)) {
                throw new IllegalArgumentException("it is the key of owner '" + owner + "', not of '" + ownerIfAbsent + "'");
            }
            Matcher fingerprintLine = FINGERPRINT.matcher(header);
            if (fingerprintLine.find() && !fingerprintLine.group(1).equals(KeyCodec.fingerprint(key))) {
                throw new IllegalArgumentException("its Fingerprint line says " + fingerprintLine.group(1)
                        + " but the key's fingerprint is " + KeyCodec.fingerprint(key));
            }
            return new PublicKeyFile(owner, key);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": not a usable owner public key: " + e.getMessage(), e);
        }
    }

    private static String headerOf(String text) {
        int begin = text.indexOf("-----BEGIN ");
        return begin < 0 ? text : text.substring(0, begin);
    }
}
