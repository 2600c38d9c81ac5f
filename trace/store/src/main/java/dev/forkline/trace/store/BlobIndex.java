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
 *
 * <p>Other processes may write to the same database ({@code AUTO_SERVER}, see {@link DatabaseLocation#jdbcUrl}): a
 * blob not found in memory is looked for again in the packs written since the index last read them (packs are
 * numbered upwards and never changed), so a blob another process committed is found too.
 */
final class BlobIndex implements StoreWriter.TransactionListener {

    private final Map<String, BlobPacks.Location> committed = new ConcurrentHashMap<>();
    /** Touched by the writer thread only. */
    private final Map<String, BlobPacks.Location> staged = new HashMap<>();
    private volatile boolean loaded;
    /** The highest pack id read so far. */
    private long lastPack;
    /** Touched by the writer thread only. */
    private boolean packsReadThisTransaction;

    /** Where the committed blob is, or null when it is not stored. */
    BlobPacks.Location find(Connection connection, String hash) throws SQLException, StoreException {
        loadIfNeeded(connection);
        BlobPacks.Location location = committed.get(hash);
        if (location == null) {
            readNewPacks(connection);
            location = committed.get(hash);
        }
        return location;
    }

    /**
     * For the writer, inside its transaction: whether the blob is committed or staged by this transaction. Packs other
     * processes wrote are read once per transaction (a new trace's blobs are all misses).
     */
    boolean isStored(Connection connection, String hash) throws SQLException, StoreException {
        loadIfNeeded(connection);
        if (committed.containsKey(hash) || staged.containsKey(hash)) {
            return true;
        }
        if (!packsReadThisTransaction) {
            packsReadThisTransaction = true;
            readNewPacks(connection);
        }
        return committed.containsKey(hash);
    }

    private synchronized void readNewPacks(Connection connection) throws SQLException, StoreException {
        lastPack = Math.max(lastPack, BlobPacks.locationsAfter(connection, lastPack, committed));
    }

    /** For the writer: blobs its transaction wrote. */
    void stage(Map<String, BlobPacks.Location> written) {
        staged.putAll(written);
    }

    @Override
    public void committed() {
        committed.putAll(staged);
        staged.clear();
        packsReadThisTransaction = false;
    }

    @Override
    public void rolledBack() {
        staged.clear();
        packsReadThisTransaction = false;
    }

    private void loadIfNeeded(Connection connection) throws SQLException, StoreException {
        if (!loaded) {
            synchronized (this) {
                if (!loaded) {
                    lastPack = BlobPacks.locationsAfter(connection, 0, committed);
                    loaded = true;
                }
            }
        }
    }
}
