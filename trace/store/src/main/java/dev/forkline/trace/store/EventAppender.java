package dev.forkline.trace.store;

import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.decision.EscapeQueue;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * Writes new events of one trace inside the caller's transaction: the event chunks, the blobs they name that are not
 * stored yet (once per hash, in packs), the trace's blob references, the runs, and the trace's counts and digest.
 */
final class EventAppender {

    /** What was written. */
    record Written(long events, int blobs) {
    }

    private final Connection connection;
    private final BlobIndex blobIndex;
    private final String traceId;
    private final RunTally runs;
    private final ContentDigest digest;
    private final long storedEvents;
    private final boolean storedBefore;

    private EventAppender(Connection connection, BlobIndex blobIndex, String traceId, RunTally runs, ContentDigest digest,
                          long storedEvents, boolean storedBefore) {
        this.connection = connection;
        this.blobIndex = blobIndex;
        this.traceId = traceId;
        this.runs = runs;
        this.digest = digest;
        this.storedEvents = storedEvents;
        this.storedBefore = storedBefore;
    }

    /** For a trace whose row was just inserted and that has nothing else stored yet. */
    static EventAppender forNewTrace(Connection connection, BlobIndex blobIndex, String traceId) {
        return new EventAppender(connection, blobIndex, traceId, new RunTally(), new ContentDigest(), 0, false);
    }

    /** For a stored trace: continues its runs, counts and digest. */
    static EventAppender forStoredTrace(Connection connection, BlobIndex blobIndex, String traceId, TraceRows.Stored stored)
            throws SQLException {
        return new EventAppender(connection, blobIndex, traceId, RunTally.load(connection, traceId),
                ContentDigest.parse(stored.contentDigest()), stored.eventCount(), true);
    }

    /** The runs as they will be once the appended events are saved. */
    RunTally runs() {
        return runs;
    }

    /**
     * Writes {@code order}'s events (every one of {@code incoming}'s that is to be stored) in chunks, stores and links
     * the blobs they name, and brings the runs, counts and digest up to date.
     *
     * @param blobs     where the content of blobs named by the events comes from; names that it lacks and that are
     *                  not stored either are taken for something else (e.g. an image digest) and left alone
     * @param alsoStore blobs to store and link even if no event names them (handed in explicitly by the caller)
     */
    Written append(IncomingEvents incoming, List<StorageOrder.Run> order, BlobSource blobs, Set<String> alsoStore)
            throws SQLException, IOException, StoreException {
        return append(new PreparedChunks(incoming, order), blobs, alsoStore);
    }

    /** As above, for chunks from any source (closed when done). */
    Written append(ChunkSource source, BlobSource blobs, Set<String> alsoStore) throws SQLException, IOException, StoreException {
        long written = 0;
        long queueEvents = 0;
        int newBlobs;
        try (ChunkSource chunks = source;
             ChunkTable.Inserter inserter = ChunkTable.Inserter.forAppend(connection, traceId);
             NamedBlobs named = new NamedBlobs(connection, blobIndex, traceId, blobs, storedBefore)) {
            for (ChunkEncoder.Chunk chunk = chunks.next(); chunk != null; chunk = chunks.next()) {
                inserter.insert(chunk);
                int[] events = chunk.events();
                EventColumns columns = chunks.columns();
                for (int k = 0; k < events.length; k++) {
                    digest.add(chunk.identityHashes(), k * ChunkHeader.HASH_BYTES);
                    runs.count(columns, events[k], chunks::event);
                    if (EscapeQueue.canWait(columns, events[k])) {
                        queueEvents++;
                    }
                }
                for (String name : chunk.blobNames()) {
                    named.add(name);
                }
                written += events.length;
            }
            inserter.finish();
            for (String name : alsoStore) {
                named.add(name);
            }
            newBlobs = named.finish();
        }
        runs.save(connection, traceId);
        TraceRows.updateCounts(connection, traceId, storedEvents + written, runs.size(), runs.traceOutcome(), digest);
        QueueEvents.add(connection, traceId, queueEvents);
        return new Written(written, newBlobs);
    }
}
