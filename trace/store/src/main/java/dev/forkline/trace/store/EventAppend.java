package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Appends decision and replay events to a stored trace (inside the writer's transaction), after checking they fit. The
 * appended events are not verified: a verdict that passed becomes {@code unverified} (a failing one stays: appending
 * cannot mend what was altered).
 */
final class EventAppend {

    private final String traceId;
    private final List<Event> events;
    private final Map<String, byte[]> blobs;
    private final BlobIndex blobIndex;

    EventAppend(String traceId, List<Event> events, Map<String, byte[]> blobs, BlobIndex blobIndex) {
        this.blobIndex = blobIndex;
        this.traceId = traceId;
        this.events = events;
        this.blobs = blobs;
    }

    StoreResult run(Connection connection) throws SQLException, IOException, StoreException {
        TraceRows.Stored stored = TraceRows.stored(connection, traceId)
                .orElseThrow(() -> new UnknownTraceException("no stored trace '" + traceId + "' to append to"));
        if (events.isEmpty() && blobs.isEmpty()) {
            return new StoreResult(traceId, StoreResult.Status.UNCHANGED, 0, 0);
        }
        EventAppender appender = EventAppender.forStoredTrace(connection, blobIndex, traceId, stored);
        checkPositions(appender.runs());
        checkIdsAreNew(connection);
        IncomingEvents incoming = IncomingEvents.of(events);
        List<StorageOrder.Run> order = StorageOrder.of(incoming.columns(), StorageOrder.all(incoming.columns()), traceId);
        EventAppender.Written written = appender.append(incoming, order, new GivenBlobs(blobs), blobs.keySet());
        if (!events.isEmpty()) {
            forgetAPassingVerdict(connection);
        }
        return new StoreResult(traceId, StoreResult.Status.UPDATED, written.events(), written.blobs());
    }

    private void forgetAPassingVerdict(Connection connection) throws SQLException {
        boolean fails = VerdictRows.read(connection, traceId).map(stored -> stored.verdict().fails()).orElse(false);
        if (!fails) {
            VerdictRows.replace(connection, traceId, TraceIntegrity.unverified());
        }
    }

    private void checkPositions(RunTally runs) throws StoreException {
        Map<String, Long> next = new HashMap<>();
        for (Event event : events) {
            long expected = next.computeIfAbsent(event.run(), run -> {
                RunTally.Run stored = runs.run(run);
                return stored == null ? 1 : stored.lastSeq + 1;
            });
            if (event.seq() != expected) {
                throw new StoreException("cannot append event '" + event.id() + "' to trace '" + traceId + "': run '"
                        + event.run() + "' continues at seq " + expected + ", the event has seq " + event.seq());
            }
            next.put(event.run(), expected + 1);
        }
    }

    /** Reads the ids of every stored chunk (headers only): the store keeps no per-event index. */
    private void checkIdsAreNew(Connection connection) throws SQLException, StoreException {
        Set<String> appended = new HashSet<>();
        for (Event event : events) {
            if (!appended.add(event.id())) {
                throw idInUse(event.id());
            }
        }
        ChunkHeaderReader.read(connection, traceId, RunRows.runIds(connection, traceId), false, chunk -> {
            for (int k = 0; k < chunk.header().size(); k++) {
                if (appended.contains(chunk.header().id(k))) {
                    throw idInUse(chunk.header().id(k));
                }
            }
        });
    }

    private StoreException idInUse(String id) {
        return new StoreException("cannot append to trace '" + traceId + "': event id '" + id + "' is already used");
    }

    /** The blobs handed in with the events (already checked against their names). */
    private record GivenBlobs(Map<String, byte[]> blobs) implements BlobSource {
        @Override
        public boolean contains(String hash) {
            return blobs.containsKey(hash);
        }

        @Override
        public Optional<byte[]> read(String hash) {
            return Optional.ofNullable(blobs.get(hash));
        }
    }
}
