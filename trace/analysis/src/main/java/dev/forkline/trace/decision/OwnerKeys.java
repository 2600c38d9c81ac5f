package dev.forkline.trace.decision;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The local key ring: one Ed25519 key pair per owner, set up on purpose ({@link #create}) and protected by the owner's
 * passphrase, plus public keys of other people that the user chose to trust.
 *
 * <p>A protected key is signed with only once {@linkplain #unlock unlocked} with its passphrase; the public half is
 * stored beside it, so exporting and trusting need no passphrase. Keys written before passphrases existed are plain
 * PKCS#8 ({@link KeyProtection#UNPROTECTED}): {@link #unlock} refuses them with a message saying to
 * {@linkplain #protect protect} them. {@link #loadOrCreate} still makes and reads such plain keys, for tests and
 * fixtures only: Forkline's commands and window never sign with them.
 *
 * <pre>
 * &lt;config&gt;/forkline/owners/&lt;owner&gt;/private.pem        encrypted PKCS#8 private key + its public key (mode 0600)
 * &lt;config&gt;/forkline/owners/&lt;owner&gt;/public.pem         the exportable public key ({@link PublicKeyFile})
 * &lt;config&gt;/forkline/owners/&lt;owner&gt;/trusted/&lt;hex&gt;.pem  imported public keys trusted for that owner
 * </pre>
 *
 * where {@code <config>} is {@code $XDG_CONFIG_HOME} when set to an absolute path, else {@code ~/.config}.
 */
public final class OwnerKeys {

    static final String PRIVATE_FILE = "private.pem";
    static final String PUBLIC_FILE = "public.pem";
    static final String TRUSTED_DIR = "trusted";
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");
    private static final byte[] PAIR_CHECK = "forkline key pair check".getBytes(StandardCharsets.US_ASCII);

    private final Path ownersDirectory;
    private final int iterations;

    /** A key ring kept in {@code ownersDirectory} (tests pass a temporary directory). */
    public OwnerKeys(Path ownersDirectory) {
        this(ownersDirectory, PassphraseCipher.DEFAULT_ITERATIONS);
    }

    /**
     * A key ring whose new and newly protected keys derive their encryption key with {@code iterations} rounds of PBKDF2
     * (the count is stored in each key file, so any count unlocks). Fewer rounds make unlocking cheaper for an
     * attacker who copied the file: only tests lower it.
     */
    public OwnerKeys(Path ownersDirectory, int iterations) {
        if (iterations < 1000) {
            throw new IllegalArgumentException("at least 1000 PBKDF2 iterations, not " + iterations);
        }
        this.ownersDirectory = ownersDirectory.toAbsolutePath();
        this.iterations = iterations;
    }

    /** The key ring in the user's configuration directory. */
    public static OwnerKeys inUserConfig() {
        return new OwnerKeys(defaultOwnersDirectory(System.getenv(), System.getProperty("user.home")));
    }

    /** {@code $XDG_CONFIG_HOME/forkline/owners}, or {@code <home>/.config/forkline/owners} when it is unset or relative. */
    public static Path defaultOwnersDirectory(Map<String, String> environment, String userHome) {
        String xdg = environment.get("XDG_CONFIG_HOME");
        Path config = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : Path.of(userHome, ".config");
        return config.resolve("forkline").resolve("owners");
    }

    public Path directory() {
        return ownersDirectory;
    }

    public Path ownerDirectory(String owner) {
        return ownersDirectory.resolve(Owners.requireValid(owner));
    }

    public boolean hasKey(String owner) {
        return Files.isRegularFile(ownerDirectory(owner).resolve(PRIVATE_FILE));
    }

    /** Whether the owner has a key of her own here, and how it is kept. */
    public KeyProtection protection(String owner) throws IOException {
        Path privateFile = ownerDirectory(owner).resolve(PRIVATE_FILE);
        if (!Files.isRegularFile(privateFile)) {
            return KeyProtection.NONE;
        }
        return isEncrypted(Files.readString(privateFile, StandardCharsets.US_ASCII)) ? KeyProtection.PASSPHRASE : KeyProtection.UNPROTECTED;
    }

    /** The owners who have a key of their own in this ring (protected or not), by name. */
    public List<String> owners() throws IOException {
        if (!Files.isDirectory(ownersDirectory)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(ownersDirectory)) {
            return dirs.filter(dir -> Owners.isValid(dir.getFileName().toString()) && Files.isRegularFile(dir.resolve(PRIVATE_FILE)))
                    .map(dir -> dir.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Sets up the owner's key: a new Ed25519 pair, its private half encrypted with {@code passphrase}, written with mode
     * 0600. Returns it unlocked. The caller clears the passphrase.
     *
     * @throws OwnerKeyUnavailableException ({@code ALREADY_EXISTS}) when the owner has a key here already
     * @throws IllegalArgumentException     when the owner name or the passphrase (at least 8 characters) is not usable
     */
    public OwnerKey create(String owner, char[] passphrase) throws IOException {
        Path dir = ownerDirectory(owner);
        Path privateFile = dir.resolve(PRIVATE_FILE);
        PassphraseCipher.requireUsable(passphrase);
        if (Files.exists(privateFile)) {
            throw alreadyExists(owner, privateFile);
        }
        createPrivateDirectories(dir);
        KeyPair pair;
        try {
            pair = KeyPairGenerator.getInstance(KeyCodec.ALGORITHM).generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks Ed25519", e);
        }
        if (!writeAtomically(dir, privateFile, protectedText(owner, pair.getPrivate(), pair.getPublic(), passphrase), OWNER_ONLY_FILE, false)) {
            throw alreadyExists(owner, privateFile);
        }
        OwnerKey key = new OwnerKey(owner, pair.getPublic(), pair.getPrivate());
        writePublicFile(dir, key.publicKeyFile());
        return key;
    }

    /**
     * The owner's key, decrypted with her passphrase, for signing. The caller clears the passphrase.
     *
     * @throws OwnerKeyUnavailableException when the owner has no key ({@code NO_KEY}), it is not protected by a passphrase
     *                                      ({@code NOT_PROTECTED}: protect it first), or the passphrase does not unlock it
     *                                      ({@code WRONG_PASSPHRASE})
     */
    public OwnerKey unlock(String owner, char[] passphrase) throws IOException {
        Path privateFile = ownerDirectory(owner).resolve(PRIVATE_FILE);
        String text = readKeyFile(owner, privateFile);
        if (!isEncrypted(text)) {
            throw new OwnerKeyUnavailableException(owner, OwnerKeyUnavailableException.Reason.NOT_PROTECTED, "the key of '" + owner
                    + "' (" + privateFile + ") is not protected by a passphrase: any program running as you, an agent included, could "
                    + "sign as " + owner + " with it, so Forkline does not sign with it. Protect it first: forkline keys protect --owner " + owner);
        }
        try {
            PublicKey publicKey = KeyCodec.publicKeyFromSpki(KeyCodec.unpem(KeyCodec.PUBLIC_PEM, text));
            byte[] pkcs8 = PassphraseCipher.decrypt(KeyCodec.unpem(KeyCodec.ENCRYPTED_PRIVATE_PEM, text), passphrase == null ? new char[0] : passphrase);
            PrivateKey privateKey = pkcs8 == null ? null : privateKeyOrNull(pkcs8);
            if (privateKey == null || !isPair(privateKey, publicKey)) {
                throw new OwnerKeyUnavailableException(owner, OwnerKeyUnavailableException.Reason.WRONG_PASSPHRASE, "the passphrase does "
                        + "not unlock the key of '" + owner + "' (" + privateFile + ")" + " (if it did before, the key file has been replaced: "
                        + "see docs/decisions.md, threat model)");
            }
            return new OwnerKey(owner, publicKey, privateKey);
        } catch (IllegalArgumentException e) {
            throw new IOException(privateFile + ": unreadable owner key: " + e.getMessage(), e);
        }
    }

    /**
     * Encrypts an unprotected key with {@code passphrase}, in place (the same key: decisions it signed still verify).
     *
     * @throws OwnerKeyUnavailableException ({@code NO_KEY}) when the owner has no key; a key already protected is left as
     *                                      it is and reported as {@code ALREADY_EXISTS}
     */
    public OwnerKey protect(String owner, char[] passphrase) throws IOException {
        Path dir = ownerDirectory(owner);
        Path privateFile = dir.resolve(PRIVATE_FILE);
        PassphraseCipher.requireUsable(passphrase);
        String text = readKeyFile(owner, privateFile);
        if (isEncrypted(text)) {
            throw new OwnerKeyUnavailableException(owner, OwnerKeyUnavailableException.Reason.ALREADY_EXISTS,
                    "the key of '" + owner + "' (" + privateFile + ") is already protected by a passphrase");
        }
        OwnerKey key = load(owner, privateFile);
        writeAtomically(dir, privateFile, protectedText(owner, key.privateKey(), key.publicKey(), passphrase), OWNER_ONLY_FILE, true);
        writePublicFile(dir, key.publicKeyFile());
        return key;
    }

    /** The owner's own public key, read without her passphrase. */
    public PublicKeyFile publicKey(String owner) throws IOException {
        Path privateFile = ownerDirectory(owner).resolve(PRIVATE_FILE);
        return new PublicKeyFile(owner, readPublicKey(privateFile, readKeyFile(owner, privateFile)));
    }

    /**
     * An unprotected key pair, created (mode 0600) on first use: for tests and fixtures. Forkline's commands and window
     * never sign with it ({@link #unlock} refuses unprotected keys). Two processes creating the same owner's key at once
     * end up with the same key: the first to move its file into place wins, the other loads it.
     *
     * @throws OwnerKeyUnavailableException ({@code LOCKED}) when the owner's key is protected by a passphrase
     */
    public OwnerKey loadOrCreate(String owner) throws IOException {
        Path dir = ownerDirectory(owner);
        Path privateFile = dir.resolve(PRIVATE_FILE);
        if (!Files.exists(privateFile)) {
            createKey(owner, dir, privateFile);
        }
        if (protection(owner) == KeyProtection.PASSPHRASE) {
            throw new OwnerKeyUnavailableException(owner, OwnerKeyUnavailableException.Reason.LOCKED,
                    "the key of '" + owner + "' (" + privateFile + ") is protected by a passphrase: unlock it with the passphrase");
        }
        OwnerKey key = load(owner, privateFile);
        writePublicFile(dir, key.publicKeyFile());
        return key;
    }

    /**
     * Writes the owner's public key to {@code target}; returns the written key.
     *
     * @throws OwnerKeyUnavailableException ({@code NO_KEY}) when the owner has no key here: nothing is created
     */
    public PublicKeyFile exportPublicKey(String owner, Path target) throws IOException {
        PublicKeyFile publicKey = publicKey(owner);
        Files.writeString(target, publicKey.toText(), StandardCharsets.UTF_8);
        return publicKey;
    }

    /**
     * Trusts the public key in {@code keyFile} for the owner it names (or {@code owner} when the file names none;
     * when both are given they must agree). Importing the same key twice is harmless.
     *
     * @throws IllegalArgumentException when the file is not a usable key
     */
    public PublicKeyFile importTrusted(Path keyFile, String owner) throws IOException {
        if (owner != null) {
            Owners.requireValid(owner);
        }
        PublicKeyFile key = PublicKeyFile.parse(Files.readString(keyFile, StandardCharsets.UTF_8), keyFile.toString(), owner);
        Path trustedDir = ownerDirectory(key.owner()).resolve(TRUSTED_DIR);
        createPrivateDirectories(trustedDir);
        String name = key.fingerprint().substring("sha256:".length()) + ".pem";
        writeAtomically(trustedDir, trustedDir.resolve(name), key.toText(), null, true);
        return key;
    }

    /** Every owner's own public key and every imported key, each trusted for its owner only. */
    public TrustedKeys trustedKeys() throws IOException {
        List<PublicKeyFile> keys = new ArrayList<>();
        if (!Files.isDirectory(ownersDirectory)) {
            return TrustedKeys.none();
        }
        try (Stream<Path> owners = Files.list(ownersDirectory)) {
            for (Path ownerDir : owners.sorted().toList()) {
                String owner = ownerDir.getFileName().toString();
                if (!Owners.isValid(owner) || !Files.isDirectory(ownerDir)) {
                    continue;
                }
                Path privateFile = ownerDir.resolve(PRIVATE_FILE);
                if (Files.isRegularFile(privateFile)) {
                    String text = Files.readString(privateFile, StandardCharsets.US_ASCII);
                    keys.add(isEncrypted(text) ? new PublicKeyFile(owner, readPublicKey(privateFile, text)) : load(owner, privateFile).publicKeyFile());
                }
                Path trustedDir = ownerDir.resolve(TRUSTED_DIR);
                if (Files.isDirectory(trustedDir)) {
                    try (Stream<Path> files = Files.list(trustedDir)) {
                        for (Path file : files.filter(f -> f.toString().endsWith(".pem")).sorted().toList()) {
                            keys.add(PublicKeyFile.parse(Files.readString(file, StandardCharsets.UTF_8), file.toString(), owner));
                        }
                    }
                }
            }
        }
        return TrustedKeys.of(keys);
    }

    private void createKey(String owner, Path dir, Path privateFile) throws IOException {
        createPrivateDirectories(dir);
        KeyPair pair;
        try {
            pair = KeyPairGenerator.getInstance(KeyCodec.ALGORITHM).generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks Ed25519", e);
        }
        // The public key is stored next to the private one: the JDK cannot derive it from a PKCS#8 Ed25519 key.
        String text = "# Forkline decision key of " + owner + " (Ed25519). Keep this file private.\n"
                + KeyCodec.pem(KeyCodec.PRIVATE_PEM, pair.getPrivate().getEncoded())
                + KeyCodec.pem(KeyCodec.PUBLIC_PEM, pair.getPublic().getEncoded());
        writeAtomically(dir, privateFile, text, OWNER_ONLY_FILE, false);
    }

    private static OwnerKeyUnavailableException alreadyExists(String owner, Path privateFile) {
        return new OwnerKeyUnavailableException(owner, OwnerKeyUnavailableException.Reason.ALREADY_EXISTS, "'" + owner
                + "' already has a key (" + privateFile + "): Forkline never replaces a key; to start again, move that directory away");
    }

    private String readKeyFile(String owner, Path privateFile) throws IOException {
        if (!Files.isRegularFile(privateFile)) {
            throw new OwnerKeyUnavailableException(owner, OwnerKeyUnavailableException.Reason.NO_KEY, "no key is set up for owner '"
                    + owner + "' in " + ownersDirectory + ": set one up with 'forkline keys init --owner " + owner
                    + "' (or Set up a key… in the window's Decide form)");
        }
        return Files.readString(privateFile, StandardCharsets.US_ASCII);
    }

    private static boolean isEncrypted(String keyFileText) {
        return keyFileText.contains("-----BEGIN " + KeyCodec.ENCRYPTED_PRIVATE_PEM + "-----");
    }

    private static PublicKey readPublicKey(Path privateFile, String text) throws IOException {
        try {
            return KeyCodec.publicKeyFromSpki(KeyCodec.unpem(KeyCodec.PUBLIC_PEM, text));
        } catch (IllegalArgumentException e) {
            throw new IOException(privateFile + ": unreadable owner key: " + e.getMessage(), e);
        }
    }

    private String protectedText(String owner, PrivateKey privateKey, PublicKey publicKey, char[] passphrase) {
        return "# Forkline decision key of " + owner + " (Ed25519), encrypted with the owner's passphrase. Keep this file private.\n"
                + KeyCodec.pem(KeyCodec.ENCRYPTED_PRIVATE_PEM, PassphraseCipher.encrypt(privateKey.getEncoded(), passphrase, iterations))
                + KeyCodec.pem(KeyCodec.PUBLIC_PEM, publicKey.getEncoded());
    }

    private static PrivateKey privateKeyOrNull(byte[] pkcs8) {
        try {
            return KeyCodec.privateKeyFromPkcs8(pkcs8);
        } catch (IllegalArgumentException wrongPassphrase) {
            return null;
        }
    }

    private static boolean isPair(PrivateKey privateKey, PublicKey publicKey) {
        try {
            requireMatchingPair(privateKey, publicKey);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static void writePublicFile(Path dir, PublicKeyFile publicKey) throws IOException {
        Path publicFile = dir.resolve(PUBLIC_FILE);
        String publicText = publicKey.toText();
        if (!Files.exists(publicFile) || !Files.readString(publicFile, StandardCharsets.UTF_8).equals(publicText)) {
            writeAtomically(dir, publicFile, publicText, null, true);
        }
    }

    private static OwnerKey load(String owner, Path privateFile) throws IOException {
        String text = Files.readString(privateFile, StandardCharsets.US_ASCII);
        try {
            PrivateKey privateKey = KeyCodec.privateKeyFromPkcs8(KeyCodec.unpem(KeyCodec.PRIVATE_PEM, text));
            PublicKey publicKey = KeyCodec.publicKeyFromSpki(KeyCodec.unpem(KeyCodec.PUBLIC_PEM, text));
            requireMatchingPair(privateKey, publicKey);
            return new OwnerKey(owner, publicKey, privateKey);
        } catch (IllegalArgumentException e) {
            throw new IOException(privateFile + ": unreadable owner key: " + e.getMessage(), e);
        }
    }

    private static void requireMatchingPair(PrivateKey privateKey, PublicKey publicKey) {
        try {
            Signature signer = Signature.getInstance(KeyCodec.ALGORITHM);
            signer.initSign(privateKey);
            signer.update(PAIR_CHECK);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(KeyCodec.ALGORITHM);
            verifier.initVerify(publicKey);
            verifier.update(PAIR_CHECK);
            if (!verifier.verify(signature)) {
                throw new IllegalArgumentException("its public key does not belong to its private key");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static void createPrivateDirectories(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        if (isPosix(dir)) {
            Path parent = dir.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
            } catch (FileAlreadyExistsException raced) {
                // another process created it: fine
            }
        } else {
            Files.createDirectories(dir);
        }
    }

    /**
     * Writes via a temporary file in the same directory, forced to disk, then moved into place: a reader never sees
     * a half-written key. With {@code replace} false an existing target is kept (the temporary file is dropped).
     *
     * @return whether {@code text} is what the target now holds (false: another process's file was there first)
     */
    private static boolean writeAtomically(Path dir, Path target, String text, Set<PosixFilePermission> permissions, boolean replace)
            throws IOException {
        Files.createDirectories(dir);
        FileAttribute<?>[] attributes = permissions != null && isPosix(dir)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)}
                : new FileAttribute<?>[0];
        Path temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp", attributes);
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            if (replace) {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                try {
                    // A hard link fails when the target exists, which a rename would silently overwrite.
                    Files.createLink(target, temp);
                } catch (FileAlreadyExistsException raced) {
                    return false; // another process created the key first: keep theirs
                } catch (UnsupportedOperationException noHardLinks) {
                    if (Files.exists(target)) {
                        return false;
                    }
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                }
            }
            return true;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static boolean isPosix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
