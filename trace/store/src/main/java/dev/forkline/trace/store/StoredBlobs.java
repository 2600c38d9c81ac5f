package dev.forkline.trace.store;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.CorruptBlobException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** The stored blobs ({@link BlobPacks}) as a {@link BlobSource}: reads on the caller's thread, checks each blob against its name. */
final class StoredBlobs implements BlobSource {

    private final InterruptSafePool pool;
    private final BlobIndex index;

    StoredBlobs(InterruptSafePool pool, BlobIndex index) {
        this.pool = pool;
        this.index = index;
    }

    @Override
    public boolean contains(String hash) {
        try (Connection connection = pool.getConnection()) {
            return index.find(connection, hash) != null;
        } catch (SQLException | StoreException e) {
            throw new IllegalStateException("cannot read the trace store: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<byte[]> read(String hash) throws IOException {
        Optional<byte[]> content;
        try (Connection connection = pool.getConnection()) {
            BlobPacks.Location location = index.find(connection, hash);
            content = location == null ? Optional.empty() : Optional.of(BlobPacks.read(connection, hash, location));
        } catch (SQLException | StoreException e) {
            throw new IOException("cannot read blob " + hash + " from the trace store: " + e.getMessage(), e);
        }
        if (content.isPresent()) {
            String actual = Hashes.sha256(content.get());
            if (!actual.equals(hash)) {
                throw new CorruptBlobException(hash, actual);
            }
        }
        return content;
    }
}
