package dev.forkline.trace.decision;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.spec.PKCS8EncodedKeySpec;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;

/**
 * Encrypts a PKCS#8 private key with a passphrase as a PKCS#8 EncryptedPrivateKeyInfo (RFC 5958) using PBES2 (RFC 8018):
 * PBKDF2 with HMAC-SHA256 (random 16-byte salt, the given iteration count) and AES-256-CBC (random IV), all from the
 * JDK. OpenSSL reads the result ({@code openssl pkey -in private.pem}). The salt, iteration count and IV are in the
 * encoding, so a key written with any iteration count decrypts.
 */
final class PassphraseCipher {

    static final String ALGORITHM = "PBEWithHmacSHA256AndAES_256";
    /** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256; about half a second on a laptop, once per unlock. */
    static final int DEFAULT_ITERATIONS = 600_000;
    static final int MIN_PASSPHRASE_LENGTH = 8;

    private static final SecureRandom RANDOM = new SecureRandom();

    private PassphraseCipher() {
    }

    /** @throws IllegalArgumentException when the passphrase is shorter than {@value #MIN_PASSPHRASE_LENGTH} characters */
    static void requireUsable(char[] passphrase) {
        if (passphrase == null || passphrase.length < MIN_PASSPHRASE_LENGTH) {
            throw new IllegalArgumentException("a passphrase needs at least " + MIN_PASSPHRASE_LENGTH + " characters");
        }
    }

    static byte[] encrypt(byte[] pkcs8, char[] passphrase, int iterations) {
        requireUsable(passphrase);
        byte[] salt = new byte[16];
        byte[] iv = new byte[16];
        RANDOM.nextBytes(salt);
        RANDOM.nextBytes(iv);
        try {
            Cipher cipher = Cipher.getInstance(ALGORITHM);
            cipher.init(Cipher.ENCRYPT_MODE, secret(passphrase), new PBEParameterSpec(salt, iterations, new IvParameterSpec(iv)));
            byte[] encrypted = cipher.doFinal(pkcs8);
            // The JDK encodes PBES2 parameters only under their generic name.
            AlgorithmParameters pbes2 = AlgorithmParameters.getInstance("PBES2");
            pbes2.init(cipher.getParameters().getEncoded());
            return new EncryptedPrivateKeyInfo(pbes2, encrypted).getEncoded();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("the JDK cannot encrypt with " + ALGORITHM + ": " + e.getMessage(), e);
        }
    }

    /**
     * The PKCS#8 key inside, or null when the passphrase does not decrypt it (a wrong passphrase fails the padding check
     * or, rarely, yields bytes the caller's key-pair check rejects).
     *
     * @throws IllegalArgumentException when the encoding is not a PBES2 EncryptedPrivateKeyInfo this JDK can read
     */
    static byte[] decrypt(byte[] encryptedInfo, char[] passphrase) {
        EncryptedPrivateKeyInfo info;
        AlgorithmParameters parameters;
        try {
            info = new EncryptedPrivateKeyInfo(encryptedInfo);
            parameters = info.getAlgParameters();
        } catch (IOException e) {
            throw new IllegalArgumentException("not an EncryptedPrivateKeyInfo: " + e.getMessage(), e);
        }
        if (parameters == null) {
            throw new IllegalArgumentException("the encrypted key has no PBES2 parameters");
        }
        String algorithm = parameters.toString(); // e.g. PBEWithHmacSHA256AndAES_256, as the parameters name it
        try {
            Cipher cipher = Cipher.getInstance(algorithm);
            cipher.init(Cipher.DECRYPT_MODE, secret(passphrase, algorithm), parameters);
            PKCS8EncodedKeySpec spec = info.getKeySpec(cipher);
            return spec.getEncoded();
        } catch (java.security.spec.InvalidKeySpecException wrongPassphrase) {
            return null;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot decrypt with " + algorithm + ": " + e.getMessage(), e);
        }
    }

    private static SecretKey secret(char[] passphrase) throws GeneralSecurityException {
        return secret(passphrase, ALGORITHM);
    }

    private static SecretKey secret(char[] passphrase, String algorithm) throws GeneralSecurityException {
        PBEKeySpec spec = new PBEKeySpec(passphrase);
        try {
            return SecretKeyFactory.getInstance(algorithm).generateSecret(spec);
        } finally {
            spec.clearPassword();
        }
    }
}
