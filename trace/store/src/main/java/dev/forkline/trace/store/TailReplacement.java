package dev.forkline.trace.store;

import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@link TraceStore#replaceTrace} for a trace that mostly grew: the stored chunks whose events the new bundle holds
 * unchanged at the same places are kept, the chunks from the first one that differs on are deleted, and the bundle's
 * events from there on appended, in the writer's transaction. What is stored afterwards is what deleting the trace and
 * importing the bundle stores (the same events, runs, counts, digest, findings and verdict; only the chunk boundaries
 * may differ). A live OpenTelemetry trace stored again as its spans arrive rewrites its last chunk and its new events,
 * instead of every event.
 *
 * <p>Only taken for one-run traces whose manifest is unchanged (the file may be read from another folder: the row
 * takes its path), whose kept chunks hold neither a {@code session.end}
 * nor a fork (the runs row's outcome and parent would otherwise need the kept events parsed), and whose replaced chunks
 * hold neither a fork nor a decision; {@link #run} answers empty and the caller replaces the whole trace. When the
 * replaced chunks name blobs, the trace's blob references are cut back to those the kept chunks name before the new
 * events add theirs, as a fresh import would refer to them; the blobs stay stored, as a whole replacement leaves them.
 * A trace the library's search index holds as it was stays indexed: the replaced chunks' terms are taken back and the
 * new ones' added ({@link SearchIndexRows#replaceTail}), instead of every event's being counted again afterwards.
 */
final class TailReplacement {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TailReplacement.class);

    private final Bundle bundle;
    private final List<Finding> findings;
    private final String sourcePath;
    private final BlobIndex blobIndex;
    private final TraceIntegrity integrity;
    private final String traceId;

    TailReplacement(Bundle bundle, List<Finding> findings, String sourcePath, BlobIndex blobIndex, TraceIntegrity integrity) {
        this.bundle = bundle;
        this.findings = List.copyOf(findings);
        this.sourcePath = sourcePath;
        this.blobIndex = blobIndex;
        this.integrity = integrity;
        this.traceId = bundle.manifest().traceId();
    }

    /** Replaces the stored trace's differing tail; empty when this trace does not qualify (nothing was written then). */
    Optional<StoreResult> run(Connection connection) throws SQLException, IOException, StoreException {
        Optional<TraceRows.Stored> stored = TraceRows.stored(connection, traceId);
        if (stored.isEmpty() || !sameRow(connection)) {
            return Optional.empty();
        }
        List<String> runIds = RunRows.runIds(connection, traceId);
        IncomingEvents incoming = IncomingEvents.of(bundle.events(), bundle.columns());
        EventColumns columns = incoming.columns();
        if (runIds.size() != 1 || columns.size() == 0 || !oneRunInSeqOrder(columns, runIds.getFirst())) {
            return Optional.empty();
        }
        StorageOrder.checkIdsDiffer(columns, traceId);
        Cut cut = findCut(connection, runIds, incoming);
        if (cut == null || cut.keep() == 0) {
            return Optional.empty();
        }
        String runId = runIds.getFirst();
        // counted before they go, so that the search index need not count the kept chunks again
        Optional<TraceTerms.Counted> removedTerms = SearchIndexRows.isCurrent(connection, traceId)
                ? termsFrom(connection, cut.keep()) : Optional.empty();
        if (cut.removedNameBlobs()) {
            referOnlyTo(connection, cut.keptBlobNames());
        }
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM event_chunks WHERE trace_id = ? AND run_id = ?"
                + " AND first_seq > ?");
             PreparedStatement runRow = connection.prepareStatement("UPDATE runs SET event_count = ?, outcome = ?"
                     + " WHERE trace_id = ? AND run_id = ?")) {
            delete.setString(1, traceId);
            delete.setString(2, runId);
            delete.setLong(3, cut.keep());
            delete.executeUpdate();
            runRow.setLong(1, cut.keep());
            runRow.setString(2, RunTally.UNKNOWN_OUTCOME);
            runRow.setString(3, traceId);
            runRow.setString(4, runId);
            runRow.executeUpdate();
        }
        int[] rest = new int[columns.size() - cut.keep()];
        Arrays.setAll(rest, k -> cut.keep() + k);
        ContentDigest kept = new ContentDigest();
        byte[] hash = new byte[HashBytes.LENGTH];
        for (int i = 0; i < cut.keep(); i++) {
            incoming.identityHash(i, hash, 0);
            kept.add(hash, 0);
        }
        long written = 0;
        int blobs = 0;
        if (rest.length > 0) {
            EventAppender.Written appended = EventAppender.forStoredTrace(connection, blobIndex, traceId,
                            new TraceRows.Stored(cut.keep(), kept.toString()))
                    .append(incoming, StorageOrder.of(columns, rest, traceId), bundle.blobs(), Set.of());
            written = appended.events();
            blobs = appended.blobs();
        } else {
            TraceRows.updateCounts(connection, traceId, cut.keep(), 1, RunTally.UNKNOWN_OUTCOME, kept);
        }
        TraceRows.updateSourcePath(connection, traceId, sourcePath); // the file may have been read from another folder
        FindingRows.replace(connection, traceId, findings);
        VerdictRows.replace(connection, traceId, integrity);
        Optional<TraceTerms.Counted> addedTerms = removedTerms.isPresent() ? termsFrom(connection, cut.keep()) : Optional.empty();
        if (addedTerms.isPresent()) {
            SearchIndexRows.replaceTail(connection, removedTerms.get(), addedTerms.get());
        }
        return Optional.of(new StoreResult(traceId, StoreResult.Status.UPDATED, written, blobs));
    }

    /**
     * The search terms of the stored events from {@code from} on; empty when they cannot be read (a damaged chunk, which
     * the replacement may be replacing): the index then no longer holds the trace as stored, and its next update counts
     * the trace whole, as it would without this shortcut.
     */
    private Optional<TraceTerms.Counted> termsFrom(Connection connection, int from) throws SQLException {
        try {
            return TraceTerms.countFrom(connection, traceId, from);
        } catch (StoreException e) {
            LOG.warn("store: the search terms of trace '{}' from event {} on could not be read ({}); the trace is indexed again"
                    + " whole later", traceId, from + 1, e.getMessage());
            return Optional.empty();
        }
    }

    /** The trace row says what the bundle's manifest and source say (the row is kept, not inserted again). */
    private boolean sameRow(Connection connection) throws SQLException {
        Optional<dev.forkline.trace.bundle.Manifest> was = TraceRows.manifest(connection, traceId);
        if (was.isEmpty()) {
            return false;
        }
        var now = bundle.manifest();
        String title = TraceRows.cut(now.title() == null ? now.traceId() : now.title(), TraceRows.TITLE_LENGTH);
        return title.equals(was.get().title()) && java.util.Objects.equals(now.sourceFormat(), was.get().sourceFormat())
                && java.util.Objects.equals(now.producer(), was.get().producer())
                && java.util.Objects.equals(now.created(), was.get().created());
    }

    private static boolean oneRunInSeqOrder(EventColumns columns, String runId) {
        for (int i = 0; i < columns.size(); i++) {
            if (!columns.run(i).equals(runId) || columns.seq(i) != i + 1) {
                return false;
            }
        }
        return true;
    }

    /** Keeps the trace's references to the blobs in {@code names} (those it refers to already) and drops the others. */
    private void referOnlyTo(Connection connection, Set<String> names) throws SQLException, StoreException {
        Set<String> kept = new LinkedHashSet<>(TraceBlobRefs.of(connection, traceId));
        kept.retainAll(names);
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM trace_blob_refs WHERE trace_id = ?")) {
            delete.setString(1, traceId);
            delete.executeUpdate();
        }
        TraceBlobRefs.add(connection, traceId, kept);
    }

    /**
     * @param keep             how many leading events stay stored (a multiple of whole stored chunks)
     * @param keptBlobNames    the blob names of the kept events
     * @param removedNameBlobs whether a deleted event names a blob
     */
    private record Cut(int keep, Set<String> keptBlobNames, boolean removedNameBlobs) {
    }

    /** Where the stored chunks stop matching the incoming events; null when a chunk to delete cannot simply go. */
    private Cut findCut(Connection connection, List<String> runIds, IncomingEvents incoming) throws SQLException, StoreException {
        int size = incoming.size();
        byte[] hash = new byte[HashBytes.LENGTH];
        int[] keep = {-1};
        Set<String> keptBlobNames = new HashSet<>();
        boolean[] removedNameBlobs = {false};
        boolean[] refused = {false};
        boolean[] endKept = {false};
        ChunkHeaderReader.read(connection, traceId, runIds, false, chunk -> {
            ChunkHeader header = chunk.header();
            int first = chunk.firstIndex();
            boolean matches = keep[0] < 0 && first + header.size() <= size;
            for (int k = 0; matches && k < header.size(); k++) {
                incoming.identityHash(first + k, hash, 0);
                matches = Arrays.equals(header.identityHashes, k * HashBytes.LENGTH, (k + 1) * HashBytes.LENGTH, hash, 0, HashBytes.LENGTH);
            }
            if (matches) {
                for (int k = 0; k < header.size(); k++) {
                    endKept[0] |= header.types[k].equals(EventType.SESSION_END.wireName())
                            || header.types[k].equals(EventType.RUN_FORK.wireName());
                }
                keptBlobNames.addAll(Arrays.asList(header.blobNames).subList(0, header.blobStart[header.size()]));
                return;
            }
            if (keep[0] < 0) {
                keep[0] = first;
            }
            removedNameBlobs[0] |= header.blobStart[header.size()] > 0;
            for (int k = 0; k < header.size(); k++) {
                refused[0] |= header.types[k].equals(EventType.RUN_FORK.wireName())
                        || header.types[k].equals(EventType.APPROVAL_DECISION.wireName());
            }
        });
        int kept = keep[0] < 0 ? (int) Math.min(size, TraceRows.stored(connection, traceId).orElseThrow().eventCount()) : keep[0];
        // A kept session.end or fork set the run's outcome or parent: recounting them needs the events parsed.
        if (refused[0] || endKept[0]) {
            return null;
        }
        return new Cut(kept, keptBlobNames, removedNameBlobs[0]);
    }
}
