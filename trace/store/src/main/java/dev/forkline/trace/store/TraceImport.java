package dev.forkline.trace.store;

import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.IdTable;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Stores a bundle, run inside one writer transaction. A trace id seen for the first time is inserted whole. For a
 * stored trace id the new events are compared with the stored ones: the same events are "unchanged"; stored events
 * that are a strict prefix of the new ones get the rest appended; anything else is a conflict and nothing changes.
 * Works from the bundle's columns and lines: no event is parsed, except the rare ones without a hash of their own
 * and a run's fork and end events.
 *
 * <p>The integrity verdict of the bundle replaces the stored one, also when the events are unchanged (the verdict is
 * that of the trace as last imported), except that an {@code unverified} verdict never replaces the stored one of
 * unchanged events.
 */
final class TraceImport {

    private final Bundle bundle;
    private final List<Finding> findings;
    private final String sourcePath;
    private final Instant importedAt;
    private final String traceId;
    private final BlobIndex blobIndex;
    private final TraceIntegrity integrity;

    TraceImport(Bundle bundle, List<Finding> findings, String sourcePath, Instant importedAt, BlobIndex blobIndex,
                TraceIntegrity integrity) {
        this.blobIndex = blobIndex;
        this.integrity = integrity;
        this.bundle = bundle;
        this.findings = List.copyOf(findings);
        this.sourcePath = sourcePath;
        this.importedAt = importedAt;
        this.traceId = bundle.manifest().traceId();
    }

    StoreResult run(Connection connection) throws SQLException, IOException, StoreException {
        IncomingEvents incoming = IncomingEvents.of(bundle.events(), bundle.columns());
        EventColumns columns = incoming.columns();
        StorageOrder.checkIdsDiffer(columns, traceId);
        Optional<TraceRows.Stored> stored = TraceRows.stored(connection, traceId);
        if (stored.isEmpty()) {
            List<StorageOrder.Run> order = StorageOrder.of(columns, StorageOrder.all(columns), traceId);
            TraceRows.insert(connection, bundle.manifest(), sourcePath, importedAt);
            EventAppender.Written written = EventAppender.forNewTrace(connection, blobIndex, traceId)
                    .append(incoming, order, bundle.blobs(), Set.of());
            return newTraceStored(connection, traceId, findings, integrity, written);
        }
        TraceRows.Stored current = stored.get();
        if (current.eventCount() == columns.size() && current.contentDigest().equals(digestOf(incoming))) {
            return unchanged(connection);
        }
        Beyond beyond = eventsBeyondStoredPrefix(connection, incoming, current.eventCount());
        if (beyond.leavesOutWhatWasMadeHere()) {
            // the stored verdict and findings cover those runs too, which the new bundle's do not: both stand
            return new StoreResult(traceId, StoreResult.Status.UNCHANGED, 0, 0);
        }
        int[] newEvents = beyond.newEvents();
        if (newEvents.length == 0) {
            return unchanged(connection);
        }
        List<StorageOrder.Run> order = StorageOrder.of(columns, newEvents, traceId);
        EventAppender.Written written = EventAppender.forStoredTrace(connection, blobIndex, traceId, current)
                .append(incoming, order, bundle.blobs(), Set.of());
        FindingRows.replace(connection, traceId, findings);
        VerdictRows.replace(connection, traceId, integrity); // even unverified: the stored verdict did not cover the new events
        return new StoreResult(traceId, StoreResult.Status.UPDATED, written.events(), written.blobs());
    }

    /**
     * Stores a new trace whose events arrive while its bundle is still read ({@link StreamedImport}): the trace's row,
     * then the chunks as they come, then, with the whole bundle, the checks that need all its events and the rest of
     * the trace's rows. A trace id stored already is not handled here ({@link StreamedImport.FallBack}).
     *
     * @param side  told of the trace id found free and of each chunk; gives the bundle as read, with its findings and
     *              verdict, once the feed has ended
     */
    static StoreResult runStreamed(Connection connection, Manifest manifest, String sourcePath, Instant importedAt,
                                   BlobIndex blobIndex, BlobSource blobs, String eventsFile, StreamedChunks.Feed feed,
                                   StreamedImport.WriterSide side) throws SQLException, IOException, StoreException {
        String traceId = manifest.traceId();
        if (TraceRows.stored(connection, traceId).isPresent()) {
            throw new StreamedImport.FallBack("trace '" + traceId + "' is stored already");
        }
        side.writing();
        TraceRows.insert(connection, manifest, sourcePath, importedAt);
        EventAppender appender = EventAppender.forNewTrace(connection, blobIndex, traceId);
        EventAppender.Written written = appender.append(new StreamedChunks(feed, eventsFile, appender.runs()::appeared, side::chunk),
                blobs, Set.of());
        StreamedImport.Whole read = side.awaitWhole(connection);
        EventColumns columns = read.bundle().columns();
        if (written.events() != columns.size() || !read.bundle().manifest().traceId().equals(traceId)) {
            throw new IllegalStateException("the bundle finished is not the one streamed: " + columns.size() + " events in it, "
                    + written.events() + " streamed");
        }
        StorageOrder.checkIdsDiffer(columns, traceId);
        return newTraceStored(connection, traceId, read.findings(), read.integrity(), written);
    }

    /**
     * What storing the bundle in place of the stored trace would lose that the agent's file cannot give back: the stored
     * runs the bundle has no event of (forks, replays and reverts made in Forkline) and the stored decisions it lacks
     * (signed in Forkline). Empty when there is none.
     */
    String lostByReplacing(Connection connection) throws SQLException, StoreException {
        long storedCount = TraceRows.stored(connection, traceId).map(TraceRows.Stored::eventCount).orElse(0L);
        StoredTrace stored = StoredTrace.read(connection, traceId, RunRows.runIds(connection, traceId), storedCount, true);
        EventColumns was = stored.columns();
        IncomingEvents incoming = IncomingEvents.of(bundle.events(), bundle.columns());
        EventColumns now = incoming.columns();
        IdTable newIds = now.idTable();
        Set<String> newRuns = new HashSet<>();
        for (int i = 0; i < now.size(); i++) {
            newRuns.add(now.run(i));
        }
        Set<String> lostRuns = new HashSet<>();
        int lostDecisions = 0;
        for (int s = 0; s < was.size(); s++) {
            if (!newRuns.contains(was.run(s))) {
                lostRuns.add(was.run(s));
            } else if (was.is(s, EventType.APPROVAL_DECISION)) {
                int i = newIds.indexOf(was.id(s));
                if (i < 0 || !incoming.identityHash(i).equals(stored.identityHash(s))) {
                    lostDecisions++;
                }
            }
        }
        List<String> lost = new ArrayList<>();
        if (!lostRuns.isEmpty()) {
            lost.add(lostRuns.size() + (lostRuns.size() == 1 ? " run" : " runs") + " (forks, replays or reverts) "
                    + lostRuns.stream().sorted().map(r -> "'" + r + "'").collect(Collectors.joining(", ")));
        }
        if (lostDecisions > 0) {
            lost.add(lostDecisions + (lostDecisions == 1 ? " decision" : " decisions"));
        }
        return String.join(" and ", lost);
    }

    /** The rows of a new trace besides its events and runs, once they are written: one place for both ways of importing. */
    private static StoreResult newTraceStored(Connection connection, String traceId, List<Finding> findings, TraceIntegrity integrity,
                                              EventAppender.Written written) throws SQLException {
        FindingRows.replace(connection, traceId, findings);
        VerdictRows.replace(connection, traceId, integrity);
        return new StoreResult(traceId, StoreResult.Status.IMPORTED, written.events(), written.blobs());
    }

    private StoreResult unchanged(Connection connection) throws SQLException {
        if (integrity.verdict().status() != IntegrityStatus.UNVERIFIED) {
            VerdictRows.replace(connection, traceId, integrity);
        }
        return new StoreResult(traceId, StoreResult.Status.UNCHANGED, 0, 0);
    }

    private static String digestOf(IncomingEvents incoming) {
        ContentDigest digest = new ContentDigest();
        byte[] hash = new byte[HashBytes.LENGTH];
        for (int i = 0; i < incoming.size(); i++) {
            incoming.identityHash(i, hash, 0);
            digest.add(hash, 0);
        }
        return digest.toString();
    }

    /**
     * The new bundle's events that are not stored, provided every stored event is in it unchanged (what was made in
     * Forkline aside, see {@link Beyond}) and each run's stored events come first.
     */
    private Beyond eventsBeyondStoredPrefix(Connection connection, IncomingEvents incoming, long storedCount)
            throws SQLException, StoreException {
        StoredTrace stored = StoredTrace.read(connection, traceId, RunRows.runIds(connection, traceId), storedCount, true);
        EventColumns was = stored.columns();
        IdTable storedIds = was.idTable();
        Map<String, Long> lastStoredSeq = new HashMap<>();
        for (int s = 0; s < was.size(); s++) {
            lastStoredSeq.merge(was.run(s), was.seq(s), Math::max);
        }
        EventColumns now = incoming.columns();
        BitSet found = new BitSet(was.size());
        int[] beyond = new int[now.size()];
        int beyondCount = 0;
        for (int i = 0; i < now.size(); i++) {
            String id = now.id(i);
            int s = storedIds.indexOf(id);
            if (s >= 0) {
                found.set(s);
                if (!was.run(s).equals(now.run(i)) || was.seq(s) != now.seq(i)) {
                    throw conflict(stored, incoming, id, was.run(s), "event '" + id + "' is stored at run '" + was.run(s)
                            + "' seq " + was.seq(s) + " but the new bundle has it at run '" + now.run(i) + "' seq " + now.seq(i));
                }
                String hash = incoming.identityHash(i);
                if (!stored.identityHash(s).equals(hash)) {
                    throw conflict(stored, incoming, id, now.run(i), "event '" + id + "' differs from the stored one (hash "
                            + stored.identityHash(s) + " stored, " + hash + " new)");
                }
            } else {
                Long last = lastStoredSeq.get(now.run(i));
                if (last != null && now.seq(i) <= last) {
                    throw conflict(stored, incoming, id, now.run(i), "event '" + id + "' (run '" + now.run(i) + "' seq " + now.seq(i)
                            + ") is not stored, but the stored trace already has that position");
                }
                beyond[beyondCount++] = i;
            }
        }
        int missing = found.nextClearBit(0);
        if (missing < was.size()) {
            MadeHere madeHere = new MadeHere(was, now);
            boolean onlyMadeHere = true;
            for (int s = missing; s < was.size() && onlyMadeHere; s = found.nextClearBit(s + 1)) {
                onlyMadeHere = madeHere.test(s);
            }
            if (onlyMadeHere && beyondCount == 0) {
                return new Beyond(new int[0], true);
            }
            int more = was.size() - found.cardinality() - 1;
            throw conflict(stored, incoming, was.id(missing), was.run(missing), "stored event '" + was.id(missing)
                    + "' is missing from the new bundle" + (more > 0 ? " (and " + more + " more)" : ""));
        }
        return new Beyond(Arrays.copyOf(beyond, beyondCount), false);
    }

    /**
     * A conflict over {@code eventId}, told with where the stored run {@code run} and the new bundle's part ways: how
     * many of the run's stored events, from its first, the bundle holds unchanged, and how far the bundle's run goes. A
     * stored run the bundle agrees with to near its end and then goes past is what a session imported while it was still
     * going on looks like once its file has grown (the last model call of a Claude Code transcript gains the records
     * written after it; the session end its importer added gives way to what followed).
     */
    private TraceConflictException conflict(StoredTrace stored, IncomingEvents incoming, String eventId, String run, String detail) {
        EventColumns was = stored.columns();
        EventColumns now = incoming.columns();
        IdTable newIds = now.idTable();
        NavigableMap<Long, Integer> storedBySeq = new TreeMap<>();
        for (int s = 0; s < was.size(); s++) {
            if (was.run(s).equals(run)) {
                storedBySeq.put(was.seq(s), s);
            }
        }
        int storedInRun = storedBySeq.size();
        int agreeing = 0;
        for (int s : storedBySeq.values()) {
            int i = newIds.indexOf(was.id(s));
            if (i < 0 || !now.run(i).equals(run) || now.seq(i) != was.seq(s) || !incoming.identityHash(i).equals(stored.identityHash(s))) {
                break;
            }
            agreeing++;
        }
        int newInRun = 0;
        for (int i = 0; i < now.size(); i++) {
            if (now.run(i).equals(run)) {
                newInRun++;
            }
        }
        String parting = agreeing == storedInRun ? "" : String.format(Locale.ROOT, ". Of the %,d events stored in run '%s', the new"
                + " bundle holds the first %,d unchanged; its run has %,d events", storedInRun, run, agreeing, newInRun)
                + (newInRun > storedInRun && agreeing > 0 ? " (a session stored while it was still going on, whose file has grown since?)" : "");
        return new TraceConflictException(traceId, eventId, detail + parting + ". The stored trace is kept as it was");
    }

    /**
     * The new bundle's events that are not stored (indexes, in bundle order); or none, and {@code leavesOutWhatWasMadeHere}:
     * the bundle holds every stored event but some that were made of the trace in Forkline ({@link MadeHere}), and
     * nothing new, as the agent's file imported again after a replay of it or a decision on it was stored.
     */
    private record Beyond(int[] newEvents, boolean leavesOutWhatWasMadeHere) {
    }

    /**
     * Which stored events, missing from the new bundle, were made in Forkline rather than read from the agent's file:
     * those of a run that begins with a fork (a replay, fork or revert) of which the new bundle has no event, and the
     * signed decisions at a run's tip, after the new bundle's last event of that run.
     */
    private static final class MadeHere {
        private final EventColumns was;
        private final Map<String, Long> lastSeqInNew = new HashMap<>();
        private final Set<String> forksAbsentFromNew = new HashSet<>();

        MadeHere(EventColumns was, EventColumns now) {
            this.was = was;
            for (int i = 0; i < now.size(); i++) {
                lastSeqInNew.merge(now.run(i), now.seq(i), Math::max);
            }
            for (int s = 0; s < was.size(); s++) {
                if (was.seq(s) == 1 && was.is(s, EventType.RUN_FORK) && !lastSeqInNew.containsKey(was.run(s))) {
                    forksAbsentFromNew.add(was.run(s));
                }
            }
        }

        boolean test(int stored) {
            String run = was.run(stored);
            return forksAbsentFromNew.contains(run)
                    || was.is(stored, EventType.APPROVAL_DECISION) && was.seq(stored) > lastSeqInNew.getOrDefault(run, 0L);
        }
    }
}
