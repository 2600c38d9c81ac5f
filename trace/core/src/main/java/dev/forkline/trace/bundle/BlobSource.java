package dev.forkline.trace.bundle;

import java.io.Closeable;
import java.io.IOException;
import java.util.Optional;

/** Content-addressed blobs ({@code sha256:<hex>} names), read side. */
public interface BlobSource extends Closeable {

    boolean contains(String hash);

    /** The blob's bytes, or empty when the bundle lacks it. Implementations check the content against its name. */
    Optional<byte[]> read(String hash) throws IOException;

    /**
     * Whether {@link #read} may be called from several threads at once. A source that says no (the default: a store's
     * connection, an archive's reader) is read by one thread at a time where several could ask.
     */
    default boolean readsConcurrently() {
        return false;
    }

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
