package dev.forkline.importers.convert;

import dev.forkline.trace.Hashes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.stream.Stream;

/**
 * The SHA-256 of a trace source, as {@code sha256:<hex>}: of a file's bytes, or of a folder's regular files as the
 * sorted lines {@code <relative path with /> <sha256 of the file>\n} (so a folder's digest changes when any file's
 * name or content does). Streamed: the file is never held whole.
 */
public final class SourceDigest {

    private SourceDigest() {
    }

    public static String of(Path source) throws IOException {
        if (!Files.isDirectory(source)) {
            return Hashes.name(fileDigest(source));
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(source)) {
            files = walk.filter(Files::isRegularFile).map(source::relativize).sorted().toList();
        }
        MessageDigest listing = Hashes.digest();
        for (Path relative : files) {
            String line = relative.toString().replace('\\', '/') + " " + Hashes.name(fileDigest(source.resolve(relative))) + "\n";
            listing.update(line.getBytes(StandardCharsets.UTF_8));
        }
        return Hashes.name(listing);
    }

    private static MessageDigest fileDigest(Path file) throws IOException {
        MessageDigest digest = Hashes.digest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[64 * 1024];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
        }
        return digest;
    }
}
