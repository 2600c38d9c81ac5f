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
 * The local key ring: one Ed25519 key pair per owner, created on first use, plus public keys of other people that
 * the user chose to trust.
 *
 * <pre>
 * &lt;config&gt;/forkline/owners/&lt;owner&gt;/private.pem        PKCS#8 private key + its public key (mode 0600)
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

    /** A key ring kept in {@code ownersDirectory} (tests pass a temporary directory). */
    public OwnerKeys(Path ownersDirectory) {
        this.ownersDirectory = ownersDirectory.toAbsolutePath();
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

    /**
     * The owner's key pair; created (and written with mode 0600) on first use. Two processes creating the same owner's
     * key at once end up with the same key: the first to move its file into place wins, the other loads it.
     */
    public OwnerKey loadOrCreate(String owner) throws IOException {
        Path dir = ownerDirectory(owner);
        Path privateFile = dir.resolve(PRIVATE_FILE);
        if (!Files.exists(privateFile)) {
            createKey(owner, dir, privateFile);
        }
        OwnerKey key = load(owner, privateFile);
        Path publicFile = dir.resolve(PUBLIC_FILE);
        String publicText = key.publicKeyFile().toText();
        if (!Files.exists(publicFile) || !Files.readString(publicFile, StandardCharsets.UTF_8).equals(publicText)) {
            writeAtomically(dir, publicFile, publicText, null, true);
        }
        return key;
    }

    /** Writes the owner's public key (creating the key pair if needed) to {@code target}; returns the written key. */
    public PublicKeyFile exportPublicKey(String owner, Path target) throws IOException {
        PublicKeyFile publicKey = loadOrCreate(owner).publicKeyFile();
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
                    keys.add(load(owner, privateFile).publicKeyFile());
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
     */
    private static void writeAtomically(Path dir, Path target, String text, Set<PosixFilePermission> permissions, boolean replace)
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
                    // another process created the key first: keep theirs
                } catch (UnsupportedOperationException noHardLinks) {
                    if (!Files.exists(target)) {
                        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                    }
                }
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static boolean isPosix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
