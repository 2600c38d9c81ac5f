package dev.forkline.importers.support;

import java.io.IOException;

/**
 * Hears how many bytes of a file an importer's first pass has read so far (a block at a time), to pass on to a
 * {@link dev.forkline.importers.ReadingWatcher} with the means to import that part.
 */
@FunctionalInterface
public interface BytesRead {

    /** Hears nothing. */
    BytesRead NONE = bytes -> {
    };

    void read(long bytes) throws IOException;
}
