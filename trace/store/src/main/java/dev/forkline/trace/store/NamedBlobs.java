package dev.forkline.trace.store;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.CorruptBlobException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The blobs that a write's events name, stored as they are named (between chunk inserts, so that reading them
 * overlaps with the chunks being prepared and written out): each new one is read from the source, checked against its
 * name and packed once; the trace's references are written by {@link #finish}. Names the source lacks and that are not
 * stored either are taken for something else (e.g. an image digest) and left alone.
 */
final class NamedBlobs implements AutoCloseable {

    private final Connection connection;
    private final BlobIndex index;
    private final String traceId;
    private final BlobSource source;
    private final boolean storedBefore;
    private final Set<String> seen = new HashSet<>();
    private final List<String> toRefer = new ArrayList<>();
    /** Read and opened at the first name: most appends (a decision) name no blob. */
    private Set<String> referred;
    private BlobPacks.Writer packs;

    NamedBlobs(Connection connection, BlobIndex index, String traceId, BlobSource source, boolean storedBefore) {
        this.connection = connection;
        this.index = index;
        this.traceId = traceId;
        this.source = source;
        this.storedBefore = storedBefore;
    }

    void add(String hash) throws SQLException, IOException, StoreException {
        if (packs == null) {
            referred = storedBefore ? TraceBlobRefs.of(connection, traceId) : Set.of();
            packs = new BlobPacks.Writer(connection);
        }
        if (!seen.add(hash) || referred.contains(hash)) {
            return;
        }
        if (index.isStored(connection, hash)) {
            toRefer.add(hash);
            return;
        }
        // read without asking contains() first: for a directory that is one file lookup less per blob
        Optional<byte[]> found = source.read(hash);
        if (found.isEmpty()) {
            return;
        }
        byte[] content = found.get();
        String actual = Hashes.sha256(content);
        if (!actual.equals(hash)) {
            throw new CorruptBlobException(hash, actual);
        }
        packs.add(hash, content);
        toRefer.add(hash);
    }

    /** Writes the last pack and the trace's new references. @return how many blobs were stored */
    int finish() throws SQLException {
        if (packs == null) {
            return 0;
        }
        packs.flush();
        index.stage(packs.written());
        TraceBlobRefs.add(connection, traceId, toRefer);
        return packs.written().size();
    }

    @Override
    public void close() throws SQLException {
        if (packs != null) {
            packs.close();
        }
    }
}
