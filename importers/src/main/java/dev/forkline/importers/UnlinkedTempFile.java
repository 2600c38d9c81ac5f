package dev.forkline.importers;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A temporary file for what an import holds beyond its memory (events, blobs), removed from its folder as soon as it is
 * open where the platform allows deleting an open file: it then never outlives the import, whatever ends it (a failure,
 * a cancel, the JVM killed or out of memory), and its space is freed when it is closed, which happens once its owner is
 * unreachable. Where deleting an open file fails (Windows), it is deleted then, at the latest at exit.
 *
 * @param file the open file, read and written by position
 * @param name where it was created, for messages
 * @param left the file's path when it could not be deleted while open, else null
 */
record UnlinkedTempFile(RandomAccessFile file, String name, Path left) {

    private static final Cleaner CLEANER = Cleaner.create();

    /**
     * Creates and opens the file in {@code directory} (the system's temporary folder when null); it stays open until
     * {@link #closeWhenUnreachable} names its owner and that is gone (or the JVM ends).
     *
     * @param what what the file is for, for messages ("the import's events")
     */
    static UnlinkedTempFile create(Path directory, String suffix, String what) throws IOException {
        Path path;
        try {
            path = directory == null ? Files.createTempFile("forkline-import-", suffix)
                    : Files.createTempFile(directory, "forkline-import-", suffix);
        } catch (IOException e) {
            throw new IOException("cannot create a temporary file for " + what + ": " + e.getMessage(), e);
        }
        RandomAccessFile file;
        try {
            file = new RandomAccessFile(path.toFile(), "rw");
        } catch (IOException e) {
            deleteQuietly(path);
            throw new IOException("cannot open the temporary file " + path + " for " + what + ": " + e.getMessage(), e);
        }
        Path left = path;
        try {
            Files.delete(path);
            left = null;
        } catch (IOException stillOpen) {
            path.toFile().deleteOnExit();
        }
        return new UnlinkedTempFile(file, path.toString(), left);
    }

    /** Closes the file once {@code owner} is unreachable (and deletes it then if it could not be deleted while open). */
    void closeWhenUnreachable(Object owner) {
        CLEANER.register(owner, new Release(file, left));
    }

    /** Closes the file once its owner is unreachable, and deletes it if it could not be deleted while open. */
    private record Release(RandomAccessFile file, Path left) implements Runnable {
        @Override
        public void run() {
            try {
                file.close();
            } catch (IOException ignored) {
                // nothing more to do for a file nobody reads
            }
            if (left != null) {
                deleteQuietly(left);
            }
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // deleteOnExit tries again
        }
    }
}
