package dev.forkline.trace.bundle;

import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;

/** Content-addressed blobs ({@code sha256:<hex>} names), read side. */
public interface BlobSource extends Closeable {

    boolean contains(String hash);

    /** The blob's bytes, or empty when the bundle lacks it. Implementations check the content against its name. */
    Optional<byte[]> read(String hash) throws IOException;

    @Override
    default void close() throws IOException {
    }

    BlobSource NONE = new BlobSource() {
        @Override
        public boolean contains(String hash) {
            return false;
        }

        @Override
        public Optional<byte[]> read(String hash) {
            return Optional.empty();
        }
    };
}
