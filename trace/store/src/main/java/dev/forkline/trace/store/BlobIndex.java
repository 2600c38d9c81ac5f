package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where each stored blob is ({@link BlobPacks}), kept in memory for one open store: read from the packs' entries when
 * first needed, then completed by the writer. Blobs written by a transaction are staged and only published once it
 * has committed, so readers never find a blob that is not committed. Blobs are never changed, so loading and
 * publishing can happen in any order: each only adds the same locations.
 */
final class BlobIndex implements StoreWriter.TransactionListener {

    private final Map<String, BlobPacks.Location> committed = new ConcurrentHashMap<>();
    /** Touched by the writer thread only. */
    private final Map<String, BlobPacks.Location> staged = new HashMap<>();
    private volatile boolean loaded;

    /** Where the committed blob is, or null when it is not stored. */
    BlobPacks.Location find(Connection connection, String hash) throws SQLException, StoreException {
        loadIfNeeded(connection);
        return committed.get(hash);
    }

    /** For the writer, inside its transaction: whether the blob is committed or staged by this transaction. */
    boolean isStored(Connection connection, String hash) throws SQLException, StoreException {
        return find(connection, hash) != null || staged.containsKey(hash);
    }

    /** For the writer: blobs its transaction wrote. */
    void stage(Map<String, BlobPacks.Location> written) {
        staged.putAll(written);
    }

    @Override
    public void committed() {
        committed.putAll(staged);
        staged.clear();
    }

    @Override
    public void rolledBack() {
        staged.clear();
    }

    private void loadIfNeeded(Connection connection) throws SQLException, StoreException {
        if (!loaded) {
            synchronized (this) {
                if (!loaded) {
                    committed.putAll(BlobPacks.locations(connection));
                    loaded = true;
                }
            }
        }
    }
}
