package dev.forkline.importers.support;

import java.io.IOException;

/**
 * Hears how many bytes of a file an importer has read so far (a block at a time), to pass on to a
 * {@link dev.forkline.importers.ReadingWatcher} with the means to import that part.
 */
@FunctionalInterface
public interface BytesRead {

    /** Hears nothing. */
    BytesRead NONE = bytes -> {
    };

    void read(long bytes) throws IOException;

    /**
     * This listener, told only of counts beyond the largest told so far: for a pass that asks after every line while
     * its count grows a block at a time, and for an importer that reads the start of a file twice (a first pass that
     * stops early, then the pass that follows it).
     */
    default BytesRead growingOnly() {
        BytesRead listener = this;
        return new BytesRead() {
            private long told;

            @Override
            public void read(long bytes) throws IOException {
                if (bytes > told) {
                    told = bytes;
                    listener.read(bytes);
                }
            }
        };
    }
}
