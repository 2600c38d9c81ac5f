package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 2: events are stored as their lines in chunks ({@code event_chunks}) instead of a row per event.
 * Converts the events of a version 1 database ({@link EventRowsToChunks}) and drops the {@code events} table with its
 * indexes. Same rules as V1's SQL: standard SQL only (BLOB, which PostgreSQL spells BYTEA: {@link Dialect#binaryType()}), no DEFAULT, CHECK, generated
 * columns, triggers or routines; {@link Schema} names the new table.
 *
 * <p>H2 commits at every DDL statement, so this migration can be cut off part way and run again: while
 * {@code events} exists, nothing was converted for good (the chunks are committed together with the drop of
 * {@code events}), so {@code event_chunks} is made afresh; once {@code events} is gone, the conversion is complete.
 */
final class EventChunksMigration extends RerunnableMigration {

    static final String VERSION = "2";

    private static final String CREATE_TABLE = """
            CREATE TABLE event_chunks (
                trace_id    VARCHAR(512) NOT NULL,
                run_id      VARCHAR(512) NOT NULL,
                first_seq   BIGINT       NOT NULL,
                last_seq    BIGINT       NOT NULL,
                event_count INTEGER      NOT NULL,
                header      %1$s NOT NULL,
                lines       %1$s NOT NULL,
                CONSTRAINT event_chunks_pk PRIMARY KEY (trace_id, run_id, first_seq),
                CONSTRAINT event_chunks_trace_fk FOREIGN KEY (trace_id) REFERENCES traces (trace_id)
            )""";

    EventChunksMigration() {
        super(VERSION, "event chunks");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        boolean eventsTable = Tables.exist(connection, "EVENTS");
        boolean chunksTable = Tables.exist(connection, "EVENT_CHUNKS");
        if (!eventsTable && chunksTable) {
            return; // converted by an earlier run that was cut off before Flyway recorded it
        }
        try (Statement sql = connection.createStatement()) {
            if (chunksTable) {
                sql.execute("DROP TABLE event_chunks");
            }
            sql.execute(CREATE_TABLE.formatted(Dialect.of(connection).binaryType()));
            if (eventsTable) {
                EventRowsToChunks.convert(connection);
                sql.execute("DROP TABLE events");
            }
        }
    }
}
