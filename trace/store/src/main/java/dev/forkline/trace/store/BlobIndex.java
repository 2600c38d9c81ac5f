package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where each stored blob is ({@link BlobPacks}), kept in memory for one open store: read from the packs' entries when
 * first needed, then completed by the writer. Blobs written by a transaction are staged and only published once it
 * has committed, so readers never find a blob that is not committed. Blobs are never changed, so loading and
 * publishing can happen in any order: each only adds the same locations.
 *
 * <p>A shared store (PostgreSQL) is written by other processes too: packs are numbered in the order they are written,
 * so the index catches up by reading the entries of the packs numbered above the highest it has seen, at the start of
 * each write transaction (which holds the store's write lock) and when a reader asks for a blob it does not know.
 */
final class BlobIndex implements StoreWriter.TransactionListener {

    private final boolean shared;
    private final Map<String, BlobPacks.Location> committed = new ConcurrentHashMap<>();
    /** Touched by the writer thread only. */
    private final Map<String, BlobPacks.Location> staged = new HashMap<>();
    private volatile boolean loaded;
    /** The highest pack number whose entries are in {@link #committed}; guarded by {@code this}. */
    private long seenPacks;

    /** @param shared whether other processes write to the store too */
    BlobIndex(boolean shared) {
        this.shared = shared;
    }

    BlobIndex() {
        this(false);
    }

    /** Where the committed blob is, or null when it is not stored. */
    BlobPacks.Location find(Connection connection, String hash) throws SQLException, StoreException {
        loadIfNeeded(connection);
        BlobPacks.Location location = committed.get(hash);
        if (location == null && shared) {
            catchUp(connection);
            location = committed.get(hash);
        }
        return location;
    }

    /** For the writer, inside its transaction: whether the blob is committed or staged by this transaction. */
    boolean isStored(Connection connection, String hash) throws SQLException, StoreException {
        loadIfNeeded(connection);
        return committed.containsKey(hash) || staged.containsKey(hash);
    }

    /** For the writer: blobs its transaction wrote. */
    void stage(Map<String, BlobPacks.Location> written) {
        staged.putAll(written);
    }

    /** For the writer, after a transaction that deleted packs committed: their blobs are gone. */
    void forgetPacks(Collection<Long> packIds) {
        committed.values().removeIf(location -> packIds.contains(location.packId()));
    }

    @Override
    public void began(Connection connection) throws SQLException, StoreException {
        if (shared && loaded) {
            catchUp(connection);
        }
    }

    @Override
    public void committed() {
        committed.putAll(staged);
        synchronized (this) {
            staged.values().forEach(location -> seenPacks = Math.max(seenPacks, location.packId()));
        }
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
                    add(BlobPacks.locations(connection, 0));
                    loaded = true;
                }
            }
        }
    }

    private synchronized void catchUp(Connection connection) throws SQLException, StoreException {
        add(BlobPacks.locations(connection, seenPacks));
    }

    private synchronized void add(Map<String, BlobPacks.Location> locations) {
        committed.putAll(locations);
        locations.values().forEach(location -> seenPacks = Math.max(seenPacks, location.packId()));
    }
}
