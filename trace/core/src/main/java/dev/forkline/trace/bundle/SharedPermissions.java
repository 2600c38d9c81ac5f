package dev.forkline.trace.bundle;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Temporary files and folders are created private (0600/0700); a bundle is meant to be shared and read by others,
 * so what becomes part of one is opened up to the usual 0644/0755 once it is written.
 */
final class SharedPermissions {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private SharedPermissions() {
    }

    static void makeReadable(Path path, boolean directory) throws IOException {
        if (POSIX) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(directory ? "rwxr-xr-x" : "rw-r--r--"));
        }
    }
}
