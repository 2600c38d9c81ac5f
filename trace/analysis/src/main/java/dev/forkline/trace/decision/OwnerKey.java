package dev.forkline.trace.decision;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Objects;

/** An owner's signing key pair, as loaded from the key ring. {@link #toString()} never shows the private key. */
public final class OwnerKey {

    private final String owner;
    private final PublicKey publicKey;
    private final PrivateKey privateKey;

    public OwnerKey(String owner, PublicKey publicKey, PrivateKey privateKey) {
        this.owner = Owners.requireValid(owner);
        this.publicKey = Objects.requireNonNull(publicKey, "publicKey");
        this.privateKey = Objects.requireNonNull(privateKey, "privateKey");
    }

    public String owner() {
        return owner;
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    PrivateKey privateKey() {
        return privateKey;
    }

    public String fingerprint() {
        return KeyCodec.fingerprint(publicKey);
    }

    public PublicKeyFile publicKeyFile() {
        return new PublicKeyFile(owner, publicKey);
    }

    @Override
    public String toString() {
        return "OwnerKey[" + owner + ", " + fingerprint() + "]";
    }
}
