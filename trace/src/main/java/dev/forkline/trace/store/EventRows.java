package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.Hashes;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Inserts events of one trace in JDBC batches through one prepared statement; no per-event round trip. */
final class EventRows implements AutoCloseable {

    static final int BATCH_SIZE = 2000;
    private static final String INSERT = "INSERT INTO events (trace_id, run_id, seq, event_id, ts, actor, type, tool_name,"
            + " is_error, event_hash, search_text, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private final PreparedStatement insert;
    private final String traceId;
    private int pending;

    EventRows(Connection connection, String traceId) throws SQLException {
        this.insert = connection.prepareStatement(INSERT);
        this.traceId = traceId;
    }

    /** The hash the store keys an event by: its own {@code hash}, or for an unhashed event that of its line. */
    static String identity(Event event, String line) {
        return event.hash() != null ? event.hash() : Hashes.sha256(line.getBytes(StandardCharsets.UTF_8));
    }

    /** Queues one event whose line and hash were prepared ahead; returns the hash it is stored under. */
    String add(Event event, PreparedRows.Row prepared, String toolName) throws SQLException {
        String line = prepared.line();
        String hash = prepared.hash();
        insert.setString(1, traceId);
        insert.setString(2, event.run());
        insert.setLong(3, event.seq());
        insert.setString(4, event.id());
        insert.setObject(5, OffsetDateTime.ofInstant(event.ts(), ZoneOffset.UTC));
        insert.setString(6, event.actor());
        insert.setString(7, event.type());
        insert.setString(8, toolName);
        insert.setBoolean(9, EventFacts.isError(event));
        insert.setString(10, hash);
        insert.setString(11, SearchText.of(toolName, event.data()));
        insert.setString(12, line);
        insert.addBatch();
        if (++pending == BATCH_SIZE) {
            flush();
        }
        return hash;
    }

    void flush() throws SQLException {
        if (pending > 0) {
            insert.executeBatch();
            pending = 0;
        }
    }

    @Override
    public void close() throws SQLException {
        insert.close();
    }
}
