package dev.forkline.trace.bundle;

import dev.forkline.trace.Hashes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/** Blobs as files {@code blobs/<hex>} in a bundle directory; written once, by hash. */
public final class DirectoryBlobStore implements BlobSource {

    private final Path directory;

    public DirectoryBlobStore(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    static String fileName(String hash) {
        if (!Hashes.isValid(hash)) {
            throw new IllegalArgumentException("not a blob name: '" + hash + "'");
        }
        return hash.substring(Hashes.PREFIX.length());
    }

    @Override
    public boolean contains(String hash) {
        // A link is never followed: a bundle from a stranger must not make Forkline read files outside it.
        return Hashes.isValid(hash) && Files.isRegularFile(directory.resolve(fileName(hash)), LinkOption.NOFOLLOW_LINKS);
    }

    /** Each read opens its own file. */
    @Override
    public boolean readsConcurrently() {
        return true;
    }

    @Override
    public Optional<byte[]> read(String hash) throws IOException {
        if (!contains(hash)) {
            return Optional.empty();
        }
        byte[] content = Files.readAllBytes(directory.resolve(fileName(hash)));
        CorruptBlobException.check(hash, content);
        return Optional.of(content);
    }

    /** Stores the content under its hash (no-op when already present) and returns the hash. */
    public String write(byte[] content) throws IOException {
        String hash = Hashes.sha256(content);
        Path target = directory.resolve(fileName(hash));
        if (!Files.exists(target)) {
            Files.createDirectories(directory);
            Path temp = Files.createTempFile(directory, ".blob-", ".tmp");
            Files.write(temp, content);
            SharedPermissions.makeReadable(temp, false);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        return hash;
    }
}
