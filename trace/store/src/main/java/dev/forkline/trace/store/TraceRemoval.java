package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deletes one trace inside the writer's transaction: its rows in every table, and the blob packs that hold nothing but
 * its own blobs (a pack holding a blob another trace refers to stays whole); records the deletion. A trace on legal
 * hold is refused.
 */
final class TraceRemoval {

    private static final List<String> TABLES_BY_TRACE = List.of("search_terms", "search_indexed", "integrity_problems",
            "findings", "event_chunks", "runs", "trace_blob_refs", "traces");

    private final String traceId;
    private final String deletedBy;
    private final String reason;
    private final Instant now;
    private final Event lastEvent;
    private final List<Long> deletedPacks = new ArrayList<>();

    TraceRemoval(String traceId, String deletedBy, String reason, Instant now, Event lastEvent) {
        this.traceId = traceId;
        this.deletedBy = deletedBy;
        this.reason = reason;
        this.now = now;
        this.lastEvent = lastEvent;
    }

    /**
     * Removes every row of one trace (its search terms, chunks, runs, blob references, findings, integrity problems and the trace row),
     * children first, leaving blob packs, holds and deletion records alone. Also how {@link TraceStore#replaceTrace}
     * clears a trace before storing it again in the same transaction.
     *
     * @return whether the trace was stored
     */
    static boolean deleteRows(Connection connection, String traceId) throws SQLException {
        int traces = 0;
        for (String table : TABLES_BY_TRACE) {
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + table + " WHERE trace_id = ?")) {
                delete.setString(1, traceId);
                int rows = delete.executeUpdate();
                if (table.equals("traces")) {
                    traces = rows;
                }
            }
        }
        return traces > 0;
    }

    TraceDeletion run(Connection connection) throws SQLException, StoreException {
        TraceRows.Stored stored = TraceRows.stored(connection, traceId)
                .orElseThrow(() -> new StoreException("no stored trace '" + traceId + "' to delete"));
        LegalHolds.refuseIfHeld(connection, traceId);
        Set<String> own = TraceBlobRefs.of(connection, traceId);
        Set<String> others = blobsOfOtherTraces(connection);
        long lastPack = 0;
        for (Map.Entry<Long, Set<String>> pack : packs(connection).entrySet()) {
            lastPack = Math.max(lastPack, pack.getKey());
            Set<String> blobs = pack.getValue();
            if (!blobs.isEmpty() && own.containsAll(blobs) && blobs.stream().noneMatch(others::contains)) {
                deletedPacks.add(pack.getKey());
            }
        }
        deleteRows(connection, traceId);
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM blob_packs WHERE pack_id = ?")) {
            for (long pack : deletedPacks) {
                delete.setLong(1, pack);
                delete.executeUpdate();
            }
        }
        TraceDeletion deletion = new TraceDeletion(traceId, now, deletedBy, reason, lastEvent == null ? null : lastEvent.hash(),
                stored.eventCount(), stored.contentDigest(), deletedPacks.size());
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO trace_deletions (trace_id, deleted_at, deleted_by,"
                + " reason, last_hash, event_count, content_digest, last_pack_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            insert.setString(1, traceId);
            insert.setObject(2, TraceRows.utc(now));
            insert.setString(3, deletedBy);
            insert.setString(4, reason);
            insert.setString(5, deletion.lastHash());
            insert.setLong(6, stored.eventCount());
            insert.setString(7, stored.contentDigest());
            insert.setLong(8, lastPack);
            insert.executeUpdate();
        }
        return deletion;
    }

    /** The packs deleted (once the transaction committed, blob indexes forget them). */
    List<Long> deletedPacks() {
        return deletedPacks;
    }

    private Set<String> blobsOfOtherTraces(Connection connection) throws SQLException, StoreException {
        Set<String> others = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, ordinal, hashes FROM trace_blob_refs WHERE trace_id <> ?")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    others.addAll(TraceBlobRefs.decode(rows.getString(1), rows.getInt(2), rows.getBytes(3)));
                }
            }
        }
        return others;
    }

    private static Map<Long, Set<String>> packs(Connection connection) throws SQLException, StoreException {
        Map<Long, Set<String>> packs = new java.util.TreeMap<>();
        for (Map.Entry<String, BlobPacks.Location> blob : BlobPacks.locations(connection, 0).entrySet()) {
            packs.computeIfAbsent(blob.getValue().packId(), id -> new HashSet<>()).add(blob.getKey());
        }
        return packs;
    }
}
