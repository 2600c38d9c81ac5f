package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Appends decision and replay events to a stored trace (inside the writer's transaction), after checking they fit. */
final class EventAppend {

    private final String traceId;
    private final List<Event> events;
    private final Map<String, byte[]> blobs;

    EventAppend(String traceId, List<Event> events, Map<String, byte[]> blobs) {
        this.traceId = traceId;
        this.events = events;
        this.blobs = blobs;
    }

    StoreResult run(Connection connection) throws SQLException, IOException, StoreException {
        TraceRows.Stored stored = TraceRows.stored(connection, traceId)
                .orElseThrow(() -> new StoreException("no stored trace '" + traceId + "' to append to"));
        if (events.isEmpty() && blobs.isEmpty()) {
            return new StoreResult(traceId, StoreResult.Status.UNCHANGED, 0, 0);
        }
        EventAppender appender = EventAppender.forStoredTrace(connection, traceId, stored);
        checkPositions(appender.runs());
        checkIdsAreNew(connection);
        EventAppender.Written written = appender.append(events, new GivenBlobs(blobs), blobs.keySet());
        return new StoreResult(traceId, StoreResult.Status.UPDATED, written.events(), written.blobs());
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

    private void checkIdsAreNew(Connection connection) throws SQLException, StoreException {
        Set<String> seen = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM events WHERE trace_id = ? AND event_id = ?")) {
            query.setString(1, traceId);
            for (Event event : events) {
                query.setString(2, event.id());
                boolean stored;
                try (ResultSet rows = query.executeQuery()) {
                    stored = rows.next();
                }
                if (stored || !seen.add(event.id())) {
                    throw new StoreException("cannot append to trace '" + traceId + "': event id '" + event.id() + "' is already used");
                }
            }
        }
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
