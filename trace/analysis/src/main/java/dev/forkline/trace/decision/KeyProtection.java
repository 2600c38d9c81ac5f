package dev.forkline.trace.decision;

/** How an owner's private key is kept in the key ring. */
public enum KeyProtection {
    /** The owner has no key of her own in this ring (set one up with {@code forkline keys init}). */
    NONE,
    /** Encrypted with the owner's passphrase (PKCS#8 EncryptedPrivateKeyInfo, PBES2: PBKDF2-HMAC-SHA256 and AES-256-CBC). */
    PASSPHRASE,
    /** A plain PKCS#8 key, as older versions wrote it: any program running as the user can sign with it. Refused for signing. */
    UNPROTECTED
}
