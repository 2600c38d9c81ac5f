package dev.forkline.trace.store;

import dev.forkline.trace.EventCodec;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.payload.SessionStartData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 10: each run's row says whether its first event is marked imported (column {@code imported} of
 * {@code runs}: its session.start data has {@link SessionStartData#IMPORTED}), so that showing a trace of thousands of
 * runs need not read a chunk per run to tell an imported run from a recorded one ({@link RunTally} writes it;
 * {@link TraceStore#load} hands it on). Marks the runs stored before from the first line of each one's first chunk,
 * once; a run whose line cannot be read or parsed keeps it null (unknown), and the window reads that event as before,
 * reporting the damage.
 *
 * <p>Can be cut off part way and run again (H2 commits at every DDL statement): the column is added only when missing,
 * and only runs still without a mark are read.
 */
final class RunsImportedMigration extends RerunnableMigration {

    static final String VERSION = "10";
    private static final int MARKS_PER_BATCH = 1000;

    RunsImportedMigration() {
        super(VERSION, "runs first event imported");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        if (!Tables.haveColumn(connection, "RUNS", "IMPORTED")) {
            try (Statement sql = connection.createStatement()) {
                sql.execute("ALTER TABLE runs ADD COLUMN imported BOOLEAN");
            }
        }
        try (PreparedStatement firstLine = connection.prepareStatement("SELECT lines FROM event_chunks"
                + " WHERE trace_id = ? AND run_id = ? ORDER BY first_seq FETCH FIRST 1 ROWS ONLY");
             PreparedStatement mark = connection.prepareStatement("UPDATE runs SET imported = ? WHERE trace_id = ? AND run_id = ?")) {
            int batched = 0;
            for (Unmarked run : unmarked(connection)) {
                Boolean imported = firstEventImported(firstLine, run);
                if (imported != null) {
                    mark.setBoolean(1, imported);
                    mark.setString(2, run.traceId());
                    mark.setString(3, run.runId());
                    mark.addBatch();
                    if (++batched % MARKS_PER_BATCH == 0) {
                        mark.executeBatch();
                    }
                }
            }
            mark.executeBatch();
        }
    }

    private record Unmarked(String traceId, String runId) {
    }

    private static List<Unmarked> unmarked(Connection connection) throws SQLException {
        List<Unmarked> runs = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT trace_id, run_id FROM runs WHERE imported IS NULL");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                runs.add(new Unmarked(rows.getString(1), rows.getString(2)));
            }
        }
        return runs;
    }

    /** Whether the run's first stored line is marked imported; null when there is none or it does not read. */
    private static Boolean firstEventImported(PreparedStatement firstLine, Unmarked run) throws SQLException {
        firstLine.setString(1, run.traceId());
        firstLine.setString(2, run.runId());
        try (ResultSet rows = firstLine.executeQuery()) {
            if (!rows.next()) {
                return null;
            }
            byte[] line = untilNewline(rows.getBinaryStream(1));
            return EventCodec.parseLine(line, 0, line.length, "run '" + run.runId() + "'", 1).data().has(SessionStartData.IMPORTED);
        } catch (IOException | TraceFormatException e) {
            return null;
        }
    }

    /** The bytes before the first {@code '\n'} (a chunk's lines blob is read only as far as its first line). */
    private static byte[] untilNewline(InputStream in) throws IOException {
        if (in == null) {
            throw new IOException("no lines");
        }
        try (in) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int read = in.read(buffer); read > 0; read = in.read(buffer)) {
                for (int at = 0; at < read; at++) {
                    if (buffer[at] == '\n') {
                        line.write(buffer, 0, at);
                        return line.toByteArray();
                    }
                }
                line.write(buffer, 0, read);
            }
            return line.toByteArray();
        }
    }
}
