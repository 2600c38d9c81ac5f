package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Stores a bundle, run inside one writer transaction. A trace id seen for the first time is inserted whole. For a
 * stored trace id the new events are compared with the stored ones: the same events are "unchanged"; stored events
 * that are a strict prefix of the new ones get the rest appended; anything else is a conflict and nothing changes.
 */
final class TraceImport {

    private record StoredEvent(String run, long seq, String hash) {
    }

    private final Bundle bundle;
    private final List<Finding> findings;
    private final String sourcePath;
    private final Instant importedAt;
    private final String traceId;

    TraceImport(Bundle bundle, List<Finding> findings, String sourcePath, Instant importedAt) {
        this.bundle = bundle;
        this.findings = List.copyOf(findings);
        this.sourcePath = sourcePath;
        this.importedAt = importedAt;
        this.traceId = bundle.manifest().traceId();
    }

    StoreResult run(Connection connection) throws SQLException, IOException, StoreException {
        Optional<TraceRows.Stored> stored = TraceRows.stored(connection, traceId);
        if (stored.isEmpty()) {
            TraceRows.insert(connection, bundle.manifest(), sourcePath, importedAt);
            EventAppender.Written written = EventAppender.forNewTrace(connection, traceId).append(bundle.events(), bundle.blobs());
            FindingRows.replace(connection, traceId, findings);
            return new StoreResult(traceId, StoreResult.Status.IMPORTED, written.events(), written.blobs());
        }
        TraceRows.Stored current = stored.get();
        if (current.eventCount() == bundle.events().size() && current.contentDigest().equals(digestOfBundle())) {
            return new StoreResult(traceId, StoreResult.Status.UNCHANGED, 0, 0);
        }
        List<Event> newEvents = eventsBeyondStoredPrefix(connection);
        if (newEvents.isEmpty()) {
            return new StoreResult(traceId, StoreResult.Status.UNCHANGED, 0, 0);
        }
        EventAppender.Written written = EventAppender.forStoredTrace(connection, traceId, current).append(newEvents, bundle.blobs());
        FindingRows.replace(connection, traceId, findings);
        return new StoreResult(traceId, StoreResult.Status.UPDATED, written.events(), written.blobs());
    }

    private String digestOfBundle() {
        ContentDigest digest = new ContentDigest();
        for (Event event : bundle.events()) {
            digest.add(event.hash() != null ? event.hash() : EventRows.identity(event, EventCodec.toLine(event)));
        }
        return digest.toString();
    }

    /** The new bundle's events that are not stored, provided every stored event is in it unchanged and each run's stored events come first. */
    private List<Event> eventsBeyondStoredPrefix(Connection connection) throws SQLException, TraceConflictException {
        Map<String, StoredEvent> storedById = storedEvents(connection);
        Map<String, Long> lastStoredSeq = new LinkedHashMap<>();
        storedById.values().forEach(event -> lastStoredSeq.merge(event.run(), event.seq(), Math::max));
        List<Event> beyond = new ArrayList<>();
        for (Event event : bundle.events()) {
            StoredEvent was = storedById.remove(event.id());
            if (was != null) {
                String hash = event.hash() != null ? event.hash() : EventRows.identity(event, EventCodec.toLine(event));
                if (!was.run().equals(event.run()) || was.seq() != event.seq()) {
                    throw conflict(event, "event '" + event.id() + "' is stored at run '" + was.run() + "' seq " + was.seq()
                            + " but the new bundle has it at run '" + event.run() + "' seq " + event.seq());
                }
                if (!was.hash().equals(hash)) {
                    throw conflict(event, "event '" + event.id() + "' differs from the stored one (hash " + was.hash()
                            + " stored, " + hash + " new)");
                }
            } else if (event.seq() <= lastStoredSeq.getOrDefault(event.run(), 0L)) {
                throw conflict(event, "event '" + event.id() + "' (run '" + event.run() + "' seq " + event.seq()
                        + ") is not stored, but the stored trace already has that position");
            } else {
                beyond.add(event);
            }
        }
        if (!storedById.isEmpty()) {
            String missing = storedById.keySet().iterator().next();
            throw new TraceConflictException(traceId, missing, "stored event '" + missing + "' is missing from the new bundle"
                    + (storedById.size() > 1 ? " (and " + (storedById.size() - 1) + " more)" : ""));
        }
        return beyond;
    }

    private TraceConflictException conflict(Event event, String detail) {
        return new TraceConflictException(traceId, event.id(), detail);
    }

    private Map<String, StoredEvent> storedEvents(Connection connection) throws SQLException {
        Map<String, StoredEvent> stored = new LinkedHashMap<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT event_id, run_id, seq, event_hash FROM events"
                + " WHERE trace_id = ? ORDER BY trace_id, run_id, seq")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    stored.put(rows.getString(1), new StoredEvent(rows.getString(2), rows.getLong(3), rows.getString(4)));
                }
            }
        }
        return stored;
    }
}
