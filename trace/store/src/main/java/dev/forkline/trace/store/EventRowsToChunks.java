package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts schema version 1's {@code events} rows (one per event, its canonical JSON in {@code json}) into chunks,
 * trace by trace and run by run in seq order, streaming. Each event keeps its line and the hash it was stored under.
 * A row whose JSON no longer reads as that event (the database was damaged) is converted from its other columns and
 * keeps its damaged line, so that loading it reports the damage as loading it before the migration did.
 */
final class EventRowsToChunks {

    private record EventRow(String runId, long seq, String eventId, String eventHash, String json, OffsetDateTime ts,
                            String actor, String type, boolean isError, String toolName) {
    }

    private final Connection connection;
    private final String traceId;
    private final ChunkTable.Inserter inserter;
    private final List<EventRow> pending = new ArrayList<>();
    private long pendingBytes;

    private EventRowsToChunks(Connection connection, String traceId, ChunkTable.Inserter inserter) {
        this.connection = connection;
        this.traceId = traceId;
        this.inserter = inserter;
    }

    static void convert(Connection connection) throws SQLException {
        List<String> traceIds = new ArrayList<>();
        try (Statement sql = connection.createStatement();
             ResultSet rows = sql.executeQuery("SELECT trace_id FROM traces ORDER BY trace_id")) {
            while (rows.next()) {
                traceIds.add(rows.getString(1));
            }
        }
        setLazyQueries(connection, true);
        try {
            for (String traceId : traceIds) {
                try (ChunkTable.Inserter inserter = new ChunkTable.Inserter(connection, traceId)) {
                    new EventRowsToChunks(connection, traceId, inserter).convertTrace();
                }
            }
        } finally {
            setLazyQueries(connection, false);
        }
    }

    private void convertTrace() throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT run_id, seq, event_id, event_hash, json, ts, actor,"
                + " type, is_error, tool_name FROM events WHERE trace_id = ? ORDER BY trace_id, run_id, seq")) {
            query.setString(1, traceId);
            query.setFetchSize(1000);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    EventRow row = new EventRow(rows.getString(1), rows.getLong(2), rows.getString(3), rows.getString(4),
                            rows.getString(5), rows.getObject(6, OffsetDateTime.class), rows.getString(7), rows.getString(8),
                            rows.getBoolean(9), rows.getString(10));
                    if (!pending.isEmpty() && (!pending.getFirst().runId().equals(row.runId())
                            || pending.size() == PreparedChunks.MAX_EVENTS
                            || pendingBytes + row.json().length() + 1 > PreparedChunks.MAX_LINE_BYTES)) {
                        flush();
                    }
                    pending.add(row);
                    pendingBytes += row.json().length() + 1;
                }
            }
        }
        if (!pending.isEmpty()) {
            flush();
        }
    }

    private void flush() throws SQLException {
        int count = pending.size();
        EventColumns.Builder columns = new EventColumns.Builder(count);
        byte[][] lines = new byte[count][];
        byte[] identityHashes = new byte[count * HashBytes.LENGTH];
        int[] events = new int[count];
        for (int k = 0; k < count; k++) {
            EventRow row = pending.get(k);
            events[k] = k;
            lines[k] = row.json().getBytes(StandardCharsets.UTF_8);
            addColumns(row, columns);
            String identity = Hashes.isValid(row.eventHash()) ? row.eventHash() : Hashes.sha256(lines[k]);
            System.arraycopy(HashBytes.of(identity), 0, identityHashes, k * HashBytes.LENGTH, HashBytes.LENGTH);
        }
        inserter.insert(ChunkEncoder.encode(pending.getFirst().runId(), columns.build(), events, lines, identityHashes));
        pending.clear();
        pendingBytes = 0;
    }

    private void addColumns(EventRow row, EventColumns.Builder columns) {
        Event event = parse(row);
        if (event != null) {
            columns.add(event);
            return;
        }
        String tool = EventType.TOOL_CALL.wireName().equals(row.type()) ? row.toolName() : null;
        columns.add(row.eventId(), row.runId(), row.seq(), row.ts().toInstant().getEpochSecond(), row.ts().toInstant().getNano(),
                row.actor(), row.type(), row.isError() ? EventFacts.ERROR : 0, -1, null, tool, null, null, List.of(), null,
                List.of());
    }

    /** The row's event, or null when its JSON does not read as the event its columns name. */
    private Event parse(EventRow row) {
        try {
            Event event = EventCodec.parseLine(row.json(), "store:" + traceId, row.seq());
            boolean same = event.id().equals(row.eventId()) && event.run().equals(row.runId()) && event.seq() == row.seq();
            return same ? event : null;
        } catch (TraceFormatException e) {
            return null;
        }
    }

    private static void setLazyQueries(Connection connection, boolean lazy) throws SQLException {
        Dialect.of(connection).lazyQueries(connection, lazy);
    }
}
