package dev.forkline.trace.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code event_chunks} table: a trace's events in chunks of one run each, keyed by the run and the seq of the
 * chunk's first event. A chunk is written once and never changed; appending to a run adds chunks.
 */
final class ChunkTable {

    /** One chunk's row without its lines. */
    record Row(String runId, long firstSeq, long lastSeq, int eventCount, byte[] header) {
    }

    private ChunkTable() {
    }

    /**
     * Inserts chunks of one trace through one prepared statement, row by row, or in batches ({@link #forAppend} on
     * PostgreSQL). Batched rows are sent when about {@value #BATCH_BYTES} bytes are pending and by {@link #finish()};
     * either way they belong to the caller's transaction, so a failure leaves nothing written.
     */
    static final class Inserter implements AutoCloseable {
        /**
         * Pending bytes that send a batch. A team store answers each statement over the network; on a loaded machine
         * each answer also waits for the writer thread to be scheduled again, which cost more than the server's own
         * work per 1 MB chunk (docs/benchmarks.md, import.postgresql). A batch is one round trip.
         */
        static final long BATCH_BYTES = 16L << 20;

        private final PreparedStatement insert;
        private final String traceId;
        private final boolean batched;
        private long pendingBytes;
        private int pendingRows;

        Inserter(Connection connection, String traceId) throws SQLException {
            this(connection, traceId, false);
        }

        private Inserter(Connection connection, String traceId, boolean batched) throws SQLException {
            this.insert = connection.prepareStatement("INSERT INTO event_chunks (trace_id, run_id, first_seq, last_seq,"
                    + " event_count, header, lines) VALUES (?, ?, ?, ?, ?, ?, ?)");
            this.traceId = traceId;
            this.batched = batched;
        }

        /** For an import or append: batched on PostgreSQL, row by row on H2 (embedded: no round trips to save). */
        static Inserter forAppend(Connection connection, String traceId) throws SQLException {
            return new Inserter(connection, traceId, Dialect.of(connection) == Dialect.POSTGRESQL);
        }

        void insert(ChunkEncoder.Chunk chunk) throws SQLException {
            insert.setString(1, traceId);
            insert.setString(2, chunk.runId());
            insert.setLong(3, chunk.firstSeq());
            insert.setLong(4, chunk.lastSeq());
            insert.setInt(5, chunk.events().length);
            ByteParameters.set(insert, 6, chunk.header());
            ByteParameters.set(insert, 7, chunk.lines());
            if (!batched) {
                insert.executeUpdate();
                return;
            }
            insert.addBatch();
            pendingRows++;
            pendingBytes += chunk.header().length + chunk.lines().length;
            if (pendingBytes >= BATCH_BYTES) {
                finish();
            }
        }

        /** Sends the rows still pending (batched only); before anything else in the transaction reads the chunks. */
        void finish() throws SQLException {
            if (pendingRows == 0) {
                return;
            }
            insert.executeBatch();
            pendingRows = 0;
            pendingBytes = 0;
        }

        /** Closes the statement; rows not sent by {@link #finish()} are dropped (the transaction is failing). */
        @Override
        public void close() throws SQLException {
            insert.close();
        }
    }

    /** Reads the rows of one run after the other, each run's chunks in seq order. */
    static final class RunReader implements AutoCloseable {
        private final PreparedStatement query;

        RunReader(Connection connection, String traceId) throws SQLException {
            query = connection.prepareStatement(sql(connection));
            query.setString(1, traceId);
        }

        /**
         * One run's chunks of one trace (parameters: trace, run), ordered by the primary key's full column list so
         * that H2 reads in index order instead of sorting, by that key's both columns ({@link Dialect#primaryKeyHint}).
         */
        static String sql(Connection connection) throws SQLException {
            return "SELECT first_seq, last_seq, event_count, header FROM event_chunks"
                    + Dialect.of(connection).primaryKeyHint(connection, "event_chunks")
                    + " WHERE trace_id = ? AND run_id = ? ORDER BY trace_id, run_id, first_seq";
        }

        @FunctionalInterface
        interface RowConsumer {
            void accept(Row row) throws SQLException, StoreException;
        }

        /** Which rows to read, asked before a row's header is fetched. */
        @FunctionalInterface
        interface RowFilter {
            RowFilter ALL = (runId, firstSeq, eventCount) -> true;

            boolean wanted(String runId, long firstSeq, int eventCount);
        }

        void read(String runId, RowConsumer consumer) throws SQLException, StoreException {
            read(runId, RowFilter.ALL, consumer);
        }

        void read(String runId, RowFilter wanted, RowConsumer consumer) throws SQLException, StoreException {
            query.setString(2, runId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    long firstSeq = rows.getLong(1);
                    int eventCount = rows.getInt(3);
                    if (wanted.wanted(runId, firstSeq, eventCount)) {
                        consumer.accept(new Row(runId, firstSeq, rows.getLong(2), eventCount, rows.getBytes(4)));
                    }
                }
            }
        }

        @Override
        public void close() throws SQLException {
            query.close();
        }
    }

    /** A chunk's lines as {@link #splitLines} reads them, and how many bytes they took with their line breaks. */
    record SplitLines(byte[][] lines, long bytes) {
    }

    /**
     * A chunk's lines (its plain lines blob cut at each {@code '\n'}), or empty when there is no such chunk. The blob
     * itself, most of a megabyte, is dropped at once: kept, it would outlive young collections as a humongous object
     * (G1, 1 GB heap), which only a concurrent mark frees; the lines are small objects.
     *
     * @param expected       how many lines the chunk holds (more are not kept)
     * @param expectedLength how many bytes its lines blob was written with (read at that size, see {@link #lines})
     */
    static Optional<SplitLines> splitLines(Connection connection, String traceId, String runId, long firstSeq, int expected,
                                           int expectedLength) throws SQLException {
        return lines(connection, traceId, runId, firstSeq, expectedLength).map(blob -> split(blob, expected));
    }

    private static SplitLines split(byte[] blob, int expected) {
        byte[][] lines = new byte[expected][];
        int count = 0;
        int start = 0;
        for (int at = 0; at < blob.length && count < expected; at++) {
            if (blob[at] == '\n') {
                lines[count++] = Arrays.copyOfRange(blob, start, at);
                start = at + 1;
            }
        }
        return new SplitLines(count == expected ? lines : Arrays.copyOf(lines, count), blob.length);
    }

    /**
     * The lines blob of a chunk of a loaded trace, read into an array of the length its header recorded; a blob of
     * another length is read whole, for {@link ChunkLines#decodeChecked} to report. H2's {@code getBytes} of a BLOB grows
     * a buffer from 4 KB and copies it out at the end: three copies of every megabyte, most of the time a search of a
     * large trace spent reading its chunks (docs/benchmarks.md).
     */
    static Optional<byte[]> lines(Connection connection, String traceId, ChunkDirectory.Entry chunk) throws SQLException {
        return lines(connection, traceId, chunk.runId(), chunk.firstSeq(), chunk.storedLength());
    }

    /** A chunk's lines blob as stored (read as {@code expectedLength} bytes unless negative), or empty when there is no such chunk. */
    private static Optional<byte[]> lines(Connection connection, String traceId, String runId, long firstSeq, int expectedLength)
            throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT lines FROM event_chunks"
                + " WHERE trace_id = ? AND run_id = ? AND first_seq = ?")) {
            query.setString(1, traceId);
            query.setString(2, runId);
            query.setLong(3, firstSeq);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    return Optional.empty();
                }
                return Optional.of(expectedLength < 0 ? rows.getBytes(1) : readSized(rows, expectedLength));
            }
        }
    }

    private static byte[] readSized(ResultSet rows, int expectedLength) throws SQLException {
        try (InputStream in = rows.getBinaryStream(1)) {
            if (in == null) {
                return new byte[0];
            }
            byte[] bytes = new byte[expectedLength];
            int read = in.readNBytes(bytes, 0, expectedLength);
            if (read < expectedLength) {
                return Arrays.copyOf(bytes, read);
            }
            int next = in.read();
            if (next < 0) {
                return bytes;
            }
            ByteArrayOutputStream longer = new ByteArrayOutputStream(expectedLength + 8192);
            longer.write(bytes);
            longer.write(next);
            in.transferTo(longer);
            return longer.toByteArray();
        } catch (IOException e) {
            throw new SQLException("cannot read a chunk's lines: " + e.getMessage(), e);
        }
    }

    /** The seq of each run's last stored event. */
    static Map<String, Long> lastSeqs(Connection connection, String traceId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT run_id, MAX(last_seq) FROM event_chunks"
                + " WHERE trace_id = ? GROUP BY run_id")) {
            query.setString(1, traceId);
            try (ResultSet rows = query.executeQuery()) {
                Map<String, Long> last = new HashMap<>();
                while (rows.next()) {
                    last.put(rows.getString(1), rows.getLong(2));
                }
                return last;
            }
        }
    }
}
